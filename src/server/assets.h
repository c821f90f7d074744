/*
 * assets.h — the web client's files as the server hands them out
 * (docs/server.md "The web client's files"): read once when the server
 * starts, each with an ETag made from its bytes (so that a
 * browser revalidates and gets 304 while the file is the same) and, where it
 * is smaller, its gzip form made by zlib (for a browser that accepts gzip).
 * Only the regular files directly in the folder are served: a name is
 * looked up among them, never opened as a path.
 */
#ifndef UNO_SERVER_ASSETS_H
#define UNO_SERVER_ASSETS_H

#include <stddef.h>

typedef struct SrvAssets SrvAssets;

/* ETag: the bytes' CRC-32 and length, in quotes (RFC 9110's form); the
 * gzip form's ends in "-gz". */
#define SRV_ETAG_LEN 32

typedef struct SrvAsset {
    const char *name;      /* "app.js" */
    char etag[SRV_ETAG_LEN]; /* "\"…\"": the same bytes, the same tag */
    const char *body;
    size_t len;
    const char *gzip;      /* the gzip form, or NULL where it is no smaller */
    char gzip_etag[SRV_ETAG_LEN]; /* ... its own tag (another form, another tag) */
    size_t gzip_len;
} SrvAsset;

/* Reads the files of the folder dir. NULL with why in err when it cannot
 * (no folder, a file unreadable, out of memory). */
SrvAssets *srv_assets_load(const char *dir, char *err, size_t errlen);
void srv_assets_free(SrvAssets *a);
/* The file a request's path names ("/" and "" name index.html), or NULL. */
const SrvAsset *srv_assets_find(const SrvAssets *a, const char *path);

#endif
