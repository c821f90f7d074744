#!/bin/sh
# The Open MPI variant of `uno sim` (make uno-mpi, docs/sim.md "MPI"): two
# ranks on this machine must print exactly the summary one process prints for
# the same seed, and their CSV parts must join into the same file.
# Usage: scripts/test-mpi.sh BUILD_DIR
set -eu
build=$1
if ! command -v mpirun >/dev/null 2>&1; then
    echo "test-mpi: mpirun not found (apt-get install openmpi-bin): skipped"
    exit 0
fi
as_root=""
[ "$(id -u)" -ne 0 ] || as_root="--allow-run-as-root"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
check() {
    "$build/uno" sim "$@" --threads 2 --csv "$tmp/one.csv" >"$tmp/one.out" 2>"$tmp/one.err"
    mpirun $as_root --oversubscribe -np 2 "$build/uno-mpi" sim "$@" --threads 1 \
        --csv "$tmp/two.csv" >"$tmp/two.out" 2>"$tmp/two.err"
    if cmp -s "$tmp/one.out" "$tmp/two.out" && cmp -s "$tmp/one.csv" "$tmp/two.csv"; then
        echo "test-mpi: ok: sim $*"
    else
        echo "test-mpi: FAILED: sim $* (one process vs 2 ranks)"
        diff "$tmp/one.out" "$tmp/two.out" | head -20
        cat "$tmp/two.err"
        failed=1
    fi
}
check --rules mattel --players 4 --games 20001 --seed 7
check --rules kpgut --players 6 --games 3001 --seed 3 --json --bots heuristic,random,random,random,random,random
[ "$failed" -eq 0 ]
