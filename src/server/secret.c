/*
 * secret.c — the server's secrets as SHA-256 hashes (secret.h).
 */
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "server/secret.h"

bool srv_secret_hash(const char *secret, char out[SRV_HASH_LEN + 1])
{
    static const char hex[] = "0123456789abcdef";
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    if (!EVP_Digest(secret, strlen(secret), md, &n, EVP_sha256(), NULL) || n * 2 != SRV_HASH_LEN)
        return false;
    for (unsigned int i = 0; i < n; i++) {
        out[2 * i] = hex[md[i] >> 4];
        out[2 * i + 1] = hex[md[i] & 15];
    }
    out[SRV_HASH_LEN] = '\0';
    return true;
}

bool srv_secret_matches(const char *secret, const char *hash)
{
    char shown[SRV_HASH_LEN + 1];
    return secret[0] && strlen(hash) == SRV_HASH_LEN && srv_secret_hash(secret, shown) &&
           CRYPTO_memcmp(shown, hash, SRV_HASH_LEN) == 0;
}
