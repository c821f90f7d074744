/*
 * expiry.c — which vacant tables go (expiry.h).
 */
#include "server/expiry.h"

int srv_tables_count(const SrvTableKind *kinds, int nkinds)
{
    int n = 0;
    for (int k = 0; k < nkinds; k++)
        n += kinds[k].count(kinds[k].ctx);
    return n;
}

int srv_tables_expire(const SrvTableKind *kinds, int nkinds, int64_t before)
{
    int removed = 0;
    for (int k = 0; k < nkinds; k++)
        for (int i = kinds[k].count(kinds[k].ctx) - 1; i >= 0; i--) /* from the end: those after i may move */
            if (kinds[k].vacant_since(kinds[k].ctx, i) < before) {
                kinds[k].remove(kinds[k].ctx, i);
                removed++;
            }
    return removed;
}

bool srv_tables_reclaim(const SrvTableKind *kinds, int nkinds, int64_t before)
{
    int kind = -1, at = -1;
    int64_t oldest = before;
    for (int k = 0; k < nkinds; k++)
        for (int i = 0, n = kinds[k].count(kinds[k].ctx); i < n; i++) {
            int64_t since = kinds[k].vacant_since(kinds[k].ctx, i);
            if (since < oldest) {
                oldest = since;
                kind = k;
                at = i;
            }
        }
    if (kind < 0)
        return false;
    kinds[kind].remove(kinds[kind].ctx, at);
    return true;
}
