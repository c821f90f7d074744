/*
 * secret.h — the server's secrets at rest (docs/server.md "Secrets"): a
 * seat's token, a host's secret, a spectator key, a scorekeeper's secrets
 * are handed out once and kept only as their SHA-256 (OpenSSL's libcrypto),
 * so that a copy of the database or of the server's memory lets nobody take
 * a seat. A secret a client shows is hashed and compared in constant time.
 */
#ifndef UNO_SERVER_SECRET_H
#define UNO_SERVER_SECRET_H

#include <stdbool.h>

/* A hash as kept: 64 lower-case hex digits. */
#define SRV_HASH_LEN 64

/* The hash of secret (NUL-terminated) into out. False when the library
 * could not compute it (out of memory). */
bool srv_secret_hash(const char *secret, char out[SRV_HASH_LEN + 1]);
/* Whether secret hashes to hash; false for an empty secret or hash (a
 * bot's seat). Takes the same time wherever the two differ. */
bool srv_secret_matches(const char *secret, const char *hash);

#endif
