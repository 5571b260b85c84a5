#!/bin/sh
# scripts/web-bundle.mjs (make web-assets): every page of a folder gets one script and one stylesheet,
# whatever its name or folder, with no list of pages anywhere: pages made here (one in a subfolder, a
# module importing another, a script named from the root, two stylesheets, an SVG named by one) are
# bundled; a page that names a missing file stops the build with its name.
# Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
need_cmd node "make test-deps, Debian package nodejs"
[ -d node_modules/esbuild ] || skip_suite "node_modules/esbuild is missing (npm ci)"
d=$tmp/site
mkdir -p "$d/js" "$d/css" "$d/drills" "$d/pieces"
printf 'export const word = "from-the-import";\n' >"$d/js/lib.js"
printf 'import { word } from "./lib.js";\ndocument.body.dataset.word = word;\n' >"$d/js/one.js"
printf 'document.body.dataset.two = "second-script";\n' >"$d/js/two.js"
printf 'body { color: #123456; }\n' >"$d/css/a.css"
printf 'piece { background-image: url(../pieces/p.svg); }\n' >"$d/css/b.css"
printf '<svg xmlns="http://www.w3.org/2000/svg"><text>P</text></svg>\n' >"$d/pieces/p.svg"
cat >"$d/page.html" <<'HTML'
<!doctype html>
<html><head>
<link rel="icon" href="pieces/p.svg">
<link rel="stylesheet" href="css/a.css">
<link rel="stylesheet" href="css/b.css">
<script type="module" src="js/one.js"></script>
<script type="module" src="js/two.js"></script>
</head><body><p>text kept</p></body></html>
HTML
# a page added in a folder of its own, its script named from the site's root
cat >"$d/drills/new.html" <<'HTML'
<!doctype html>
<html><head><link rel="stylesheet" href="../css/a.css"><script type="module" src="/js/one.js"></script></head><body></body></html>
HTML
node scripts/web-bundle.mjs "$d" >"$tmp/out" 2>&1; expect_eq "the bundling succeeds" 0 $?
page=$(cat "$d/page.html")
case $page in *'<link rel="stylesheet" href="bundle/page.css">'*'<script type="module" src="bundle/page.js"></script>'*) ok ;; *) fail "the page names its two bundles: $page" ;; esac
expect_eq "its own tags gone, one of each left" "1 1" "$(grep -c 'rel="stylesheet"' "$d/page.html") $(grep -c '<script' "$d/page.html")"
check_has() { if grep -q -- "$2" "$3"; then ok; else fail "$1: no '$2' in $3"; fi; }
check_has "the icon link stays" 'rel="icon" href="pieces/p.svg"' "$d/page.html"
check_has "the body stays" '<p>text kept</p>' "$d/page.html"
check_has "the bundle holds the imported module" 'from-the-import' "$d/bundle/page.js"
check_has "and the second script" 'second-script' "$d/bundle/page.js"
expect_eq "the scripts in their order" 1 "$(awk '/from-the-import/ {a=NR} /second-script/ {b=NR} END {print (a < b)}' "$d/bundle/page.js")"
check_has "a linked source map" 'sourceMappingURL=page.js.map' "$d/bundle/page.js"
check_has "the map holds the sources" 'document.body.dataset.word' "$d/bundle/page.js.map"
check_has "the stylesheets in one" '#123456' "$d/bundle/page.css"
check_has "the SVG a stylesheet names, inlined" 'url(.data:image/svg+xml,<svg' "$d/bundle/page.css"
check_has "a page in a folder: its bundles named from there" 'src="../bundle/drills-new.js"' "$d/drills/new.html"
check_has "and its script named from the root bundled" 'from-the-import' "$d/bundle/drills-new.js"
# a page naming a file that is not there: exit 1 and the page and file named
printf '<html><head><script type="module" src="js/gone.js"></script></head></html>\n' >"$d/bad.html"
node scripts/web-bundle.mjs "$d" >"$tmp/out" 2>&1; expect_eq "a missing script: exit 1" 1 $?
check_has "its message names the page and the file" 'web-bundle: bad.html: js/gone.js is missing' "$tmp/out"
printf 'import "./nowhere.js";\n' >"$d/js/gone.js"
node scripts/web-bundle.mjs "$d" >"$tmp/out" 2>&1; expect_eq "an import of nothing: exit 1" 1 $?
check_has "the module and line named" 'js/gone.js:1:' "$tmp/out"
end_suite
