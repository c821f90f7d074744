# A bot program that answers every question with a line of 70,000 characters,
# longer than any request may be.
while read -r line; do printf '%070000d\n' 0; done
