#!/bin/sh
# make test's share of fuzzing: every target replays its committed corpus and
# fuzzes for FUZZ_TEST_SECONDS (default 4) seconds; `make fuzz` runs longer.
cd "$(dirname "$0")/../.." || exit 2
exec sh tests/fuzz/run.sh "${FUZZ_TEST_SECONDS:-4}"
