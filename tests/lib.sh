# The harness of the shell suites tests/sh/*.sh, sourced as their first line:
#   . "$(dirname "$0")/../lib.sh"
# It cds to the top of the checkout, makes $tmp (a temporary directory,
# removed on exit with whatever on_exit added) and gives:
#   ok                      one check passed
#   fail MESSAGE...         one check failed: prints "FAIL MESSAGE"
#   bad MESSAGE             fail MESSAGE; a suite redefines it to show more
#                           (its output files) after the FAIL line
#   expect NAME STATUS COND...  passes when $rc is STATUS and every COND (a
#                           shell command, eval'd) holds; else calls bad with
#                           the first that does not
#   expect_eq NAME WANT GOT passes when the two strings are equal
#   skip WHY                a part of the suite not run: counted, "skip: WHY"
#   skip_suite WHY          the whole suite cannot run: "skip: WHY", exit 77
#   need_cmd CMD HOW        skip_suite unless CMD is on PATH (HOW: how to get it)
#   need_exe FILE HOW       skip_suite unless FILE is an executable
#   on_exit COMMAND         run COMMAND (eval'd) on exit, before $tmp goes
#   end_suite               the closing line "N passed, N failed[, N skipped]"
#                           and the exit status (1 when a check failed)
# The counters are $passed, $failed, $skips.  tests/run.sh reads the closing
# line, and exit status 77 as a skipped suite (tests/README.md).
cd "$(dirname "$0")/../.." || exit 2
passed=0; failed=0; skips=0
tmp=$(mktemp -d)
_on_exit=""
on_exit() { _on_exit="$_on_exit
$1"; }
_lib_exit() { eval "$_on_exit"; rm -rf "$tmp"; }
trap _lib_exit EXIT

ok()   { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
bad()  { fail "$1"; }
expect() {
    _name=$1; _want=$2; shift 2
    if [ "$rc" -ne "$_want" ]; then bad "$_name (exit $rc, wanted $_want)"; return; fi
    for _c in "$@"; do
        if ! eval "$_c"; then bad "$_name ($_c)"; return; fi
    done
    ok
}
expect_eq() { # name, expected, actual
    if [ "$2" = "$3" ]; then ok; else fail "$1: expected [$2], got [$3]"; fi
}
skip() { skips=$((skips + 1)); echo "skip: $*"; }
skip_suite() { echo "skip: $*"; exit 77; }
need_cmd() { command -v "$1" >/dev/null 2>&1 || skip_suite "$1 is not installed (${2:-make test-deps})"; }
need_exe() { [ -x "$1" ] || skip_suite "$1 is missing (${2:-make})"; }
end_suite() {
    if [ "$skips" -gt 0 ]; then echo "$passed passed, $failed failed, $skips skipped"
    else echo "$passed passed, $failed failed"; fi
    [ "$failed" -eq 0 ]
    exit
}
