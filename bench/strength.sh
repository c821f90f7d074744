#!/bin/sh
# ISMCTS's strength against its budget (docs/bots.md "Strength"): Mattel on
# duplicate deals, ISMCTS at rising iteration budgets against heuristic bots
# in every other seat, through `uno arena` (seed 7, niced). Prints the table
# and draws the curve (win rate with its 95% interval against the budget, and
# the parity line) as SVG.
#   sh bench/strength.sh [UNO] [DEALS] [SVG] [PLAYERS] [BUDGETS]
# PLAYERS: 2 by default (budgets 30 to 3,000); otherwise the budgets are 300
# to 30,000. BUDGETS: a quoted list of iteration counts. THREADS=T: the
# arena's threads (all cores by default). KEEP=FILE keeps the measured rows
# ("budget games rate lo hi", rates in %); ROWS=FILE plays nothing and draws
# the curve from such rows (runs of many deals at large budgets take hours,
# and are better kept than repeated).
set -eu
uno=${1:-build/uno}
deals=${2:-500}
svg=${3:-docs/img/strength.svg}
players=${4:-2}
if [ "$players" -eq 2 ]; then default_budgets="30 100 300 1000 3000"; else default_budgets="300 1000 3000 10000 30000"; fi
budgets=${5:-$default_budgets}
lineup_rest=$(awk -v n="$players" 'BEGIN { for (i = 1; i < n; i++) printf ",heuristic" }')
if [ -n "${ROWS:-}" ]; then
    rows=$ROWS
else
    rows=$(mktemp)
    trap 'rm -f "$rows"' EXIT
    printf '%-12s %8s %8s  %s\n' budget games "win rate" "95% interval"
    for b in $budgets; do
        # the arena's text row of the search bot: name seats seat-games wins rate [lo%, hi%] ...
        nice -n 19 "$uno" arena --rules mattel --players "$players" --bots "ismcts:$b$lineup_rest" \
            --games "$deals" --seed 7 ${THREADS:+--threads "$THREADS"} |
            awk -v b="$b" '$1 == "ismcts:" b {
                gsub(/[\[\]%,]/, " "); split($0, f, " ")
                printf "%s %s %s %s %s\n", b, f[3], f[5], f[6], f[7] }' >> "$rows"
        tail -n 1 "$rows" | awk '{ printf "ismcts:%-6s %8s %7.2f%%  [%.2f%%, %.2f%%]\n", $1, $2, $3, $4, $5 }'
    done
    if [ -n "${KEEP:-}" ]; then cp "$rows" "$KEEP"; fi
fi
awk -v deals="$deals" -v players="$players" '
    { budget[NR] = $1; rate[NR] = $3; lo[NR] = $4; hi[NR] = $5; n = NR }
    END {
        W = 640; H = 400; L = 70; R = 30; T = 50; B = 60
        parity = 100 / players
        ymin = parity; ymax = parity + 10
        for (i = 1; i <= n; i++) { if (lo[i] < ymin) ymin = lo[i]; if (hi[i] > ymax) ymax = hi[i] }
        ymin = 10 * int(ymin / 10); ymax = 10 * int((ymax + 9.999) / 10)
        xmin = log(budget[1]) / log(10) - 0.2; xmax = log(budget[n]) / log(10) + 0.2
        printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"13\">\n", W, H
        printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
        if (players == 2)
            title = sprintf("ISMCTS against the heuristic bot: 2-player Mattel, %d duplicate deals", deals)
        else
            title = sprintf("ISMCTS against %d heuristic bots: %d-player Mattel, %d duplicate deals", players - 1, players, deals)
        printf "<text x=\"%d\" y=\"24\" font-size=\"15\">%s</text>\n", L - 50, title
        step = ymax - ymin > 40 ? 10 : 5
        for (y = ymin; y <= ymax; y += step) {
            gy = T + (ymax - y) / (ymax - ymin) * (H - T - B)
            printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", L, gy, W - R, gy
            printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#555\">%d%%</text>\n", L - 8, gy + 4, y
        }
        gy = T + (ymax - parity) / (ymax - ymin) * (H - T - B)
        printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n", L, gy, W - R, gy
        for (i = 1; i <= n; i++) {
            px[i] = L + (log(budget[i]) / log(10) - xmin) / (xmax - xmin) * (W - L - R)
            py[i] = T + (ymax - rate[i]) / (ymax - ymin) * (H - T - B)
            plo = T + (ymax - lo[i]) / (ymax - ymin) * (H - T - B)
            phi = T + (ymax - hi[i]) / (ymax - ymin) * (H - T - B)
            printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#1f77b4\" stroke-width=\"2\"/>\n", px[i], plo, px[i], phi
            printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%s</text>\n", px[i], H - B + 20, budget[i]
        }
        for (i = 2; i <= n; i++)
            printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#d62728\" stroke-width=\"2\"/>\n", px[i-1], py[i-1], px[i], py[i]
        for (i = 1; i <= n; i++)
            printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#d62728\"/>\n", px[i], py[i]
        printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">iterations a decision (log scale)</text>\n", (L + W - R) / 2, H - 15
        printf "<text x=\"16\" y=\"%d\" transform=\"rotate(-90 16 %d)\" text-anchor=\"middle\">ISMCTS win rate (95%% interval)</text>\n", (T + H - B) / 2, (T + H - B) / 2
        printf "</svg>\n"
    }' "$rows" > "$svg"
echo "strength curve: $svg"
