/*
 * metrics.h — what an operator watches (docs/server.md "Health and
 * metrics"): counters and latency histograms, written in Prometheus's text
 * format (version 0.0.4) for GET /metrics. Updated and read on the
 * server's loop thread only.
 */
#ifndef UNO_SERVER_METRICS_H
#define UNO_SERVER_METRICS_H

#include <stdint.h>
#include <stdio.h>

/* The histograms' upper bounds, in seconds: 0.1 ms to 1 s. */
#define SRV_BUCKETS 9

/* Durations, counted per bucket (each count also in every bucket above:
 * Prometheus's cumulative "le" buckets are made when written). */
typedef struct SrvHistogram {
    uint64_t in[SRV_BUCKETS + 1]; /* the last: above the last bound */
    double sum;                   /* seconds */
} SrvHistogram;

/* A monotonic clock in seconds, for measuring a duration. */
double srv_seconds(void);
void srv_histogram_add(SrvHistogram *h, double seconds);

/* Writes one metric with its HELP and TYPE lines (a counter's name ends in
 * _total). */
void srv_metric_gauge(FILE *f, const char *name, const char *help, double value);
void srv_metric_counter(FILE *f, const char *name, const char *help, uint64_t value);
void srv_metric_histogram(FILE *f, const char *name, const char *help, const SrvHistogram *h);

#endif
