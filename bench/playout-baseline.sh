#!/bin/sh
# bench/playout-baseline.sh — the engine's `uno sim` against the playout's.
#
# Games between random bots are played by a second, compact copy of the
# rules (the playout, src/sim/playout.c) because the engine is about 0.6
# times as fast (docs/sim.md "The engine against the playout"). This script builds
# a pinned commit whose `uno sim` plays on the playout in a scratch folder
# (a yardstick that stays put while the engine changes), then runs its
# `uno sim` (the playout) and this tree's `uno sim` on the engine's trusted
# path, taking turns, REPS times each, for mattel, classic and kpgut (random
# bots, 4 players), and prints the best games/s and actions/s of both and
# their ratio (engine / playout) per rule set and thread count.
#
# Usage: bench/playout-baseline.sh [UNO_BINARY [COMMIT]]   (make bench-playout)
#   UNO_BINARY  this tree's build (default build/uno)
#   COMMIT      the playout's commit (default: the one pinned below)
# Env: REPS (5), THREADS ("1 2": thread counts to run), GAMES (1000000 under
# mattel and classic), KPGUT_GAMES (200000), BASE_DIR (the scratch folder
# the commit is built in, kept for the next run; default
# $TMPDIR/uno-playout-COMMIT).
#
# Each figure is the best of REPS runs: other work on a shared machine only
# ever slows a run down, and the two binaries take turns so that a slow
# spell falls on both alike. Run it on an otherwise idle machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
uno=${1:-$here/../build/uno}
# A commit whose `uno sim` plays random bots with the playout; once the
# playout is deleted, the parent of the commit that deletes it.
commit=${2:-99272bcd501980a0e3471e661d20b722743f9177}
reps=${REPS:-5}
threads=${THREADS:-1 2}
games=${GAMES:-1000000}
kpgut_games=${KPGUT_GAMES:-200000}
base=${BASE_DIR:-${TMPDIR:-/tmp}/uno-playout-$(printf %.12s "$commit")}

[ -x "$uno" ] || { echo "playout-baseline.sh: $uno: not built (make)" >&2; exit 1; }
# Until the playout is gone, this tree's own `uno sim` would use it too:
# --engine sends its games to the engine.
engine_flag=
"$uno" sim --help | grep -q -- '--engine' && engine_flag=--engine

if [ ! -x "$base/build/uno" ]; then
    echo "building $commit into $base ..."
    mkdir -p "$base"
    git -C "$here/.." archive "$commit" | tar -x -C "$base"
    nice make -C "$base" -j2 build/uno >"$base/build.log" 2>&1 ||
        { echo "playout-baseline.sh: the build failed, see $base/build.log" >&2; exit 1; }
fi
playout=$base/build/uno

# sim UNO RULES THREADS [FLAG]: prints "games_per_s actions_per_s" of one run
sim() {
    n=$games
    [ "$2" = kpgut ] && n=$kpgut_games
    line=$("$1" sim --rules "$2" --players 4 --games "$n" --threads "$3" --seed 1 ${4:+"$4"} \
        2>&1 >/dev/null | grep '^uno sim:')
    printf '%s\n' "$line" | sed -n 's/.* s: \([0-9]*\) games\/s.* \([0-9]*\) actions\/s.*/\1 \2/p'
}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
keep() { # NAME LINE: keeps the line if its rate is the best yet
    if [ ! -f "$out/$1" ] || [ "${2%% *}" -gt "$(cut -d' ' -f1 "$out/$1")" ]; then
        echo "$2" >"$out/$1"
    fi
}

# The machine's load, before and after: figures from a busy machine say little.
load() { [ -r /proc/loadavg ] && echo "load average $1: $(cut -d' ' -f1-3 /proc/loadavg)" || true; }
echo "the playout at $(printf %.12s "$commit") against the engine of $uno, 4 random players, best of $reps"
load "at the start"
i=0
while [ "$i" -lt "$reps" ]; do
    for r in mattel classic kpgut; do
        for t in $threads; do
            keep "playout-$r-$t" "$(sim "$playout" "$r" "$t")"
            keep "engine-$r-$t" "$(sim "$uno" "$r" "$t" "$engine_flag")"
        done
    done
    i=$((i + 1))
done

printf '%-8s %7s %12s %12s %12s %12s %7s\n' rules threads "playout g/s" "engine g/s" \
    "playout a/s" "engine a/s" ratio
for r in mattel classic kpgut; do
    for t in $threads; do
        read -r pg pa <"$out/playout-$r-$t"
        read -r eg ea <"$out/engine-$r-$t"
        awk -v r="$r" -v t="$t" -v pg="$pg" -v pa="$pa" -v eg="$eg" -v ea="$ea" 'BEGIN {
            printf "%-8s %7d %12d %12d %12d %12d %7.2f\n", r, t, pg, eg, pa, ea, eg / pg }'
    done
done
load "at the end"
