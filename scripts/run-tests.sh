#!/bin/sh
# Runs the test programs, as many at once as there are cores, and prints
# each one's output in one piece as it finishes. Ends with the sum of
# cmocka's counts, "tests/NAME: N passed, N failed", also written to
# BUILD/test-logs/NAME-summary. UNO_BIN points the binary-level tests at
# the uno built alongside them.
#   scripts/run-tests.sh BUILD NAME PROG...
#
# A program named PROG@K runs as K processes, the i-th with UNO_SHARD=i/K,
# each doing its share of the work (the soak's games); they start first,
# so that the long ones keep every core busy from the start.
set -u
build=$1 name=$2; shift 2
UNO_BIN=$(pwd)/$build/uno; export UNO_BIN
UNO_ROOT=$(pwd); export UNO_ROOT
logs=$build/test-logs
mkdir -p "$logs"
runs=""
for t in "$@"; do
    case $t in
    *@*) k=${t#*@}; i=0; while [ "$i" -lt "$k" ]; do runs="$runs ${t%@*}@$i/$k"; i=$((i + 1)); done ;;
    esac
done
for t in "$@"; do
    case $t in *@*) ;; *) runs="$runs $t" ;; esac
done
for t in $runs; do echo "$t"; done | xargs -P "$(nproc)" -I{} sh -c '
    prog=${2%@*}; shard=""
    case $2 in *@*) shard=${2#*@} ;; esac
    log="$1/$(echo "$2" | tr /@ __).log"
    start=$(date +%s)
    if UNO_SHARD=$shard "$prog" >"$log" 2>&1; then status=ok; else status=FAILED; fi
    echo "$status" >"$log.status"
    { echo "=== $2 ($status, $(( $(date +%s) - start ))s)"; cat "$log"; } ' _ "$logs" {}
passed=0; failed=0; broken=""
for t in $runs; do
    log="$logs/$(echo "$t" | tr /@ __).log"
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$(cat "$log.status" 2>/dev/null)" != ok ]; then
        broken="$broken $t"
        [ "$f" -eq 0 ] && failed=$((failed + 1)) # crashed or failed outside cmocka
    fi
done
[ -n "$broken" ] && echo "failing programs:$broken"
echo "tests/$name: $passed passed, $failed failed" | tee "$logs/$name-summary"
[ -z "$broken" ]
