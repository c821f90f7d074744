#!/bin/sh
# The server's protocol tests (tests/server/*.test.mjs, node's test runner
# with real WebSocket connections) against BUILD/uno; their counts go to
# BUILD/test-logs/server-summary ("tests: N passed, N failed").
set -u
build=$1
logs=$build/test-logs
mkdir -p "$logs"
UNO_BIN=$(pwd)/$build/uno node --test --test-reporter=tap tests/server/ >"$logs/server.log" 2>&1
status=$?
grep -E "^# (tests|pass|fail)|^not ok" "$logs/server.log"
[ $status -eq 0 ] || { echo "=== tests/server (FAILED): $logs/server.log"; tail -n 60 "$logs/server.log"; }
p=$(sed -n 's/^# pass \([0-9]*\)/\1/p' "$logs/server.log"); f=$(sed -n 's/^# fail \([0-9]*\)/\1/p' "$logs/server.log")
[ $status -eq 0 ] || [ "${f:-0}" -gt 0 ] || f=1 # died before counting
echo "tests/server: ${p:-0} passed, ${f:-0} failed" | tee "$logs/server-summary"
exit $status
