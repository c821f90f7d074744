#!/bin/sh
# A short smoke run of each fuzzer over its seed corpus (fuzz/corpus/NAME).
set -eu
for f in "$@"; do
    name=$(basename "$f")
    corpus=fuzz/corpus/$name
    mkdir -p "build-fuzz/corpus-$name"
    echo "fuzzing $name for ${UNO_FUZZ_SECONDS:-20}s"
    "$f" -max_total_time="${UNO_FUZZ_SECONDS:-20}" -max_len=4096 -print_final_stats=1 \
        "build-fuzz/corpus-$name" $( [ -d "$corpus" ] && echo "$corpus" ) 2>&1 | tail -n 12
done
