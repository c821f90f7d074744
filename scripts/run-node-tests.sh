#!/bin/sh
# Runs one folder of node tests (tests/NAME/*.test.mjs, node's test runner:
# the server's protocol tests through real WebSocket connections, the web
# table's in headless Chromium) against BUILD/uno, or the files of it named
# after NAME (tests/NAME/FILE.test.mjs); their counts go to
# BUILD/test-logs/NAME-summary ("tests/NAME: N passed, N failed"), or
# RUN-summary ("tests/RUN: ...") when UNO_TEST_RUN=RUN names the run (the
# server's tests on PostgreSQL: server-pg).
#   scripts/run-node-tests.sh BUILD NAME [FILE...]
set -u
build=$1 name=$2; shift 2
run=${UNO_TEST_RUN:-$name}
logs=$build/test-logs
mkdir -p "$logs"
files="tests/$name/"
[ $# -eq 0 ] || files=$(for f in "$@"; do echo "tests/$name/$f.test.mjs"; done)
# shellcheck disable=SC2086 # the files' names, one word each
UNO_BIN=$(pwd)/$build/uno UNO_SHOTS=$logs/$name-shots \
    node --test --test-reporter=tap $files >"$logs/$run.log" 2>&1
status=$?
grep -E "^# (tests|pass|fail)|^not ok|^# (leak|crash) test" "$logs/$run.log"
# A failure is shown by what TAP says of it (its YAML block: the error, the
# expected and actual values, the stack), at most 40 lines each, and the
# log's end for a run that died before it could say.
[ $status -eq 0 ] || {
    echo "=== tests/$run (FAILED): $logs/$run.log"
    awk '/^not ok/ && !/# TODO/ { on = 1; n = 0 } on && n++ < 40 { print } on && /^  \.\.\.$/ { on = 0 }' "$logs/$run.log"
    tail -n 15 "$logs/$run.log"
}
p=$(sed -n 's/^# pass \([0-9]*\)/\1/p' "$logs/$run.log"); f=$(sed -n 's/^# fail \([0-9]*\)/\1/p' "$logs/$run.log")
[ $status -eq 0 ] || [ "${f:-0}" -gt 0 ] || f=1 # died before counting
echo "tests/$run: ${p:-0} passed, ${f:-0} failed" | tee "$logs/$run-summary"
exit $status
