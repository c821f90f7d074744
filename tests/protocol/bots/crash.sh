# A bot program that exits with status 3 after reading its first question.
read -r line; exit 3
