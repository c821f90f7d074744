/*
 * cli_util.h — small helpers shared by the `uno` subcommands: reading a whole
 * text file, loading a rule set given by name or by rules file, and writing
 * a name (a rules file's, a bot command's) inside JSON, SVG and CSV.
 *
 * What stays true: nothing is printed but the progress bar and the names
 * written to the caller's file; a failure returns NULL or a status
 * and puts a one-line message in the caller's buffer; a returned text is
 * NUL-terminated, holds no other NUL byte, and is the caller's to free().
 */
#ifndef UNO_CLI_UTIL_H
#define UNO_CLI_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "uno.h"

/* Reads the text file at path ("-": standard input) whole, at most max bytes.
 * NULL with a message when it cannot be read, is not a regular file (a FIFO
 * or a device could block or never end), is larger, or holds a NUL. */
char *cli_read_file(const char *path, size_t max, char *err, size_t errlen);

/* A built-in rule set by name (uno_rules_builtin_names), else a rules file
 * by path (docs/rules.md). A file that names no rule set (no base, no
 * `name =` line) takes its file name, without ".rules", as its name.
 * Errors name the file: "my.rules: line 4: unknown option 'foo'". */
int cli_load_rules(const char *name_or_path, UnoRules *out, char *err, size_t errlen);

/* The same for a rule set a request names (`new` in uno table and uno
 * replay), whoever sent it: "-" is refused, and an error names the file and
 * the line but quotes nothing of the file. */
int cli_load_request_rules(const char *name_or_path, UnoRules *out, char *err, size_t errlen);

/* A progress bar on stderr: "\r<prefix>[####....] done/total games  <extra>"
 * with the time left at this pace; cleared when done == total. */
void cli_progress(const char *prefix, uint64_t done, uint64_t total, double seconds, const char *extra);

/* The plural's "s" after a count that is not 1: printf("%d game%s", n,
 * cli_s(n)). */
const char *cli_s(long long n);

/* s as a JSON string, quotes included. */
void cli_json_string(FILE *out, const char *s);
/* s as XML text or attribute value (&, <, >, " escaped). */
void cli_xml_text(FILE *out, const char *s);
/* s as a CSV field (RFC 4180: quoted, quotes doubled, when it holds a comma,
 * a quote or a line break). */
void cli_csv_field(FILE *out, const char *s);

#endif
