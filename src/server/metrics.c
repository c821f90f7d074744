/*
 * metrics.c — counters and histograms in Prometheus's text format
 * (metrics.h).
 */
#include "server/metrics.h"

#include <inttypes.h>
#include <time.h>

static const double bounds[SRV_BUCKETS] = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.1, 1};

double srv_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void srv_histogram_add(SrvHistogram *h, double seconds)
{
    int b = 0;
    while (b < SRV_BUCKETS && seconds > bounds[b])
        b++;
    h->in[b]++;
    h->sum += seconds;
}

static void head(FILE *f, const char *name, const char *help, const char *type)
{
    fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

void srv_metric_gauge(FILE *f, const char *name, const char *help, double value)
{
    head(f, name, help, "gauge");
    fprintf(f, "%s %.17g\n", name, value);
}

void srv_metric_counter(FILE *f, const char *name, const char *help, uint64_t value)
{
    head(f, name, help, "counter");
    fprintf(f, "%s %" PRIu64 "\n", name, value);
}

void srv_metric_histogram(FILE *f, const char *name, const char *help, const SrvHistogram *h)
{
    head(f, name, help, "histogram");
    uint64_t below = 0;
    for (int b = 0; b < SRV_BUCKETS; b++) {
        below += h->in[b];
        fprintf(f, "%s_bucket{le=\"%g\"} %" PRIu64 "\n", name, bounds[b], below);
    }
    below += h->in[SRV_BUCKETS];
    fprintf(f, "%s_bucket{le=\"+Inf\"} %" PRIu64 "\n%s_sum %.9f\n%s_count %" PRIu64 "\n", name, below, name, h->sum,
            name, below);
}
