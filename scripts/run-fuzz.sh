#!/bin/sh
# A short run of each fuzzer over its seed corpora (fuzz/corpus/NAME, and the
# whole games of `make fuzz-corpus` in build-fuzz/seed-NAME), for
# UNO_FUZZ_SECONDS each (default 20), on inputs of up to 64 KiB (a whole
# KPGUT game's requests). A crash fails the run and its output (with the
# crashing input's file) is printed whole.
set -u
status=0
for f in "$@"; do
    name=$(basename "$f")
    corpus=fuzz/corpus/$name
    work=build-fuzz/corpus-$name
    log=build-fuzz/$name.log
    mkdir -p "$work"
    echo "fuzzing $name for ${UNO_FUZZ_SECONDS:-20}s"
    seeds=build-fuzz/seed-$name
    if "$f" -max_total_time="${UNO_FUZZ_SECONDS:-20}" -max_len=65536 -print_final_stats=1 \
        -artifact_prefix=build-fuzz/ "$work" $( [ -d "$corpus" ] && echo "$corpus" ) \
        $( [ -d "$seeds" ] && echo "$seeds" ) >"$log" 2>&1; then
        grep -E "^Done|number_of_executed_units|new_units_added" "$log"
    else
        cat "$log"
        echo "FAILED: $name"
        status=1
    fi
done
exit $status
