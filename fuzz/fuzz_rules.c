/*
 * fuzz_rules.c — libFuzzer target for the rules-file parser (uno_rules_parse).
 *
 * Any bytes are a rules file. The parser must never crash, read out of
 * bounds or leave an error message unterminated; a rule set it accepts must
 * validate, read back every option, and parse again to the same values.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "uno.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A rule set's complete rules file, as `uno rules NAME` writes it. */
static void write_all(const UnoRules *r, char *out, size_t len)
{
    size_t n, used = 0;
    const UnoOptionInfo *o = uno_rules_options(&n);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char value[64];
        if (uno_rules_get(r, o[i].name, value, sizeof value) != UNO_OK)
            abort();
        size_t k = strlen(o[i].name), v = strlen(value);
        if (used + k + v + 5 >= len)
            abort();
        memcpy(out + used, o[i].name, k);
        memcpy(out + used + k, " = ", 3);
        memcpy(out + used + k + 3, value, v);
        out[used + k + 3 + v] = '\n';
        used += k + v + 4;
        out[used] = '\0';
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    UnoRules r;
    char err[UNO_ERR_LEN];
    memset(err, 'x', sizeof err);
    int st = uno_rules_parse(text, &r, err, sizeof err);
    free(text);
    if (st != UNO_OK) {
        if (!memchr(err, '\0', sizeof err))
            abort();
        return 0;
    }
    if (uno_rules_validate(&r, 0, err, sizeof err) != UNO_OK)
        abort();
    for (int n = 1; n <= UNO_MAX_PLAYERS + 1; n++)
        (void)uno_rules_validate(&r, n, err, sizeof err);
    static char again[8192];
    write_all(&r, again, sizeof again);
    UnoRules r2;
    if (uno_rules_parse(again, &r2, err, sizeof err) != UNO_OK)
        abort();
    static char twice[8192];
    write_all(&r2, twice, sizeof twice);
    if (strcmp(again, twice) != 0)
        abort();
    return 0;
}
