/*
 * room.h — the server's application: the lobby (lobby.c) and its tables
 * (room.c), which speak the table protocol through protocol.h and keep
 * everything in the store (store.h). Nothing here knows of libwebsockets:
 * connections are transport.h's SrvConn.
 *
 * A Room is one table: its seats (people with their secret tokens, or bots
 * at a level), its spectators, and once started one UnoTable whose every
 * accepted request goes to the store before anyone hears of it.
 *
 * What stays true:
 *  - A connection has at most one role: nothing, one seat of one table, or
 *    a spectator of one table (one person cannot sit and watch).
 *  - What a connection is sent about a game is rendered for its viewer by
 *    the engine's visibility rules (proto_table_events, proto_state_json with
 *    its seat, or UNO_VIEWER_SPECTATOR under the table's
 *    spectators_see_hands): never the referee's state.
 *  - A request acts only for the seat of its connection: its "seat", "as"
 *    and "t" are the server's, whatever the client wrote.
 *  - The game clock is the server's: t = now - t_base, never going back.
 */
#ifndef UNO_SERVER_ROOM_H
#define UNO_SERVER_ROOM_H

#include <cJSON.h>

#include "bots/bots.h"
#include "protocol/protocol.h"
#include "server/expiry.h"
#include "server/pool.h"
#include "server/secret.h"
#include "server/server.h"
#include "server/store.h"
#include "server/transport.h"
#include "uno_view.h"

#define SRV_CODE_LEN 6
#define SRV_TOKEN_LEN 32
/* A refused catch makes that connection's catches wait this long after its
 * last try (docs/server.md "Real time"): pressing catch again and again
 * only pushes the next chance further. */
#define SRV_CATCH_COOLDOWN_MS 1000
/* The public tables the lobby lists at most, the newest first. */
#define SRV_LISTED_MAX 50
/* A connection's quick reactions (reaction.c) come at most one this often. */
#define SRV_REACT_COOLDOWN_MS 1000
/* How often each connection's round trip is measured: the server sends
 * {"type":"ping","n":N} and times the {"op":"pong","n":N} that comes back
 * (docs/server.md "Real time": a client can make itself look slower, never
 * faster, and no rule gives the slower an advantage). */
#define SRV_PING_MS 5000
/* How often the lobby's clock runs the tables that are due: one timer for
 * every table (a timer each would wake the loop, and its poll over every
 * connection, a thousand times a second). */
#define SRV_CLOCK_MS 10
/* ... and how long one run of it may take before it lets requests in. */
#define SRV_CLOCK_BUDGET_MS 2
/* The pings one run of the clock sends at most: 100 runs a second send up
 * to 3,200, for 16,000 connections at one ping each SRV_PING_MS. */
#define SRV_PINGS_PER_RUN 32
/* A timer's action that the table could not keep (its store refused it)
 * is tried again this much later. */
#define SRV_TIMER_RETRY_MS 1000
/* Threads for the operator's programs' answers: each waits for its
 * program up to the program's time limit, so they are more than the
 * cores. */
#define SRV_PROGRAM_THREADS 4

/* The WebSocket close status that tells a client to connect again after a
 * short wait (docs/protocol.md "Connecting"): the table it is at moves to
 * another server, or this server stops; its reason says which. */
#define SRV_CLOSE_RETRY 4013
#define SRV_RETRY_MOVING "table moving: connect again"
#define SRV_RETRY_STOPPING "server stopping: connect again"

typedef struct Room Room;
typedef struct Lobby Lobby;
typedef struct SeatProgram SeatProgram; /* seatbot.c: a seat's program and its process */
typedef struct Thought Thought;         /* seatbot.c: a decision on a worker thread */

/* The programs the operator registered (UnoServeConfig.bots). */
typedef struct SrvBots {
    const UnoServeBot *list;
    int n;
} SrvBots;

typedef enum { ROLE_NONE, ROLE_SEAT, ROLE_SPECTATOR } ClientRole;

/* The application's data of one connection. */
typedef struct Client {
    SrvConn *conn;
    Room *room;                 /* with a role */
    ClientRole role;
    int seat;                   /* ROLE_SEAT */
    int64_t catch_after;        /* catches refused until then (server ms) */
    int64_t react_after;        /* reactions refused until then (server ms) */
    int rtt;                    /* the last round trip measured, ms; -1: none yet */
    FILE *log;                  /* the operator's log, where the server's own failures are said */
} Client;

typedef enum { WATCH_NONE, WATCH_COUNTS, WATCH_HANDS } WatchMode;

typedef struct RoomSeat {
    bool human;                 /* a person's seat, or a bot's */
    bool taken;                 /* a person sat down in it */
    char name[UNO_NAME_LEN];
    int age;
    char token_hash[SRV_HASH_LEN + 1]; /* its token's hash (secret.h) */
    char level[UNO_SERVE_BOT_NAME_LEN]; /* a bot's level, or the name of the operator's program */
    UnoBotKind bot;
    SeatProgram *program;       /* UNO_BOT_EXTERNAL: the program (seatbot.c) */
    UnoBotParams params;
    UnoRng rng;
    Client *client;             /* the person's live connection, or NULL */
    int64_t away_since;         /* server ms the person left (or the server started) */
    bool stand_in;              /* a bot plays the seat while its person is away */
} RoomSeat;

struct Room {
    Lobby *lobby;
    char code[SRV_CODE_LEN + 1];
    char host_hash[SRV_HASH_LEN + 1];  /* the hash of the host's secret: start, next, stop */
    char watch_hash[SRV_HASH_LEN + 1]; /* ... of the spectators' key, where they see hands */
    cJSON *config;                   /* the create request, as validated */
    int nseats;
    RoomSeat seats[UNO_MAX_PLAYERS];
    WatchMode watching;
    int bot_pace_ms, away_bot_ms;
    UnoTable *table;                 /* NULL until started */
    int64_t log_n;                   /* lines in the store's log */
    int64_t t_base;                  /* server ms at game clock 0 */
    char broken[UNO_ERR_LEN];        /* why its log did not rebuild it ("" when it did) */
    Client **watchers;
    int nwatchers, watchers_cap;
    int64_t bot_at, tick_at;         /* server ms the bots, the timers are due; 0: not */
    int64_t told_t;                  /* the game clock of the last update everyone was sent */
    Client *joiner;                  /* a newcomer waiting for the oldest's yes (§13), or NULL */
    UnoPlayerInfo joining;           /* ... who they are */
    int joining_seat;                /* ... the seat they chose */
    cJSON *joining_id;               /* ... their request's "id" */
    Thought *thinking;               /* a bot's decision being made off the loop, or NULL */
    int game_no;                     /* games begun here since the server started */
    int64_t vacant_since;            /* server ms the last person left it (or it was made) */
    bool listed;                     /* among the lobby's public tables (listing.c) */
    int64_t made_no;                 /* the lobby's count of tables made when this one was: newer, higher */
    bool moving;                     /* another server asked for it (owner.c): it goes at the next tick */
};

struct Lobby {
    Srv *srv;
    SrvTimer *clock;                 /* runs the tables and the pings */
    SrvStore *store;
    Room **rooms;
    int nrooms, rooms_cap;
    UnoView view;                    /* an inline bot's view, built for each decision */
    SrvPool *search;                 /* threads for the search bots' decisions */
    SrvPool *programs;               /* threads for the programs' answers (NULL: none registered) */
    SrvBots bots;                    /* the programs registered */
    FILE *log;                       /* the operator's log (no card is ever written to it) */
    int64_t test_advanced;           /* --test-clock: ms keeper_clock has moved the clock on */
    int64_t rooms_made;              /* tables made (or restored) since the server started */
};

/* ---- lobby.c: connections and messages ---- */
/* A JSON object to c (taken), with the request's "id" when it had one. */
void srv_reply(Client *c, cJSON *answer, const cJSON *id);
void srv_reply_error(Client *c, const char *code, const char *message, const cJSON *id);
/* A failure that is the server's, not the request's (out of memory, the
 * database refused a write): answered server_error with what could not be
 * done, and said in the operator's log with why. */
void srv_server_error(Client *c, const char *what, const char *why, const cJSON *id);
/* A table's code: SRV_CODE_LEN letters and digits easy to read aloud. */
void srv_random_code(char out[SRV_CODE_LEN + 1]);
/* A table's code as the lobby keeps it (upper case) from what a client
 * wrote; false when it cannot be one (the wrong length). */
bool srv_code_normal(const char *code, char upper[SRV_CODE_LEN + 1]);
/* The clock of vacancies (expiry.h), server ms: srv_now_ms, moved on by
 * keeper_clock under --test-clock so that a test can age the tables. */
int64_t srv_lobby_now(const Lobby *l);
/* 32 hex digits of the kernel's randomness. */
void srv_random_token(char out[SRV_TOKEN_LEN + 1]);
uint64_t srv_random_u64(void);

/* The lobby's table of that code (any case), or NULL. */
Room *srv_lobby_find(Lobby *l, const char *code);
/* A table as the store lists it (srv_store_each_table's fn, ctx the
 * Lobby): rebuilt from its log into the lobby, or said in the log when it
 * cannot be. */
void srv_lobby_restore(void *ctx, const char *code, const char *config, const char *host_hash,
                       const char *watch_hash);

/* ---- owner.c: a table among several servers (store.h) ---- */
typedef struct Keepers Keepers; /* keeper.h */
/* A scorekeeper table's key among several servers: this, then its code (a
 * card table's is its code: a card table and a scorekeeper table may have
 * the same code). */
#define SRV_KEEPER_KEY "k:"
/* Takes the lock of the table of that key for c's request: true when this
 * server holds it now; false when c was answered: another server holds it,
 * is asked now to let it go, and c is closed with SRV_CLOSE_RETRY; or the
 * database failed (server_error). */
bool srv_owner_take(Lobby *l, Client *c, const char *key, const cJSON *id);
/* The table of that code made this server's and rebuilt from the store
 * (the code upper case, as srv_code_normal makes it). NULL when the store
 * has no such table (*answered false: the caller says so), or when c was
 * answered already (*answered true): another server owns the table, is
 * asked now to let it go, and c is closed with SRV_CLOSE_RETRY; or the
 * database failed (server_error). */
Room *srv_owner_claim(Lobby *l, Client *c, const char *code, const cJSON *id, bool *answered);
/* On the lobby's clock: the tables other servers asked for are let go
 * (a card table once no bot of its decides on a thread), their clients
 * closed with SRV_CLOSE_RETRY; every table, the scorekeeper's ks too, when
 * the database's session was lost. */
void srv_owner_tick(Lobby *l, Keepers *ks);
/* Every table let go, the scorekeeper's ks too, its clients closed with
 * SRV_CLOSE_RETRY (SIGTERM's drain: the bots' threads stopped first). */
void srv_owner_release_all(Lobby *l, Keepers *ks);

/* ---- config.c: a table's create request ---- */
/* Validates a create request: UNO_OK, or bad_request with a message. A
 * "deck" (the stock's top cards, as in `new`) only where allow_decks; a
 * seat's bot is a level or one of the operator's programs (bots); a field
 * the request may not hold is refused. */
int srv_config_check(const cJSON *req, bool allow_decks, const SrvBots *bots, char *err, size_t errlen);
/* The table's part of a create request, as it is kept: its known fields
 * (not "op", "id" or a null) in a fixed order. NULL when out of memory. */
cJSON *srv_config_normalised(const cJSON *req);
/* The seats (bots named after their level or program), the spectators'
 * mode, the bots' pace and the away time a create request asks for. */
int srv_config_read(const cJSON *config, const SrvBots *bots, RoomSeat *seats, int *nseats, WatchMode *watching,
                    int *pace, int *away, char *err, size_t errlen);
/* Whether the table asked to be listed among the lobby's public tables. */
bool srv_config_public(const cJSON *config);
/* The names a seat's bot may have here: the levels, then the programs. */
cJSON *srv_bot_names(const SrvBots *bots);
/* The `new` request that starts the table's game: its rules, options,
 * match and deck, its players as seated, the seed. */
cJSON *srv_config_new_game(const cJSON *config, WatchMode watching, const RoomSeat *seats, int n, uint64_t seed);
const char *srv_watch_name(WatchMode m); /* "none", "counts", "hands" */
/* The `rules` answer: every built-in rule set's options, and each option's
 * meaning and source, for a page that creates tables. */
cJSON *srv_config_rules_json(void);

/* ---- room.c: one table ---- */
/* A room from a validated create request (srv_config_check) and the hashes
 * of its secrets. NULL: no memory. */
Room *srv_room_new(Lobby *l, const char *code, const cJSON *config, const char *host_hash,
                   const char *watch_hash);
void srv_room_free(Room *r);
/* Rebuilds a started table from the store's log (at server start). */
void srv_room_restore(Room *r);
/* The table's description for its clients and the lobby: seats, who is
 * connected, their lag, the status (never a token). */
cJSON *srv_room_json(const Room *r);
/* Sends every client of the room the table's description. */
void srv_room_announce(Room *r);
/* Sends every seat's connection and every spectator of the room text. */
void srv_room_send_all(Room *r, const char *text, size_t len);
/* `tables` (listing.c): the newest SRV_LISTED_MAX public tables that wait
 * for people, with their rules and seats (never a private table). */
cJSON *srv_public_tables(const Lobby *l);
/* `react` (reaction.c): one of the fixed emotes, told to the whole table. */
void srv_room_react(Room *r, Client *c, const cJSON *req, const cJSON *id);

/* What is due at the table now: its timers, its bots (the lobby's clock
 * calls it every SRV_CLOCK_MS). */
void srv_room_run(Room *r, int64_t now);
/* Time passed without an action (a window opened or closed): every seat's
 * connection and every spectator is sent an `update` with no events, the
 * game as it stands now as its viewer may see it (a seat's moves too). */
void srv_room_push_time(Room *r);

/* ---- windows.c: the table's clock ---- */
/* Sets tick_at to the next moment something happens at the table without
 * a request: §8's away timer, the one-hour limit, the end of a UNO grace
 * (a catch becomes possible), a stand-in for a person away too long; 0
 * when nothing will (or no game goes on). */
void srv_room_schedule(Room *r);
/* At tick_at: the rules' timers fire (an action like any other, told to
 * everyone), a grace that ended is told to everyone as an update (the
 * catch among the moves), a stand-in takes a seat; then the next moment. */
void srv_room_timers_run(Room *r, int64_t now);

/* ---- seatbot.c: the bots' decisions ---- */
/* Asks the table's bots, from the `from`th seat in the order of play on
 * (any: a bot was asked already this round). The cheap ones (easy, medium,
 * stand-ins) decide at once; a search bot or a program decides on a worker
 * thread, with copies of its seat's view and record and a world sampled
 * from them, and its answer is applied on the loop only if the table has
 * not moved meanwhile (else it is asked again). */
void srv_bots_act(Room *r, int from, bool any);
/* A registered program's seat: its process is started on its first
 * question. NULL when out of memory. */
SeatProgram *srv_program_new(const Room *r, int seat);
/* Stops its process (waits up to half a second: at shutdown only). */
void srv_program_free(SeatProgram *p);

/* The lobby's ops on a room (lobby.c has parsed and checked the request). */
void srv_room_sit(Room *r, Client *c, const cJSON *req, const cJSON *id);
/* A person takes the free human seat for good: a fresh token (into token,
 * its hash kept in the store; no connection yet). False when out of memory
 * or the store refused. */
bool srv_room_take_seat(Room *r, int seat, const char *name, int age, char token[SRV_TOKEN_LEN + 1]);
void srv_room_resume(Room *r, Client *c, const char *token, const cJSON *id);
void srv_room_watch(Room *r, Client *c, const cJSON *req, const cJSON *id);
void srv_room_start(Room *r, Client *c, const cJSON *id);
/* A host's match op ("next", "stop"). */
void srv_room_match(Room *r, Client *c, const char *op, const cJSON *id);
/* rematch.c: a host's rematch, a new table like this one. Whether its last
 * game (or its match) is over, else why not in err. */
bool srv_rematch_ready(const Room *r, char *err, size_t errlen);
/* The create request of the new table: the rules, options, match and
 * settings, the seats as they are now (a §13 newcomer's too), a new deal.
 * NULL when out of memory. */
cJSON *srv_rematch_config(const Room *r);
/* Each person connected to a seat of old takes the same seat of new, and is
 * told so with the seat's token: {"type":"rematch","table":…,"seat":…,
 * "token":…}. The seats of people away stay free. */
void srv_rematch_invite(Room *old, Room *new_room);
/* `replay` (replay.c): a finished game, step by step, as a seat or the
 * whole table saw it. */
void srv_room_replay(Room *r, Client *c, const cJSON *req, const cJSON *id);
/* join.c, KPGUT §13: a newcomer asks to join a game in progress; the
 * oldest player consents; a yes seats them (srv_room_insert_seat, also
 * used to rebuild the seats at start). A newcomer who leaves withdraws. */
void srv_room_join(Room *r, Client *c, const cJSON *req, const cJSON *id);
void srv_room_consent(Room *r, Client *c, const cJSON *req, const cJSON *id);
void srv_room_ask_oldest(Room *r);
void srv_room_join_cancel(Room *r, Client *c);
void srv_room_insert_seat(Room *r, int seat, const char *name, int age, const char *token_hash);
/* The game clock now (ms): the server's since the game began, never
 * before the game's own. Only while there is a game. */
int64_t srv_room_now(const Room *r);
/* Whether a game goes on at the table. */
bool srv_room_playing(const Room *r);
/* An action the server decides (a bot's, a timer's, a consented join):
 * applied and told to everyone; false when the table refused it. */
bool srv_room_act(Room *r, const UnoAction *a);
/* Seats c at seat (taking it from another connection) and answers it with
 * the seat's token (which only the person who has it knows: the server
 * keeps its hash) and the game so far. */
void srv_room_seat_client(Room *r, Client *c, int seat, const char *token, const cJSON *id);
/* `view` from a client at a table whose game began: what its viewer (its
 * seat, or a spectator) may see, with its moves. */
void srv_room_view(Room *r, Client *c, const cJSON *id);
/* A request of the client's seat in a game that began: one of the seat's
 * actions (action: its UnoActionType), or `legal` (action -1), sent to the
 * table as the seat's, at the server's clock. */
void srv_room_seat_request(Room *r, Client *c, const cJSON *req, int action, const cJSON *id);
/* The client leaves its role (it left, or its connection closed). */
void srv_room_leave(Room *r, Client *c);
/* Since when nobody has been at the table (server ms): no seat's
 * connection, no spectator, no newcomer asking to join, no bot deciding on
 * a thread; SRV_IN_USE while there is (expiry.h). */
int64_t srv_room_vacant_since(const Room *r);

#endif
