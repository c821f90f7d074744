/*
 * qr.h — a table's link as a QR code (docs/server.md "The table's QR
 * code"): drawn with libqrencode, written as SVG, for a friend across the
 * table to open the link with a phone's camera.
 */
#ifndef UNO_SERVER_QR_H
#define UNO_SERVER_QR_H

#include "server/transport.h"

/* The longest text drawn: a link of a Host header at its longest. */
#define SRV_QR_MAX_TEXT 320

/* An SVG of the QR code of text (error correction M, 8-bit mode): one dark
 * path of the modules' runs on a white square, 4 modules of quiet zone.
 * NULL when text is longer than SRV_QR_MAX_TEXT or memory runs out. */
char *srv_qr_svg(const char *text);

/* Whether host, a request's Host header, may stand in a link: a name or an
 * IPv4 address (letters, digits, '.', '-') or an IPv6 one in brackets, and
 * an optional :port. */
bool srv_qr_host_ok(const char *host);

/* Answers a GET with the QR code of the link to the table of code:
 * http(s)://HOST/#/t/CODE from the request's own Host header; 400 when the
 * header is missing or no host. */
void srv_qr_answer(SrvGet *g, const char *code);

#endif
