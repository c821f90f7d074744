# A bot program that answers every question with the same line, its argument:
# garbage ('hello there', '[1, 2]') or a move that is never legal.
while read -r line; do printf '%s\n' "$1"; done
