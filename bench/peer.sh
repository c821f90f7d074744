#!/bin/sh
# bench/peer.sh — `uno sim` against the npm package uno-engine (the most used
# JavaScript UNO engine), both playing 4-player games with the same random
# policy (bench/peer-uno-engine.js; docs/sim.md "The random policy").
#
# Installs uno-engine with npm into a scratch folder (once), plays G games
# with it on one core, then plays G games with `uno sim` under mattel on one
# thread and on all cores, and under classic and kpgut on one thread, and prints each
# throughput (games and actions per second) and its ratios to the peer's,
# against the project's goals. A KPGUT game is played until one player
# remains, about six times as many actions as the peer's hand: its fair
# comparison is per action. Then
# the memory: a game's state (uno bench prints uno_game_size) and the maximum
# resident size of `uno sim` over RSS_GAMES games (/usr/bin/time -v).
#
# Usage: bench/peer.sh [UNO_BINARY]         (make bench-peer)
# Env: PEER_GAMES (100000), REPS (5), RSS_GAMES (10000000; 0 skips), PEER_DIR
# (the scratch folder, default $TMPDIR/uno-peer).
#
# The machine should be otherwise idle: both engines are timed by the wall
# clock. Each figure is the best of REPS runs (the same for both engines:
# other work on the machine only ever slows a run down), and the runs take
# turns. CPU-time rates are printed too, as a check on a busy machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
uno=${1:-$here/../build/uno}
games=${PEER_GAMES:-100000}
reps=${REPS:-5}
rss_games=${RSS_GAMES:-10000000}
players=4
scratch=${PEER_DIR:-${TMPDIR:-/tmp}/uno-peer}
cores=$(nproc)

[ -x "$uno" ] || { echo "peer.sh: $uno: not built (make)" >&2; exit 1; }
command -v node >/dev/null && command -v npm >/dev/null ||
    { echo "peer.sh: node and npm are needed" >&2; exit 1; }

mkdir -p "$scratch"
if [ ! -f "$scratch/node_modules/uno-engine/package.json" ]; then
    echo "installing uno-engine into $scratch ..."
    (cd "$scratch" && { [ -f package.json ] || npm init -y >/dev/null 2>&1; } &&
        npm install --no-audit --no-fund uno-engine >/dev/null 2>&1)
fi
cp "$here/peer-uno-engine.js" "$scratch/"
version=$(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' "$scratch/node_modules/uno-engine/package.json")

# field NAME LINE: the number after NAME= in a key=value line
field() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }

echo "uno-engine $version (node $(node --version)), $players players, $games games, 1 core, best of $reps runs ..."
peer_run() {
    line=$(cd "$scratch" && node peer-uno-engine.js "$games" "$players")
    echo "$(field games_per_s "$line") $(field cpu_games_per_s "$line") $(field actions_per_s "$line")"
}

# sim RULES THREADS: prints "games_per_s cpu_games_per_s actions_per_s" of `uno sim`
sim() {
    line=$("$uno" sim --rules "$1" --players "$players" --games "$games" --threads "$2" \
        --seed 1 2>&1 >/dev/null | grep '^uno sim:')
    rate=$(printf '%s\n' "$line" | sed -n 's/.* s: \([0-9]*\) games\/s.*/\1/p')
    actions=$(printf '%s\n' "$line" | sed -n 's/.* \([0-9]*\) actions\/s.*/\1/p')
    cpu=$(printf '%s\n' "$line" | sed -n 's/.*cpu \([0-9.]*\) s.*/\1/p')
    echo "$rate $(awk -v g="$games" -v c="$cpu" 'BEGIN { printf "%.0f", (c > 0 ? g / c : 0) }') $actions"
}

# The runs take turns (the peer, then each `uno sim` run, REPS times), so
# that a slow spell of the machine falls on all of them alike; each keeps
# its best "rate cpu_rate" line in $out/NAME.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
keep() { # NAME COMMAND...: runs the command, keeps its line if its rate is the best yet
    name=$1
    shift
    line=$("$@")
    if [ ! -f "$out/$name" ] || [ "${line%% *}" -gt "$(cut -d' ' -f1 "$out/$name")" ]; then
        echo "$line" >"$out/$name"
    fi
}
i=0
while [ "$i" -lt "$reps" ]; do
    keep peer peer_run
    keep mattel1 sim mattel 1
    keep mattelN sim mattel "$cores"
    keep classic1 sim classic 1
    keep kpgut1 sim kpgut 1
    i=$((i + 1))
done
read -r peer peer_cpu peer_actions <"$out/peer"

report() { # LABEL NAME GOAL
    read -r r c a <"$out/$2"
    awk -v l="$1" -v r="$r" -v c="$c" -v a="$a" -v p="$peer" -v pc="$peer_cpu" -v pa="$peer_actions" \
        -v goal="$3" 'BEGIN {
        printf "%-28s %10d games/s  %7.1fx the peer  (%s; by CPU time %.1fx); %6.1fM actions/s  %5.1fx the peer\n",
               l, r, r / p, (goal == "-" ? "no goal" : "goal " goal "x"), (pc > 0 ? c / pc : 0), a / 1e6, a / pa }'
}

printf '%-28s %10d games/s  (by CPU time %d); %6.1fM actions/s\n' "uno-engine $version, 1 core" \
    "$peer" "$peer_cpu" "$(awk -v a="$peer_actions" 'BEGIN { print a / 1e6 }')"
report "uno sim mattel, 1 thread" mattel1 50
report "uno sim mattel, $cores threads" mattelN 100
report "uno sim classic, 1 thread" classic1 -
report "uno sim kpgut, 1 thread" kpgut1 30

"$uno" bench | head -1
if [ "$rss_games" -gt 0 ] && [ -x /usr/bin/time ]; then
    rss=$(/usr/bin/time -v "$uno" sim --rules mattel --players "$players" --games "$rss_games" \
        --seed 1 2>&1 >/dev/null | sed -n 's/.*Maximum resident set size (kbytes): //p')
    awk -v k="$rss" -v g="$rss_games" 'BEGIN {
        printf "uno sim, %d games, %d threads: max resident %.1f MiB (goal < 50 MiB)\n", g, '"$cores"', k / 1024 }'
fi
