#!/bin/sh
# The build's dependencies are honest: a changed header compiles again every
# file that includes it (the tests', the examples' and the fuzzers' too), and
# changed flags compile again what they compile, and a checked build keeps
# its own optimisation level. Asks make what it would do
# (-n, and -W: as if the header were new), so nothing is built or touched.
#   scripts/check-deps.sh BUILD     (after `make BUILD's uno and tests`)
set -eu
build=$1
case $build in build-san) mode=SAN=1 ;; build-tsan) mode=TSAN=1 ;; *) mode= ;; esac
targets="$build/uno $build/libuno.a $build/libuno.so.2.0.0 $build/fuzz-transcripts $(ls tests/*/test_*.c | sed "s|^tests/\(.*\)\.c$|$build/tests/\1|")"
targets="$targets $(ls examples/*.c | sed "s|^examples/\(.*\)\.c$|$build/examples/\1|")"
for f in build-fuzz/fuzz_*; do [ -x "$f" ] && targets="$targets $f"; done
fuzzers_built=$(ls build-fuzz/fuzz_* 2>/dev/null | head -n 1)

missed=0 headers=0
for h in $(git ls-files 'include/*.h' 'src/*.h' 'tests/*.h'); do
    headers=$((headers + 1))
    # the ways a file may name it: from include/, src/ or tests/, or from its own folder
    named=$(echo "$h" | sed 's#^\(include\|src\|tests\)/##')
    would=$(make -n $mode -W "$h" $targets 2>/dev/null)
    for c in $(git grep -l -E "#include \"($named|$(basename "$h"))\"" -- '*.c'); do
        case $c in
        fuzz/transcripts.c) ;;
        fuzz/*) [ -n "$fuzzers_built" ] || continue ;;
        src/*/*.c | tests/*/*.c | examples/*.c) ;;
        *) continue ;;
        esac
        # a file in another folder naming it by its bare name includes a header of its own folder
        if [ "$(basename "$h")" != "$named" ] && ! grep -q "#include \"$named\"" "$c" &&
           [ "$(dirname "$c")" != "$(dirname "$h")" ]; then continue; fi
        if ! echo "$would" | grep -q -- " $c\( \|$\)"; then
            echo "check-deps: $c includes $h, but make would not compile it again when $h changes"
            missed=$((missed + 1))
        fi
    done
done

# Flags: an object made with some flags is up to date for them, not for others.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
object=$scratch/obj/src/engine/card.o
make -s BUILD="$scratch" LTO= "$object" >/dev/null
flags_ok=yes
make -q BUILD="$scratch" LTO= "$object" || { echo "check-deps: an object is rebuilt with the same flags"; flags_ok=no; }
if make -q BUILD="$scratch" LTO= OPT=-O0 "$object"; then
    echo "check-deps: an object made with -O2 counts as up to date for -O0"; flags_ok=no
fi

# A checked build (SAN, TSAN) compiles the hot files at its own level, not
# with the release's -O3.
if [ -n "$mode" ] && make -n $mode -W src/engine/turn.c "$build/obj/src/engine/turn.o" | grep -q -- ' -O3 '; then
    echo "check-deps: $build compiles src/engine/turn.c with the release's -O3"; flags_ok=no
fi

[ $missed -eq 0 ] && [ $flags_ok = yes ] || exit 1
echo "check-deps: $headers headers, each compiling again every file that includes it; a change of flags compiling again"
