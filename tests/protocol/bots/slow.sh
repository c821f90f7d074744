# A bot program that takes a second for every answer (tests/protocol/test_extbot.c,
# tests/server/bots.test.mjs): with less time allowed, every answer is late.
while read -r line; do sleep 1; echo '{"op":"draw","seat":0}'; done
