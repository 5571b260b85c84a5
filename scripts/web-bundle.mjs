#!/usr/bin/env node
// scripts/web-bundle.mjs DIR: each page of DIR gets one script and one stylesheet (make web-assets runs it on
// build/web).  A page's module scripts import others (shogiground's are three levels deep) and a browser asks
// for each level only after the one before arrived: the game page was 30 requests before its board could draw.
// For every DIR/**/*.html (vendor/ and bundle/ aside) this bundles, with esbuild (npm, pinned in
// package-lock.json):
//   - its <script type="module" src=...> tags, in their order, into DIR/bundle/PAGE.js (one ES module, not
//     minified: readable as it is, and the GPL's shogiground is sent in a form one can read and change; with
//     a linked source map holding the sources, so the browser's debugger shows the files);
//   - its <link rel="stylesheet" href=...> tags, in their order, into DIR/bundle/PAGE.css, the SVG images they
//     name (the pieces) inlined as data: URLs (the CSP allows data: images), so the board costs no request;
// and rewrites the page to name the two bundles where its first script and stylesheet were.  Nothing names a
// page here: a page added to src/web/assets is bundled as it is.  The sources stay in DIR beside the bundles.
// Exit status 1 when a page names a file that is missing or a module does not build.
import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname, relative, posix } from 'node:path';

const dir = process.argv[2];
if (!dir || process.argv[3]) {
  process.stderr.write('usage: web-bundle.mjs DIR\n');
  process.exit(2);
}

// every .html under dir, as a path relative to it
function pages(sub = '') {
  const out = [];
  for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!sub && (e.name === 'vendor' || e.name === 'bundle')) continue;
      out.push(...pages(rel));
    } else if (e.name.endsWith('.html')) out.push(rel);
  }
  return out.sort();
}

const attr = (tag, name) => (tag.match(new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i')) || [])[1];
// a page's own file (not another site's, not a data: URL)
const local = (url) => url && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);

let failed = false;
const fail = (msg) => {
  process.stderr.write(`web-bundle: ${msg}\n`);
  failed = true;
};

// the tags of html that match re and pass keep, with the URL each names
function tags(html, re, keep, urlAttr) {
  return [...html.matchAll(re)].map((m) => ({ text: m[0], url: attr(m[0], urlAttr) })).filter((t) => keep(t.text) && local(t.url));
}

// html with the tags removed and `replacement` where the first of them was
function replace(html, found, replacement) {
  if (!found.length) return html;
  const [head, ...rest] = found;
  html = html.replace(head.text, () => replacement);
  for (const t of rest) {
    const at = html.indexOf(t.text);
    const end = at + t.text.length;
    html = html.slice(0, at) + html.slice(html[end] === '\n' ? end + 1 : end); // the tag's line goes with it
  }
  return html;
}

async function bundle(page) {
  const path = join(dir, page);
  const from = dirname(path);
  let html = readFileSync(path, 'utf8');
  const name = page.replace(/\.html$/, '').replaceAll('/', '-');
  const toBundle = posix.relative(posix.dirname(page) || '.', `bundle/${name}`);
  const scripts = tags(html, /<script\b[^>]*><\/script>/gi, (t) => /\stype\s*=\s*"module"/i.test(t), 'src');
  const styles = tags(html, /<link\b[^>]*>/gi, (t) => /\srel\s*=\s*"stylesheet"/i.test(t) && !/\smedia\s*=/i.test(t), 'href');
  for (const t of [...scripts, ...styles]) {
    const file = t.url.startsWith('/') ? join(dir, t.url) : join(from, t.url);
    if (!existsSync(file)) fail(`${page}: ${t.url} is missing`);
  }
  if (failed) return;
  // a script or stylesheet named from the site's root ("/js/x.js") is read from dir
  const spec = (url) => JSON.stringify(url.startsWith('/') ? relative(from, join(dir, url)) || '.' : url.startsWith('.') ? url : `./${url}`);
  const common = { bundle: true, write: true, minify: false, sourcemap: 'linked', sourcesContent: true, logLevel: 'silent' };
  try {
    if (scripts.length) {
      await esbuild.build({
        ...common,
        stdin: { contents: scripts.map((t) => `import ${spec(t.url)};`).join('\n'), resolveDir: from, sourcefile: page, loader: 'js' },
        outfile: join(dir, 'bundle', `${name}.js`),
        format: 'esm',
        target: 'es2020',
      });
      html = replace(html, scripts, `<script type="module" src="${toBundle}.js"></script>`);
    }
    if (styles.length) {
      await esbuild.build({
        ...common,
        stdin: { contents: styles.map((t) => `@import ${spec(t.url)};`).join('\n'), resolveDir: from, sourcefile: page, loader: 'css' },
        outfile: join(dir, 'bundle', `${name}.css`),
        loader: { '.svg': 'dataurl', '.png': 'file', '.woff2': 'file' },
        assetNames: '[name]-[hash]',
      });
      html = replace(html, styles, `<link rel="stylesheet" href="${toBundle}.css">`);
    }
  } catch (e) {
    const errs = e.errors || [{ text: String(e) }];
    for (const m of errs) fail(`${page}: ${m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ` : ''}${m.text}`);
    return;
  }
  writeFileSync(path, html);
}

for (const page of pages()) await bundle(page);
process.exit(failed ? 1 : 0);
