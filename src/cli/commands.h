/*
 * commands.h — the `uno` subcommands. Each is a thin front end: it parses its
 * arguments, calls the engine, bots and protocol layers, and prints. Each
 * returns the process exit status (0 success, 1 failure, 2 bad usage) and
 * answers --help.
 */
#ifndef UNO_CLI_COMMANDS_H
#define UNO_CLI_COMMANDS_H

int cmd_rules(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
