/*
 * uno.h — the public API of the UNO rules engine.
 *
 * What this module owns: cards, rule sets (as data), one game (a hand under
 * mattel and classic, a whole game under kpgut), its legal moves, the
 * application of an action, per-seat views, ranking and scoring. Matches and
 * sessions (several games) are in uno_match.h.
 *
 * What stays true:
 *  - C11 and libc only. No I/O, no wall clock, no global mutable state, no
 *    rand(): time is the `t` of each action (ms since the game began), and the
 *    only randomness is a generator seeded by the caller (UnoSetup.seed).
 *  - A game is its rules, setup and the list of actions applied with UNO_OK:
 *    re-applying them to a new game rebuilds the same state bit for bit
 *    (uno_game_hash() is equal).
 *  - An action that fails (any status but UNO_OK) changes nothing. Every
 *    call that allocates says when memory ran out (UNO_E_NOMEM, or NULL
 *    where it returns a pointer) and then too has changed nothing; an
 *    action whose events could not all be kept fails whole.
 *  - Card conservation: the cards in hands + stock + discard pile always equal
 *    the deck size; uno_game_check() verifies it and the other invariants.
 *  - A UnoGame is one flat block with no internal pointers: uno_game_copy()
 *    is a memcpy, so searches (perft, bots) can clone positions cheaply.
 */
#ifndef UNO_H
#define UNO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- status */

typedef enum UnoStatus {
    UNO_OK = 0,
    UNO_E_BAD_REQUEST,   /* malformed action: unknown seat, card not a card, missing colour */
    UNO_E_ILLEGAL,       /* against the rules in force */
    UNO_E_NOT_YOUR_TURN, /* a turn action by a seat that is not in turn */
    UNO_E_OVER,          /* the game has ended */
    UNO_E_NO_ROOM,       /* a newcomer or spectator past the room the game was created with */
    UNO_E_NOMEM,         /* out of memory: nothing was done (the call may be tried again) */
} UnoStatus;

/* Message buffers passed to functions that can fail. */
#define UNO_ERR_LEN 160

/* ----------------------------------------------------------------- cards */

/* A card is its kind, 0..54. The coloured kinds come value by value (0..9,
 * Skip, Reverse, Draw 2), within a value Yellow, Blue, Green, Red:
 * 4 * value + (3 - colour). That is the order of uno_game_legal's single
 * cards, so a colour's kinds are every fourth bit of a bit set of kinds and a
 * value's are four bits in a row. */
typedef uint8_t UnoCard;

enum { UNO_RED, UNO_GREEN, UNO_BLUE, UNO_YELLOW, UNO_COLORS, UNO_NO_COLOR = UNO_COLORS };
enum { UNO_SKIP = 10, UNO_REVERSE = 11, UNO_DRAW2 = 12, UNO_VALUES_PER_COLOR = 13 };
enum {
    UNO_WILD = 52,   /* "W"   */
    UNO_WILD4 = 53,  /* "W+4" */
    UNO_BLANK = 54,  /* "X": the booklet's blank card */
    UNO_KINDS = 55,
    UNO_NO_CARD = 0xff
};

static inline bool uno_card_is_colored(UnoCard c) { return c < UNO_WILD; }
static inline int uno_card_color(UnoCard c) { return c < UNO_WILD ? UNO_YELLOW - (c & 3) : UNO_NO_COLOR; }
/* value 0..9, UNO_SKIP, UNO_REVERSE, UNO_DRAW2; for W, W+4, X: the kind itself */
static inline int uno_card_value(UnoCard c) { return c < UNO_WILD ? c >> 2 : c; }
static inline UnoCard uno_card_make(int color, int value) { return (UnoCard)(4 * value + UNO_YELLOW - color); }
static inline bool uno_card_is_number(UnoCard c) { return c < 4 * UNO_SKIP; }
/* The kinds of a colour, as a bit set of kinds (bit k: kind k). */
static inline uint64_t uno_card_color_kinds(int color) { return 0x1111111111111ULL << (UNO_YELLOW - color); }
/* The kinds in deck order, the order of a new deck before its shuffle and
 * of a hand listed: colour by colour (Red, Green, Blue, Yellow), within a
 * colour 0..9, Skip, Reverse, Draw 2; then W, W+4, X. uno_card_in_deck_order
 * gives the i-th kind (i < UNO_KINDS), uno_card_deck_place a kind's place. */
static inline UnoCard uno_card_in_deck_order(int i)
{
    return i < UNO_WILD ? uno_card_make(i / UNO_VALUES_PER_COLOR, i % UNO_VALUES_PER_COLOR) : (UnoCard)i;
}
static inline int uno_card_deck_place(UnoCard c)
{
    return c < UNO_WILD ? uno_card_color(c) * UNO_VALUES_PER_COLOR + uno_card_value(c) : c;
}
static inline bool uno_card_is_wild(UnoCard c) { return c == UNO_WILD || c == UNO_WILD4; }

/* "R7", "GS", "BR", "Y+2", "W", "W+4", "X" (static strings). */
const char *uno_card_name(UnoCard c);
/* Case-insensitive; returns UNO_OK or UNO_E_BAD_REQUEST. */
UnoStatus uno_card_parse(const char *text, UnoCard *out);
/* 'R','G','B','Y' (any case) -> UNO_RED..; returns -1 for anything else. */
int uno_color_parse(const char *text);
const char *uno_color_name(int color); /* "R".."Y", "" for UNO_NO_COLOR */
/* Mattel scoring value of a card kind (numbers face value, actions 20, wilds
 * 50, a blank blank_points); c must be a kind (below UNO_KINDS). */
int uno_card_points(UnoCard c, int blank_points);

/* ----------------------------------------------------------------- rules */

/* Every option of every rule set; names are those of the rules files
 * (rules/NAME.rules) and of the protocol's "options" object. docs/rules.md and
 * `uno rules` describe each one with its book and paragraph. */
typedef enum { UNO_DEALER_HIGH_CARD, UNO_DEALER_OLDEST } UnoDealerRule;
typedef enum { UNO_OPEN_TURN_UP, UNO_OPEN_YOUNGEST_PLAYS } UnoOpening;
typedef enum { UNO_FIRST_REVERSE_DEALER_FIRST, UNO_FIRST_REVERSE_RIGHT_OF_DEALER } UnoFirstReverse;
typedef enum { UNO_FIRST_WILD_NAME_COLOR, UNO_FIRST_WILD_RETURN } UnoFirstWild;
typedef enum { UNO_FIRST_WD4_RETURN, UNO_FIRST_WD4_COVER } UnoFirstWd4;
typedef enum { UNO_DRAW_ONE, UNO_DRAW_UNTIL_PLAYABLE } UnoDrawRule;
typedef enum { UNO_WD4_NO_MATCHING_COLOR, UNO_WD4_NO_PLAYABLE } UnoWd4Rule;
typedef enum { UNO_CHALLENGE_NONE, UNO_CHALLENGE_NORMAL_TURN, UNO_CHALLENGE_ANY_CARD } UnoChallenge;
typedef enum { UNO_UNO_WINDOW_NEXT_TURN, UNO_UNO_WINDOW_NEXT_PLAY } UnoUnoWindow;
typedef enum { UNO_SCORING_NONE, UNO_SCORING_WINNER, UNO_SCORING_TALLY, UNO_SCORING_SESSION } UnoScoring;
typedef enum { UNO_PILE_PLAYED, UNO_PILE_STOCK } UnoPile;
typedef enum { UNO_SHOWN_TO_OLDEST, UNO_SHOWN_TO_SUSPECTER } UnoShownTo;
typedef enum { UNO_SPARE_HOUSE_RULE, UNO_SPARE_LEFT_OUT } UnoSpareBlanks;

#define UNO_MAX_BLANKS 4         /* blank cards per deck (booklet 'Deck contents') */

typedef struct UnoRules {
    char name[32];               /* the rule set it came from */
    /* deck */
    int players_per_deck;        /* 0: one deck; 7: one deck per 7 players (kpgut) */
    int blanks;                  /* blank cards per deck: 0 or 4 (booklet, 112 cards): they replace
                                    lost_cards, the others are spare_blanks */
    UnoCard lost_cards[UNO_MAX_BLANKS]; /* lost from each deck, each replaced by a blank standing
                                    in for it (booklet 'Blank card'); UNO_NO_CARD pads the list */
    UnoSpareBlanks spare_blanks; /* the blanks that replace no card: house-rule cards, or left out */
    int blank_draw;              /* house-rule blank: the next player draws this many */
    bool blank_skip;             /* house-rule blank: the next player misses their turn */
    int blank_points;            /* what a blank scores */
    int hand_size;               /* 7 */
    int min_players, max_players;
    /* set-up */
    UnoDealerRule dealer;
    bool deal_rotates;           /* the deal passes to the left each hand */
    UnoOpening opening;
    UnoFirstReverse first_reverse;
    UnoFirstWild first_wild;
    UnoFirstWd4 first_wd4;
    /* playing */
    bool play_sets;              /* several cards of one value in one play (kpgut) */
    UnoDrawRule draw_rule;
    UnoWd4Rule wd4_rule;
    bool wd4_on_draw2;           /* WD4 may answer a Draw 2 when holding no Draw 2 */
    UnoChallenge challenge;
    bool stack_draw2;            /* Draw 2 on Draw 2 chains */
    bool stack_wd4;              /* WD4 on WD4 chains */
    bool stack_draw2_on_wd4;     /* house rule: a Draw 2 may answer a WD4 */
    bool stack_wd4_on_draw2;     /* house rule: a WD4 may answer a Draw 2, Draw 2 held or not */
    bool forced_play;            /* house rule: one who can play must play */
    bool no_bluffing;            /* house rule: a WD4 breaking wd4_rule is refused, never challenged */
    bool two_player_reverse_skips;
    bool side_slide;             /* kpgut §7 */
    /* house rules (docs/rules.md 'House rules') */
    bool seven_o;                /* 7-0: a 7 swaps hands with a chosen player, a 0 passes every hand on */
    bool jump_in;                /* jump-in: a card identical to the top, out of turn; play goes on from its player */
    bool jump_in_wilds;          /* jump-in: Wilds and Wild Draw 4s too */
    bool last_card_draw;         /* kpgut §2: a special card as last card draws 1 */
    bool tactical_suspect;       /* kpgut §14 */
    UnoShownTo suspect_shown_to; /* §14: fi oldest, en suspecter */
    int wrong_suspect_draw;      /* §14: 4 */
    /* UNO call */
    int uno_penalty;             /* 0: none (classic), 2, 4 (booklet) */
    int uno_grace_ms;            /* kpgut §1: 3000; 0: said with the play */
    UnoUnoWindow uno_window;
    bool uno_self_catch;         /* booklet: a late call before anyone catches is safe */
    /* end and scoring */
    bool play_to_last;           /* kpgut: everybody is ranked */
    bool stock_out_ends;         /* kpgut §5 */
    int hand_limit;              /* house rule (mercy): a player holding this many cards is out; 0: none */
    UnoScoring scoring;
    int target;                  /* 500 */
    int time_limit_min;          /* kpgut session: 60; 0 = none */
    bool partners;               /* booklet: 4 players, partners opposite */
    /* people */
    bool giveup;                 /* §9 */
    UnoPile giveup_into;         /* §9: fi played cards, en stock */
    bool join;                   /* §13 */
    int join_cards;              /* 9 */
    int spectators;              /* §3.2: how many may watch (KPGUT 8; the others 0) */
    bool spectators_see_hands;   /* spectators see every hand and drawn card ('Player Etiquette') */
    bool warnings;               /* §15 */
    bool votes;                  /* §11 */
    bool honour;                 /* §10: illegal plays go through and can be caught */
    int cheat_penalty;           /* §10: 2 */
    int away_ms;                 /* §8: 0 = off */
    int away_draw;               /* §8: 2 */
    int help_penalty;            /* §3.1: a helper draws 2; 0: the rules say nothing of helping */
} UnoRules;

/* Describes one option for `uno rules`, docs and the generic setter. */
typedef enum { UNO_OPT_BOOL, UNO_OPT_INT, UNO_OPT_ENUM, UNO_OPT_CARDS } UnoOptType;
typedef struct UnoOptionInfo {
    const char *name;
    UnoOptType type;
    const char *const *values; /* enum value names, NULL-terminated */
    const char *meaning;
    const char *source;        /* book and paragraph */
} UnoOptionInfo;

/* The option table, in a stable order. */
const UnoOptionInfo *uno_rules_options(size_t *count);
/* The option of that name, or NULL. */
const UnoOptionInfo *uno_rules_option(const char *name);
/* Names of the built-in rule sets ("mattel", "classic", "kpgut"), NULL-terminated. */
const char *const *uno_rules_builtin_names(void);
/* The same as one text for messages: "mattel, classic, kpgut". */
const char *uno_rules_builtin_list(void);
/* The text of a built-in rules file (compiled in from rules/NAME.rules), or NULL. */
const char *uno_rules_builtin_text(const char *name);
/* Loads a built-in rule set. */
UnoStatus uno_rules_preset(const char *name, UnoRules *out, char *err, size_t errlen);
/* Presets: named sets of house rules, applied over any rule set (docs/rules.md
 * "Presets"). Each setting is an option and its value as uno_rules_set reads it. */
#define UNO_PRESET_SETTINGS 8
typedef struct UnoPresetSetting {
    const char *option, *value;
} UnoPresetSetting;
typedef struct UnoPreset {
    const char *name;    /* "stack_everything" */
    const char *meaning; /* for `uno rules` and the docs */
    UnoPresetSetting settings[UNO_PRESET_SETTINGS]; /* the first with option NULL ends them */
} UnoPreset;
/* The presets, in a stable order. */
const UnoPreset *uno_presets(size_t *count);
/* Their names as one text for messages: "stack_everything, draw_to_match, ...". */
const char *uno_presets_list(void);
/* Sets the options of the preset `name` in r; on failure r is as it was. */
UnoStatus uno_rules_apply_preset(UnoRules *r, const char *name, char *err, size_t errlen);
/* Parses a rules file's text: "key = value" lines, '#' comments, an optional
 * "base = NAME" first. Errors name the line: "line 4: unknown option 'foo'". */
UnoStatus uno_rules_parse(const char *text, UnoRules *out, char *err, size_t errlen);
/* Whether the option is a house rule (its source says "house rule",
 * docs/rules.md 'House rules') that is off in r: such options are left out
 * of a game's hash and of a saved `new`, so that games without house rules
 * keep the hashes and the save files they had before house rules came. */
bool uno_rules_house_rule_off(const UnoRules *r, const UnoOptionInfo *opt);
/* Sets one option from its text form ("true", "3", "oldest", "R7"). */
UnoStatus uno_rules_set(UnoRules *r, const char *key, const char *value, char *err, size_t errlen);
/* Writes the text form of an option's value into buf. */
UnoStatus uno_rules_get(const UnoRules *r, const char *key, char *buf, size_t len);
/* The cards of one deck: 108, and the house-rule blanks (blanks that replace
 * a lost card only restore it: booklet 'Blank card'). */
int uno_rules_deck_size(const UnoRules *r);
/* Whether a Wild Draw 4 may be challenged: the rules have a challenge, and
 * bluffs (no_bluffing refuses them, so there is nothing to challenge). */
bool uno_rules_wd4_challenge(const UnoRules *r);
/* House rule 7-0 (seven_o, docs/rules.md 'House rules'): whether a play in
 * turn (or a jump-in, jump_in) whose last card is `last`, leaving the
 * player hand_left cards, swaps hands, and so names the player to swap
 * with (UnoAction.target): a 7 that is not the player's last card. */
static inline bool uno_rules_play_swaps(const UnoRules *r, UnoCard last, int hand_left)
{
    return r->seven_o && uno_card_value(last) == 7 && hand_left > 0;
}
/* Checks the combination (e.g. partners needs exactly 4 players). */
UnoStatus uno_rules_validate(const UnoRules *r, int nplayers, char *err, size_t errlen);

/* ----------------------------------------------------------------- setup */

#define UNO_MAX_PLAYERS 30
#define UNO_NAME_LEN 24
#define UNO_MAX_DECKS 5          /* ceil(UNO_MAX_PLAYERS / 7) */
#define UNO_MAX_CARDS (UNO_MAX_DECKS * 112)
#define UNO_MAX_SPECTATORS 8

typedef struct UnoPlayerInfo {
    char name[UNO_NAME_LEN];
    int age;                     /* years; ties: the earlier seat counts as older */
} UnoPlayerInfo;

struct UnoEvent;

typedef struct UnoSetup {
    int nplayers;
    UnoPlayerInfo players[UNO_MAX_PLAYERS];
    uint64_t seed;
    int dealer;                  /* seat, or -1: the rule set picks (with the seed) */
    int ndeck_top;               /* the top of the stock before the deal, top first */
    UnoCard deck_top[UNO_MAX_CARDS];
    int64_t t;                   /* the clock when the game begins (ms) */
    /* optional: receives the deal's events (who deals, the first card and
     * what it does); used during uno_game_new/init only */
    void (*emit)(void *ctx, const struct UnoEvent *ev);
    void *ctx;
    /* Room in the game's block for people who come after the deal (the
     * block never grows): seats for KPGUT §13 newcomers, places for §3.2
     * spectators. Each is cut to what the rules can use (no newcomers
     * without `join`, UNO_MAX_PLAYERS seats in all, the rules' `spectators`);
     * a join or spectator past it is refused with UNO_E_NO_ROOM. 0 (as
     * uno_setup_init leaves them): room for the players only. Negative:
     * UNO_E_BAD_REQUEST. */
    int room_newcomers;
    int room_spectators;
} UnoSetup;

void uno_setup_init(UnoSetup *s); /* zero players, dealer -1, no room for more */

typedef struct UnoGame UnoGame;

/* Bytes a game needs for these rules and setup: its players, and the room
 * the setup asks for newcomers and spectators (as far as the rules can
 * use it). The setup need not be valid: an invalid one is refused later. */
size_t uno_game_size(const UnoRules *rules, const UnoSetup *setup);
/* Allocates and deals into *out: UNO_OK, or a status and a message (a bad
 * setup; UNO_E_NOMEM) and *out NULL. */
UnoStatus uno_game_create(const UnoRules *rules, const UnoSetup *setup, UnoGame **out, char *err, size_t errlen);
/* uno_game_create, returning the game: NULL with a message on a bad setup
 * or out of memory (uno_game_create tells which). */
UnoGame *uno_game_new(const UnoRules *rules, const UnoSetup *setup, char *err, size_t errlen);
/* Deals into caller memory of uno_game_size() bytes (no allocation). */
UnoStatus uno_game_init(UnoGame *mem, const UnoRules *rules, const UnoSetup *setup, char *err, size_t errlen);
/* uno_game_init in two halves, for callers that deal many games with the
 * same rules and people (simulations): uno_game_prepare checks the rules
 * and the setup once and lays the table out (the seats, the clock, the deck
 * in order) into caller memory of uno_game_size() bytes, without dealing:
 * the setup's seed and emit are not used, and the prepared game is not a
 * game to play. uno_game_deal then deals game `seed` into g (which may be
 * `prepared` itself; else it is copied first, and stays as it was): the
 * game uno_game_init deals from the same setup with that seed, without its
 * events, and with nothing checked again. A setup with a stacked deck_top
 * is checked by uno_game_prepare, but only uno_game_init deals it. */
UnoStatus uno_game_prepare(UnoGame *mem, const UnoRules *rules, const UnoSetup *setup, char *err, size_t errlen);
void uno_game_deal(UnoGame *g, const UnoGame *prepared, uint64_t seed);
void uno_game_free(UnoGame *g);
/* dst must have at least uno_game_bytes(src) bytes. */
void uno_game_copy(UnoGame *dst, const UnoGame *src);
size_t uno_game_bytes(const UnoGame *g); /* the size of this game's block */

/* --------------------------------------------------------------- actions */

typedef enum UnoActionType {
    UNO_ACT_PLAY, UNO_ACT_DRAW, UNO_ACT_PASS, UNO_ACT_COLOR, UNO_ACT_TAKE,
    UNO_ACT_CHALLENGE, UNO_ACT_UNO, UNO_ACT_CATCH, UNO_ACT_SUSPECT,
    UNO_ACT_GIVEUP, UNO_ACT_JOIN, UNO_ACT_VOTE, UNO_ACT_TICK,
    UNO_ACT_WARN,        /* §15: the oldest (youngest) warns target */
    UNO_ACT_DISPUTE,     /* §11: seat opens a yes/no vote */
    UNO_ACT_SPECTATE,    /* §3.2: a spectator comes to watch (name, age) */
    UNO_ACT_HELP,        /* §3.1: the table (seat: the oldest, or youngest) rules that target helped */
    UNO_ACT_SPECTATOR_HELP, /* §3.2: the oldest rules that spectator helped target; uno: joins (§13) */
    UNO_ACT_ALLOW_HELP,  /* §3.2: the oldest lets spectator help target, a novice */
    UNO_ACT_COUNT
} UnoActionType;

#define UNO_MAX_SET 32 /* cards in one play */

typedef struct UnoAction {
    uint8_t type;        /* UnoActionType */
    int8_t seat;         /* who acts (-1 for tick, join, spectate) */
    int8_t target;       /* catch, suspect, warn, help; join: the seat taken; play: a 7's swap (7-0), else -1 */
    int8_t spectator;    /* spectator_help, allow_help: the spectator's number */
    int8_t color;        /* play with wilds, color: UNO_RED..; else UNO_NO_COLOR */
    bool uno;            /* play: UNO said with the play; vote: the yes/no; spectator_help: joins */
    uint8_t ncards;
    UnoCard cards[UNO_MAX_SET]; /* play: in the order played */
    int16_t age;         /* join, spectate */
    char name[UNO_NAME_LEN]; /* join, spectate */
    int64_t t;           /* ms since the game began; < 0: the clock stands still */
} UnoAction;

void uno_action_init(UnoAction *a, UnoActionType type, int seat); /* color none, t -1 */
const char *uno_action_name(UnoActionType type); /* the protocol op: "play", ... */

/* ---------------------------------------------------------------- events */

typedef enum UnoEventType {
    UNO_EV_PLAY,       /* seat, cards, color (the colour in force after it) */
    UNO_EV_SLIDE,      /* seat side-slid cards (§7) */
    UNO_EV_DRAW,       /* seat, count, reason, cards (the cards drawn) */
    UNO_EV_TURN,       /* seat */
    UNO_EV_SKIP,       /* seat loses their turn */
    UNO_EV_DIRECTION,  /* count: +1 / -1 */
    UNO_EV_COLOR,      /* seat named color */
    UNO_EV_PENDING,    /* seat faces count cards */
    UNO_EV_UNO,        /* seat said UNO */
    UNO_EV_CATCH,      /* seat caught target (for UNO or, reason CHEAT, §10) */
    UNO_EV_CHALLENGE,  /* seat challenged target; count 1 guilty, 0 innocent */
    UNO_EV_SUSPECT,    /* seat suspected target of a tactical draw; count 1 right, 0 wrong */
    UNO_EV_REVEAL,     /* seat's hand (cards) shown to target (-1: everybody) */
    UNO_EV_RESHUFFLE,  /* count cards from the pile became the stock; seat shuffled */
    UNO_EV_FINISH,     /* seat finished with rank count */
    UNO_EV_GIVEUP,     /* seat gave up (§9) */
    UNO_EV_WARN,       /* seat warned target (§15) */
    UNO_EV_EJECT,      /* target ejected (§15) */
    UNO_EV_JOIN,       /* seat joined (§13) */
    UNO_EV_SPECTATE,   /* a spectator came */
    UNO_EV_VOTE,       /* seat voted (count 1 yes, 0 no) */
    UNO_EV_DECIDED,    /* the open vote decided: count 1 yes, 0 no */
    UNO_EV_CHEAT,      /* honour mode: seat's play was illegal (public once caught) */
    UNO_EV_DEAL,       /* seat deals */
    UNO_EV_TIMEOUT,    /* seat was away on their turn (§8) */
    UNO_EV_OVER,       /* the game ended; reason */
    UNO_EV_DISPUTE,    /* seat opened a §11 vote */
    UNO_EV_FIRST,      /* the first card was turned up (cards, color) */
    UNO_EV_CUT,        /* seat drew a card to choose the dealer (cards; count: the round) */
    UNO_EV_HELP,       /* seat ruled that target helped (§3.1, §3.2); count: the spectator, or -1;
                          target -1: the spectator was sent away */
    UNO_EV_ALLOW_HELP, /* seat let spectator (count) help target (§3.2) */
    UNO_EV_SWAP,       /* 7-0: seat and target swapped hands (no cards: each sees its own) */
    UNO_EV_ROTATE,     /* 7-0: seat's 0 passed every hand on, count: the direction (+1 / -1) */
    UNO_EV_COUNT
} UnoEventType;
/* Every event type, as a set (uno_game_step_listed): bit k for type k. */
#define UNO_EVENTS_ALL ((1ULL << UNO_EV_COUNT) - 1)

typedef enum UnoReason {
    UNO_R_NONE, UNO_R_DRAW, UNO_R_DRAW2, UNO_R_WILD4, UNO_R_CHAIN, UNO_R_UNO,
    UNO_R_CHALLENGE, UNO_R_SUSPECT, UNO_R_LAST_CARD, UNO_R_AWAY, UNO_R_JOIN,
    UNO_R_CHEAT, UNO_R_BLANK, UNO_R_OUT,   /* over: someone went out */
    UNO_R_LAST_PLAYER,                    /* over: one player remains (kpgut) */
    UNO_R_EXHAUSTED,                      /* over: §5, or nobody can move */
    UNO_R_TIME,                           /* over: the one-hour limit */
    UNO_R_HELP,                           /* draw: §3.1, §3.2 */
    UNO_R_MERCY,                          /* giveup: the hand reached hand_limit (house rule) */
    UNO_R_COUNT
} UnoReason;

typedef struct UnoEvent {
    uint8_t type;        /* UnoEventType */
    uint8_t reason;      /* UnoReason */
    int8_t seat, target;
    int8_t color;
    int16_t count;
    uint16_t ncards;
    const UnoCard *cards; /* valid during the callback only */
} UnoEvent;

const char *uno_event_name(UnoEventType type);   /* protocol "type" */
const char *uno_reason_name(UnoReason reason);   /* protocol "reason" */

/* Receives each event a successful action causes, in order. */
typedef void (*UnoEventFn)(void *ctx, const UnoEvent *ev);

/* Applies an action. On failure, nothing changes and err says why. emit may
 * be NULL (simulations). A join (KPGUT §13) or a spectator (§3.2) past the
 * room the game was created with (UnoSetup.room_newcomers,
 * room_spectators) is UNO_E_NO_ROOM. */
UnoStatus uno_game_apply(UnoGame *g, const UnoAction *a, UnoEventFn emit, void *ctx,
                   char *err, size_t errlen);
/* Whether time reaching t fires a timer of g (KPGUT §8's away timer, the
 * one-hour limit of a scored KPGUT game): a front end that keeps the clock
 * applies a tick at t then (docs/rules.md reading 10). The UNO grace needs none:
 * a catch compares times. */
bool uno_game_timers_due(const UnoGame *g, int64_t t);
/* The clocks a table shows, on the game's clock (ms), INT64_MAX where the
 * rules have none: when the game began (KPGUT "Scoring" counts its minutes
 * from then), when §8's away timer fires for the player in turn, and when
 * the one-hour limit of a scored KPGUT game ends it. */
int64_t uno_game_start_time(const UnoGame *g);
int64_t uno_game_away_at(const UnoGame *g);
int64_t uno_game_limit_at(const UnoGame *g);
/* When the seat, who left themself one card without saying UNO, can be
 * caught (the end of KPGUT §1's grace; at once without one); -1 when there
 * is no such fault to catch (said, or the window closed). Public: everyone
 * at the table sees who played down to one card and who said UNO. */
int64_t uno_game_catchable_at(const UnoGame *g, int seat);
/* The trusted fast path, for searches and simulations: applies an action
 * that uno_game_legal lists for this very state (or that a bot chose from
 * uno_game_playable), without checking it, without events and without the
 * clock (a->t is ignored: no timer runs). Anything else is undefined: an
 * action from elsewhere (a person, a file, the network) goes through
 * uno_game_apply. The game is the same as after uno_game_apply. */
void uno_game_step(UnoGame *g, const UnoAction *a);
/* uno_game_apply for an action that uno_game_legal listed for this very
 * state (or a tick), for environments that keep what each seat saw: the
 * same checks and the same game after it, but each event goes to emit as
 * it is made, while the action is under way, rather than after it (emit
 * must not change the game, and sees it part-way), so that no event
 * buffer and no copy of the game is needed. An action refused by its
 * check changes nothing and emits nothing, as the checks come before any
 * change; time that fires a timer (uno_game_timers_due) goes through
 * uno_game_apply. */
UnoStatus uno_game_apply_listed(UnoGame *g, const UnoAction *a, UnoEventFn emit, void *ctx, char *err,
                                size_t errlen);
/* uno_game_step with events, for environments that keep what each seat
 * saw and apply only what the engine listed: the trusted path (an action
 * uno_game_legal listed for this very state, or a bot chose from it;
 * unchecked; a->t ignored, no timer runs), each event of the types in
 * `events` (bit k for UnoEventType k; UNO_EVENTS_ALL) handed to emit as it
 * is made, as uno_game_apply_listed hands them; events of other types are
 * not even made up. The same game, and of those types the same events, as
 * uno_game_apply_listed for such an action (a->t < 0); anything else is
 * undefined. */
void uno_game_step_listed(UnoGame *g, const UnoAction *a, uint64_t events, UnoEventFn emit, void *ctx);

/* Every action `seat` could take now that would succeed (plays: one entry
 * per colour for wilds; sets: one entry per distinct outcome: which cards,
 * which first, which last; a 7 that swaps hands under 7-0: one entry per
 * player to swap with). Timed actions use the game's current clock.
 * Returns the count written (at most max); *total gets the full count. */
int uno_game_legal(const UnoGame *g, int seat, UnoAction *out, int max, int *total);
/* The types of the actions uno_game_legal lists for seat now, bit k for
 * type k (1u << UNO_ACT_PLAY, ...), without building the list: which
 * decisions the seat has, and whether it has any, at a fraction of the
 * cost (an environment asks it of every seat after every action). */
uint32_t uno_game_legal_types(const UnoGame *g, int seat);
/* uno_game_legal_types of every seat not in turn at once, into
 * types[0 .. players): the seat in turn's entry is 0 (list it, or ask
 * uno_game_legal_types), and every entry is 0 once the game is over.
 * Returns the seats with any type, bit s for seat s. Who may catch,
 * suspect, warn or rule on a target depends on the target alone: asked
 * once a target, not once a pair of seats, which is what an environment
 * that asks every seat after every action pays for. */
uint32_t uno_game_out_of_turn_types(const UnoGame *g, uint32_t types[UNO_MAX_PLAYERS]);

/* ------------------------------------------------------------- inspection */

typedef enum UnoPhase {
    UNO_PHASE_TURN,        /* the player in turn plays or draws */
    UNO_PHASE_COLOR,       /* the player in turn names the colour of a Wild turned up */
    UNO_PHASE_PENDING,     /* the player in turn faces a draw: take, continue, challenge */
    UNO_PHASE_DRAWN,       /* the player drew a playable card: play it or pass */
    UNO_PHASE_MUST_PLAY,   /* kpgut: drew until playable, must play (or keep drawing) */
    UNO_PHASE_FREE_PLAY,   /* kpgut: after a right WD4 suspicion, any card */
    UNO_PHASE_OVER
} UnoPhase;

int uno_game_nplayers(const UnoGame *g);
const UnoRules *uno_game_rules(const UnoGame *g);
UnoPhase uno_game_phase(const UnoGame *g);
int uno_game_turn(const UnoGame *g);            /* seat, -1 when over */
int uno_game_direction(const UnoGame *g);       /* +1 clockwise, -1 */
UnoCard uno_game_top(const UnoGame *g);         /* UNO_NO_CARD before the opening play */
int uno_game_color(const UnoGame *g);           /* colour in force, UNO_NO_COLOR */
int uno_game_pending(const UnoGame *g);         /* cards the player in turn faces */
/* The Wild Draw 4 the player in turn faces: the seat that played it (-1:
 * none), and in *bluff (may be NULL) whether it broke wd4_rule. Who played
 * it is public; whether it was a bluff is not: ask it of a search's own
 * sampled world (uno_game_sample), never of a game another player sees. */
int uno_game_wd4_faced(const UnoGame *g, bool *bluff);
int uno_game_dealer(const UnoGame *g);
bool uno_game_over(const UnoGame *g);
int64_t uno_game_clock(const UnoGame *g);
int uno_game_hand_count(const UnoGame *g, int seat);
/* The seat's cards in deck order (above); returns the count (at most max). */
int uno_game_hand(const UnoGame *g, int seat, UnoCard *out, int max);
/* Counts per kind (UNO_KINDS entries) of the seat's hand. */
const uint8_t *uno_game_hand_kinds(const UnoGame *g, int seat);
int uno_game_stock_count(const UnoGame *g);
int uno_game_discard_count(const UnoGame *g);
/* Cards that left hands for a pile without a play so far: hands given up,
 * ejected (KPGUT §9, §15) or put out by the house rule hand_limit. */
int uno_game_set_aside(const UnoGame *g);
const UnoPlayerInfo *uno_game_player(const UnoGame *g, int seat);
/* 0: still playing; 1 best ...; -1 ejected (no rank). Shared places share a number. */
int uno_game_rank(const UnoGame *g, int seat);
bool uno_game_has_scores(const UnoGame *g);
/* This game's score of the seat (mattel: points won; kpgut: session points);
 * -1 where there is none (kpgut: not yet scored, or ejected). */
int uno_game_score(const UnoGame *g, int seat);
int uno_game_warnings(const UnoGame *g, int seat);
bool uno_game_said_uno(const UnoGame *g, int seat);
int uno_game_team(const UnoGame *g, int seat); /* partners: 0 or 1; else the seat */
int uno_game_oldest(const UnoGame *g);
int uno_game_youngest(const UnoGame *g);
int uno_game_nspectators(const UnoGame *g);
const UnoPlayerInfo *uno_game_spectator(const UnoGame *g, int i);
/* The open §11 vote: true, and its opener in *opener (may be NULL). */
bool uno_game_vote_open(const UnoGame *g, int *opener);
/* How the game ended (UNO_R_OUT, UNO_R_LAST_PLAYER, UNO_R_EXHAUSTED,
 * UNO_R_TIME, ...); UNO_R_NONE while it goes on. */
UnoReason uno_game_over_reason(const UnoGame *g);
/* The kinds of card (bit k: kind k) the seat could begin a legal play with
 * now: in turn, what matches (a Wild Draw 4 where a challenge may catch a
 * bluff, and only chain cards facing a draw, only the drawn card after a
 * draw); out of turn, a KPGUT §7 side slide or a jump-in (house rule
 * jump_in: a card identical to the top). A KPGUT set may add cards of
 * the same value after its first. The same set uno_game_legal's plays begin
 * with, without building the list. */
uint64_t uno_game_playable(const UnoGame *g, int seat);

/* A 64-bit hash of the whole state (for replays and bench signatures). */
uint64_t uno_game_hash(const UnoGame *g);
/* Invariants (card conservation, one player in turn, a valid phase).
 * UNO_OK, or a message naming the broken one. */
UnoStatus uno_game_check(const UnoGame *g, char *err, size_t errlen);

/* ------------------------------------------------------- what each may see */

/* Who looks at a game: a seat (0 .. nplayers-1), a spectator, or the
 * referee (who sees everything). Every front end and bot that shows a game
 * to someone goes through these two (visibility.c). */
enum { UNO_VIEWER_REFEREE = -1, UNO_VIEWER_SPECTATOR = -2 };

/* Whether the viewer may see the cards ev carries (every other field of an
 * event is public). Played, slid, turned-up, cut and caught cards are
 * public; drawn cards belong to the drawer; a shown hand to its owner and to
 * whom it is shown (everybody for a §9 give-up); spectators see what
 * spectators_see_hands lets them. Deny by default: an event type this does
 * not know shows its cards to the referee only. */
bool uno_event_visible(const UnoRules *rules, const UnoEvent *ev, int viewer);
/* Whether the viewer may see seat's hand, under these rules. */
bool uno_hand_visible(const UnoRules *rules, int seat, int viewer);

/* A viewer's record of a game: every event as that viewer saw it (the public
 * history: every card played or slid and by whom, every draw's count, every
 * hand shown to it), and what it knows of the others' hands. Feed it every
 * event of the game, in order, from the deal on (history.c). A seated
 * viewer moves up one seat when a newcomer sits down before it (KPGUT §13). */
typedef struct UnoHistory UnoHistory;
UnoHistory *uno_history_new(int viewer);  /* NULL when out of memory */
void uno_history_free(UnoHistory *h);
/* A copy of h that owns its own events (for a bot thinking on another
 * thread while h goes on). NULL when out of memory. */
UnoHistory *uno_history_copy(const UnoHistory *h);
/* Records ev as the viewer sees it. UNO_OK, or UNO_E_NOMEM (nothing is
 * recorded). */
UnoStatus uno_history_add(UnoHistory *h, const UnoRules *rules, const UnoEvent *ev);
int uno_history_count(const UnoHistory *h);
/* Event i as the viewer saw it: ncards 0 and cards NULL where it may not
 * see them (count still says how many). Valid until the history is freed. */
const UnoEvent *uno_history_event(const UnoHistory *h, int i);
/* The cards the viewer knows seat holds, counts per kind: shown to it, or
 * taken back by a caught cheat in view of all, and not played since. */
const uint8_t *uno_history_known(const UnoHistory *h, int seat);
/* The pile under the last Wild Draw 4 (its top card and colour in force). */
bool uno_history_wd4_pile(const UnoHistory *h, UnoCard *top, int *color);
/* Cards seat has drawn in its turn since it last played (0: it is not the
 * last to draw), and the pile when it began to draw. */
int uno_history_turn_draws(const UnoHistory *h, int seat, UnoCard *top, int *color);

/* What the viewer knows a hand lacks. A draw that goes on shows that the
 * hand held nothing playable before its last card: a draw until playable
 * (KPGUT "Playing a Card"; the draw option until_playable; the youngest's
 * opening, docs/rules.md reading 6) of two cards or more. Of seat's cards
 * that h does not say it holds (uno_history_known), all but the `newer`
 * cards drawn since are of none of the kinds in `kinds` (a bit per kind).
 * Oldest first; *voids points to them (valid until the next add). */
typedef struct UnoVoid {
    uint64_t kinds;
    int newer;
} UnoVoid;
int uno_history_voids(const UnoHistory *h, int seat, const UnoVoid **voids);

/* A determinization, for search (sample.c): `out` (uno_game_bytes(g) bytes)
 * becomes a copy of g in which every card hidden from seat (the other hands,
 * the stock) is dealt again at random, consistent with what seat knows: every
 * hand keeps its count and the cards h says it holds, and lacks what h says
 * it lacks (uno_history_voids); a player in the middle
 * of a draw (a Mattel drawn card waiting, KPGUT's draw until playable) holds
 * a playable card; the hidden rulings (an illegal Wild Draw 4, a tactical
 * draw, a caught cheat's) follow the dealt hands, and a hidden field the
 * game no longer needs is reset, so that nothing of the real game's hidden
 * state is left in the copy. The generator is reseeded from `seed`, so
 * that future draws cannot be foreseen. seat's own hand, the pile, counts,
 * and every public fact stay as they are; uno_game_check passes and seat's
 * legal actions are the same. The hidden cards are gathered in the order of
 * their kinds before the shuffle, so the copy depends on what seat knows
 * and on the seed only, not on where the hidden cards really are. h may be
 * NULL (nothing known beyond counts; a coin decides the hidden rulings).
 * UNO_OK, or UNO_E_BAD_REQUEST when h contradicts g (a known card is gone). */
UnoStatus uno_game_sample(const UnoGame *g, int seat, const UnoHistory *h, uint64_t seed, UnoGame *out);

/* ------------------------------------------------------------------- rng */

/* xoshiro256** seeded by splitmix64: the engine's only randomness. */
typedef struct UnoRng { uint64_t s[4]; } UnoRng;
void uno_rng_seed(UnoRng *r, uint64_t seed);
uint64_t uno_rng_next(UnoRng *r);
/* The game's own generator (the deal's and the reshuffles'): its state is
 * part of the game, so a copy draws the same cards (simulations fold it into
 * their end digests). */
const UnoRng *uno_game_rng(const UnoGame *g);
uint32_t uno_rng_below(UnoRng *r, uint32_t n); /* uniform 0..n-1, n > 0 */

#ifdef __cplusplus
}
#endif
#endif
