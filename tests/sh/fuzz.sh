#!/bin/sh
# make test's share of fuzzing: every target replays its committed corpus and
# fuzzes for FUZZ_TEST_SECONDS (default 4) seconds; `make fuzz` runs longer.
# (The figures file build/fuzz/figures.tsv gets these short runs too.)
cd "$(dirname "$0")/../.." || exit 2
# new inputs go to a directory of their own, so a long `make fuzz` corpus
# does not make this run longer
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
FUZZ_WORK=$work sh tests/fuzz/run.sh "${FUZZ_TEST_SECONDS:-4}"
