#!/bin/sh
# Runs every test program, as many at once as there are cores, and prints
# each one's output in one piece as it finishes. Ends with the sum of
# cmocka's counts: "tests: N passed, N failed". UNO_BIN points the
# binary-level tests at the uno built alongside them.
set -u
build=$1; shift
UNO_BIN=$(pwd)/$build/uno; export UNO_BIN
UNO_ROOT=$(pwd); export UNO_ROOT
logs=$build/test-logs
rm -rf "$logs"; mkdir -p "$logs"
for t in "$@"; do echo "$t"; done | xargs -P "$(nproc)" -I{} sh -c '
    log="$1/$(echo "$2" | tr / _).log"
    start=$(date +%s)
    if "$2" >"$log" 2>&1; then status=ok; else status=FAILED; fi
    echo "$status" >"$log.status"
    { echo "=== $2 ($status, $(( $(date +%s) - start ))s)"; cat "$log"; } ' _ "$logs" {}
passed=0; failed=0; broken=""
for t in "$@"; do
    log="$logs/$(echo "$t" | tr / _).log"
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$(cat "$log.status" 2>/dev/null)" != ok ]; then
        broken="$broken $t"
        [ "$f" -eq 0 ] && failed=$((failed + 1)) # crashed or failed outside cmocka
    fi
done
[ -n "$broken" ] && echo "failing programs:$broken"
echo "tests: $passed passed, $failed failed" | tee "$logs/summary"
[ -z "$broken" ]
