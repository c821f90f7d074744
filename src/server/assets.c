/*
 * assets.c — the web client's files, read once, tagged and gzipped
 * (assets.h).
 */
#include "server/assets.h"

#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

typedef struct Asset {
    SrvAsset pub;
    char *name;
    char *body;
    char *gzip;
} Asset;

struct SrvAssets {
    Asset *files;
    int n;
};

static char *read_whole(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && (buf = malloc((size_t)st.st_size + 1)) &&
        fread(buf, 1, (size_t)st.st_size, f) != (size_t)st.st_size) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf)
        *len = (size_t)st.st_size;
    return buf;
}

/* The gzip form of body (zlib's deflate with a gzip header, at its best
 * compression), or NULL where it would be no smaller or out of memory. */
static char *gzipped(const char *body, size_t len, size_t *out_len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        return NULL;
    size_t cap = deflateBound(&z, (uLong)len);
    char *out = malloc(cap);
    z.next_in = (Bytef *)body;
    z.avail_in = (uInt)len;
    z.next_out = (Bytef *)out;
    z.avail_out = (uInt)cap;
    bool done = out && deflate(&z, Z_FINISH) == Z_STREAM_END && z.total_out < len;
    *out_len = z.total_out;
    deflateEnd(&z);
    if (!done) {
        free(out);
        return NULL;
    }
    return out;
}

static bool load_one(Asset *a, const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len = 0, gz_len = 0;
    if (!(a->name = strdup(name)) || !(a->body = read_whole(path, &len)))
        return false;
    a->gzip = gzipped(a->body, len, &gz_len);
    a->pub = (SrvAsset){.name = a->name, .body = a->body, .len = len, .gzip = a->gzip, .gzip_len = a->gzip ? gz_len : 0};
    unsigned long crc = crc32(0L, (const Bytef *)a->body, (uInt)len);
    snprintf(a->pub.etag, sizeof a->pub.etag, "\"%08lx-%zx\"", crc, len);
    snprintf(a->pub.gzip_etag, sizeof a->pub.gzip_etag, "\"%08lx-%zx-gz\"", crc, len);
    return true;
}

/* The regular files directly in dir, not hidden ones. */
static bool served(const char *dir, const struct dirent *e)
{
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    return e->d_name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Adds dir's file name to a: false with why in err when it cannot. */
static bool add(SrvAssets *a, const char *dir, const char *name, char *err, size_t errlen)
{
    Asset *more = realloc(a->files, (size_t)(a->n + 1) * sizeof *more);
    if (!more) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    a->files = more;
    Asset *one = &a->files[a->n++];
    memset(one, 0, sizeof *one);
    if (!load_one(one, dir, name)) {
        snprintf(err, errlen, "web client file '%s/%s' cannot be read (or out of memory)", dir, name);
        return false;
    }
    return true;
}

SrvAssets *srv_assets_load(const char *dir, char *err, size_t errlen)
{
    SrvAssets *a = calloc(1, sizeof *a);
    DIR *d = a ? opendir(dir) : NULL;
    if (!d) {
        snprintf(err, errlen, "web client folder '%s': %s", dir, a ? strerror(errno) : "out of memory");
        free(a);
        return NULL;
    }
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(d));)
        ok = !served(dir, e) || add(a, dir, e->d_name, err, errlen);
    closedir(d);
    if (!ok) {
        srv_assets_free(a);
        return NULL;
    }
    return a;
}

void srv_assets_free(SrvAssets *a)
{
    if (!a)
        return;
    for (int i = 0; i < a->n; i++) {
        free(a->files[i].name);
        free(a->files[i].body);
        free(a->files[i].gzip);
    }
    free(a->files);
    free(a);
}

const SrvAsset *srv_assets_find(const SrvAssets *a, const char *path)
{
    const char *name = path[0] == '/' ? path + 1 : path;
    if (!name[0])
        name = "index.html";
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->files[i].name, name) == 0)
            return &a->files[i].pub;
    return NULL;
}
