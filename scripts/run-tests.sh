#!/bin/sh
# Runs every test program; each prints cmocka's summary. UNO_BIN points the
# binary-level tests at the uno built alongside them.
set -u
build=$1; shift
UNO_BIN=$(pwd)/$build/uno; export UNO_BIN
UNO_ROOT=$(pwd); export UNO_ROOT
failed=0; passed=0
for t in "$@"; do
    if "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $t"; fi
done
echo "test programs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
