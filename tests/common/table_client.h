/*
 * table_client.h — a small client for `uno table` (docs/protocol.md)
 * used by the tests that drive the real binary.
 *
 * What this module owns: one child process "$UNO_BIN table" with a pipe to
 * its standard input and one from its standard output (its standard error is
 * inherited, so sanitizer reports show up in the test log), the line
 * exchange with it, and three helpers for tests: a JSON subset matcher, the
 * "deal" builder that turns scripted hands into the protocol's "deck", and
 * a reader of JSON Lines files.
 *
 * What stays true:
 *  - No call blocks for ever: every read and write waits at most the
 *    client's timeout (default 10 s; env UNO_TABLE_TIMEOUT_MS overrides), so
 *    a hung or crashed binary fails the test instead of hanging CI.
 *  - table_client_send() writes exactly one line and reads exactly one line.
 *  - Every cJSON returned belongs to the caller (cJSON_Delete it).
 *  - SIGPIPE is ignored once a client has started (a dead child is an error
 *    status, not a signal).
 *
 * Usage:
 *     char err[256];
 *     TableClient *c = table_client_start(NULL, err, sizeof err);   // $UNO_BIN
 *     cJSON *r = table_client_send_text(c, "{\"op\":\"state\"}", err, sizeof err);
 *     ...
 *     cJSON_Delete(r);
 *     int status = table_client_stop(c);   // 0 when the child exited cleanly
 */
#ifndef TESTS_TABLE_CLIENT_H
#define TESTS_TABLE_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

typedef struct TableClient TableClient;

/* Spawns "BIN table" (bin NULL: getenv("UNO_BIN")). NULL with a message when
 * the binary is missing or cannot be started. */
TableClient *table_client_start(const char *bin, char *err, size_t errlen);

/* Sets the per-line timeout in milliseconds (> 0). */
void table_client_set_timeout(TableClient *c, int timeout_ms);

/* Sends the request (serialised on one line) and returns the parsed response
 * line, or NULL with a message (timeout, child exited, not JSON). */
cJSON *table_client_send(TableClient *c, const cJSON *request, char *err, size_t errlen);

/* The same for a request given as text; a newline is added when missing. The
 * text must be one line. */
cJSON *table_client_send_text(TableClient *c, const char *line, char *err, size_t errlen);

/* Closes the child's input, waits up to the timeout for it to exit (then
 * kills that child, and only it) and frees the client. Returns 0 when the
 * child exited with status 0; otherwise its exit status, 128 + signal when it
 * died by a signal, or -1 when it had to be killed. NULL is accepted. */
int table_client_stop(TableClient *c);

/*
 * json_subset_match: true when `actual` has everything `expected` says.
 *  - objects: every key of expected is present in actual with a matching value
 *    (keys not named in expected are ignored);
 *  - arrays: the same length, element by element;
 *  - numbers compare by value, strings exactly, true/false/null by type;
 *  - under a key "events", an expected array is a list of events that must
 *    appear in actual's events in that order, as a subsequence, each one
 *    matched as a subset;
 *  - matchers: an object whose only key starts with '$' matches specially:
 *      {"$unordered": [..]}  actual is an array holding the same elements in
 *                            any order (each element matched as a subset)
 *      {"$contains": [..]}   actual is an array that holds each of these
 *                            (distinct elements of actual, any order)
 *      {"$lacks": [..]}      actual is an array that holds none of these
 *      {"$len": N}           actual is an array or string of length N
 *      {"$absent": true}     (as a key's value) the key is missing or null
 *      {"$not": X}           actual is missing or does not match X
 *      {"$gte": N} {"$lte": N}  a number at least / at most N
 *      {"$any": true}        anything, but the key must be present
 *      {"$none": [..]}       (under "events") no actual event matches any of these
 * On a mismatch, `why` gets a path and a reason ("events[2].seat: expected 1, got 3").
 */
bool json_subset_match(const cJSON *expected, const cJSON *actual, char *why, size_t whylen);

/*
 * deal_expand: turns the test convenience "deal" of a `new` request into the
 * protocol's "deck" and removes "deal". In place; 0, or -1 with a message.
 *
 *   "deal": {"hands": [[cards of seat 0], [seat 1], ...], "then": [cards...],
 *            "dealer": SEAT (optional)}
 *
 * The deal goes one card at a time starting left of the dealer (seat
 * dealer+1, then +2, ... clockwise) for hand_size rounds (options.hand_size,
 * default 7): card r of seat s lies at deck position
 * r*n + ((s - dealer - 1 + n) % n). After the dealt cards come "then" (the
 * card turned up first where the rule set turns one, then the next cards of
 * the stock, top first).
 * The dealer is deal.dealer, else the request's "dealer", else the oldest
 * player (KPGUT "Starting the Game"; equal ages: the earlier seat, docs/rules.md
 * reading 7).
 * Every hand must hold hand_size cards, and all the cards named (hands and
 * then) must fit in the deck(s) of the game: one 108-card deck, plus
 * options.blanks blank cards per deck (those replacing options.lost_cards
 * only restore them; the others are "X" unless options.spare_blanks is
 * "left_out"), and under rules "kpgut" (or with
 * options.players_per_deck = P) one deck per P players.
 */
int deal_expand(cJSON *new_request, char *err, size_t errlen);

/* Reads a JSON Lines file: returns an array of the parsed lines (blank lines
 * skipped) with the 1-based line number of each in *line_numbers (caller
 * frees), or NULL with a message naming the line that is not JSON. */
cJSON *jsonl_read_file(const char *path, int **line_numbers, char *err, size_t errlen);

/* The requests of a save file (docs/protocol.md "Save files"): its records
 * without their "seq" and "hash", without the end mark. NULL with a message
 * when a line is not JSON. */
cJSON *save_file_requests(const char *path, char *err, size_t errlen);

#endif
