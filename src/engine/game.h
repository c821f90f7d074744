/*
 * game.h — the engine's internal state and the functions its modules share.
 *
 * One UnoGame is one flat block: the header below, then `capacity` seats,
 * then `spectator_room` spectators, then the stock (deck_size slots). No
 * pointers inside, so a game is copied with memcpy. A game is dealt with
 * room for its players and the §13 joiners and §3.2 spectators its setup
 * asked room for (UnoSetup.room_newcomers, room_spectators), and never
 * grows: a 4-player KPGUT game dealt without room asked is as small as a
 * Mattel one.
 *
 * What stays true (uno_game_check verifies it after every move in UNO_DEBUG
 * builds, after SQLite's assert_state idea):
 *  - conservation: sum of hands + stock_n + discard_n == deck_size;
 *  - discard_kinds counts the discard pile, top card included (top is
 *    UNO_NO_CARD only before KPGUT's opening play, with an empty pile);
 *  - each hand's mask has bit k set exactly when kinds[k] > 0, and count is
 *    the sum of kinds;
 *  - while not over, `turn` is an active seat (status PLAYING);
 *  - phase PENDING has pending > 0; other phases have pending == 0.
 */
#ifndef UNO_ENGINE_GAME_H
#define UNO_ENGINE_GAME_H

#include "uno.h"
#include "engine/fail.h"

typedef enum SeatStatus { SEAT_PLAYING, SEAT_FINISHED, SEAT_GAVE_UP, SEAT_EJECTED } SeatStatus;
typedef enum PendingKind { PENDING_NONE, PENDING_DRAW2, PENDING_WILD4 } PendingKind;
typedef enum UnoCall { CALL_NONE, CALL_SAID, CALL_FAULT } UnoCall;

typedef struct Hand {
    uint64_t mask;              /* bit k: holds at least one card of kind k */
    uint16_t count;
    uint8_t kinds[UNO_KINDS];
} Hand;

typedef struct Seat {
    Hand hand;
    UnoPlayerInfo info;
    int64_t fault_t;            /* call == CALL_FAULT: when the fault began (ms) */
    int16_t score;              /* -1: none yet */
    int8_t status;              /* SeatStatus */
    int8_t rank;                /* finished: 1..; 0 while playing */
    int8_t call;                /* UnoCall: the UNO call of the current one-card hand */
    int8_t warnings;            /* KPGUT §15 */
    int8_t vote;                /* -1 none, 0 no, 1 yes: the open §11 vote */
} Seat;

/* KPGUT §10 (honour mode): what an illegal play changed, to take it back. */
typedef struct Cheat {
    int8_t seat;                /* -1: none open */
    int8_t ncards;
    UnoCard cards[UNO_MAX_SET];
    UnoCard top, drawn;         /* before the play */
    int8_t turn;                /* the seat in turn before it: another seat when played out of turn */
    int8_t color, direction, phase, pending_kind, wd4_seat;
    bool wd4_illegal;
    int16_t pending;
} Cheat;

/* Cards kept of those a Wild Draw 4's player draws before it is challenged
 * (a UNO penalty of 2 or 4, KPGUT help rulings of 2): more than enough. */
#define WD4_SINCE 12

struct UnoGame {
    UnoRules rules;
    UnoRng rng;
    int64_t t;                  /* the clock: ms since the game began */
    int64_t start_t;
    int64_t turn_t;             /* when the current turn began (§8 away timer) */
    int16_t deck_size;
    int16_t stock_n;            /* stock()[stock_n - 1] is the top of the stock */
    int16_t discard_n;
    int16_t pending;            /* cards the player in turn faces */
    int8_t nplayers, capacity;
    int8_t turn, dealer, direction;
    int8_t phase;               /* UnoPhase */
    int8_t pending_kind;        /* PendingKind */
    int8_t color;               /* colour in force */
    UnoCard top;
    UnoCard drawn;              /* PHASE_DRAWN: the card that may be played */
    int8_t wd4_seat;            /* who played the WD4 the player in turn faces */
    bool wd4_illegal;           /* that WD4 broke wd4_rule (known to the engine only) */
    int8_t wd4_nsince;          /* cards wd4_seat drew since it played that WD4 (a UNO penalty) */
    UnoCard wd4_since[WD4_SINCE]; /* ... the first of them: a challenge shows the hand without them */
    bool said_before;           /* the player in turn said UNO before playing */
    bool maybe_fault;           /* false: no seat's call is CALL_FAULT (saves a scan) */
    int8_t tactical_seat;       /* §14: the last player who drew in their turn; -1 none */
    bool tactical_right;        /* ... and held a playable card when they did */
    int8_t stuck;               /* turns in a row with no card played or drawn (reading 8) */
    int8_t finished;            /* players ranked by finishing */
    int16_t set_aside;          /* cards that left hands for a pile without a play (§9, §15, hand limit) */
    int8_t vote_opener;         /* §11: -1 none */
    int8_t nspectators;
    int8_t spectator_room;      /* spectators the block has room for */
    int8_t over_reason;         /* UnoReason, when over */
    int8_t oldest, youngest;    /* by seat_ages, kept by note_ages when the seats change (-1: nobody) */
    int8_t help_allowed[UNO_MAX_SPECTATORS]; /* §3.2: the seat each spectator may help; -1 none */
    uint8_t discard_kinds[UNO_KINDS];
    Cheat cheat;
    Seat seats[];               /* capacity seats, then the stock */
};

static inline UnoPlayerInfo *game_spectators(UnoGame *g)
{
    return (UnoPlayerInfo *)(g->seats + g->capacity);
}
static inline const UnoPlayerInfo *game_spectators_c(const UnoGame *g)
{
    return (const UnoPlayerInfo *)(g->seats + g->capacity);
}
static inline UnoCard *game_stock(UnoGame *g)
{
    return (UnoCard *)(game_spectators(g) + g->spectator_room);
}
static inline const UnoCard *game_stock_c(const UnoGame *g)
{
    return (const UnoCard *)(game_spectators_c(g) + g->spectator_room);
}
static inline bool seat_active(const UnoGame *g, int s) { return g->seats[s].status == SEAT_PLAYING; }

/* ---- events (events.c): buffered until the action succeeds ---- */
typedef struct EventSink EventSink;
void ev_push(EventSink *out, UnoEventType type, int seat, int target, int color, int count,
             UnoReason reason, const UnoCard *cards, int ncards);
/* Whether an event of this type goes anywhere: a buffer keeps every one, a
 * direct sink those asked for, no sink none. Asked before an event that
 * costs to make (a hand shown). */
bool ev_wanted(const EventSink *out, UnoEventType type);
/* out is NULL when events are off (simulations): then nothing is even
 * passed, which matters on the hot path. */
static inline void ev_emit(EventSink *out, UnoEventType type, int seat, int target, int color,
                           int count, UnoReason reason, const UnoCard *cards, int ncards)
{
    if (out)
        ev_push(out, type, seat, target, color, count, reason, cards, ncards);
}

/* ---- the deck (game.c) ---- */
/* How many decks the game is played with (KPGUT "Requirements"). */
int deck_count(const UnoRules *r, int nplayers);
/* The cards of `decks` decks, as counts per kind (MyUNO "Equipment"). */
void deck_kinds(const UnoRules *r, int decks, int counts[UNO_KINDS]);
/* The cards of counts[] into out, in deck order (uno.h: how a new deck is
 * laid out before its shuffle, and the played cards before a reshuffle);
 * returns how many. */
int cards_in_deck_order(const int counts[UNO_KINDS], UnoCard *out);
/* What becomes of a card turned up as the first discard (docs/rules.md,
 * 'first card effects'): it stands; it is returned to the deck and another is
 * turned (MyUNO "Wild Draw 4 Card", booklet "Set up" 6, a blank); or another
 * card is turned over on top of it (classic "DEAL"). */
typedef enum { FIRST_STANDS, FIRST_RETURNED, FIRST_COVERED } FirstFate;
static inline FirstFate first_card_fate(const UnoRules *r, UnoCard c)
{
    if (c == UNO_WILD4)
        return r->first_wd4 == UNO_FIRST_WD4_COVER ? FIRST_COVERED : FIRST_RETURNED;
    if ((c == UNO_WILD && r->first_wild == UNO_FIRST_WILD_RETURN) || c == UNO_BLANK)
        return FIRST_RETURNED;
    return FIRST_STANDS;
}
/* MyUNO "Setup" 1: the seat that deals, by high card, drawn with rng from
 * `deck` (size cards in deck order, left as they are). */
int dealer_by_high_card(UnoRng *rng, int nplayers, const UnoCard *deck, int size, EventSink *out);

/* ---- hands and piles (pile.c; the steps of every action inline here) ---- */
static inline void hand_add(Hand *h, UnoCard c)
{
    h->kinds[c]++;
    h->mask |= 1ULL << c;
    h->count++;
}
static inline void hand_remove(Hand *h, UnoCard c)
{
    h->mask &= ~((uint64_t)(--h->kinds[c] == 0) << c); /* no branch on a random card */
    h->count--;
}
void shuffle_cards(UnoRng *rng, UnoCard *cards, int n);
/* The first k steps of shuffle_cards (n cards): they fix cards[n-k..n), and
 * the rest of the shuffle is shuffle_cards(rng, cards, n - k), drawing the
 * numbers the whole shuffle would have drawn next. */
void shuffle_top(UnoRng *rng, UnoCard *cards, int n, int k);
/* Draws up to n cards into seat's hand, reshuffling the pile when the stock
 * runs out (MyUNO "Going Out", classic "Going out", KPGUT §4). Returns the
 * number drawn: fewer when neither pile has cards left. *last (may be NULL)
 * gets the last card drawn. */
int draw_cards(UnoGame *g, int seat, int n, UnoReason reason, EventSink *out, UnoCard *last);
/* Draws `first` cards (0 or 1) for seat, then on until its hand can play
 * (KPGUT "Playing a Card", docs/rules.md reading 6), as one draw event (split
 * where the stock is reshuffled). Returns the number drawn; the hand still
 * cannot play when neither pile had cards left. */
int draw_until_playable(UnoGame *g, int seat, int first, EventSink *out);
/* Puts a played card on the discard pile. */
static inline void discard_push(UnoGame *g, UnoCard c)
{
    g->discard_kinds[c]++;
    g->discard_n++;
    g->top = c;
}
/* Moves cards into the played-cards pile below the top (KPGUT §9 Finnish). */
void discard_bury(UnoGame *g, const Hand *h);
/* Shuffles a hand into the stock (KPGUT §9 English). */
void stock_shuffle_in(UnoGame *g, const Hand *h);
int active_players(const UnoGame *g);
/* The next active seat after `from` in the direction of play (`from` itself
 * when no other seat is active). */
static inline int next_seat(const UnoGame *g, int from)
{
    int s = from, n = g->nplayers;
    do {
        s += g->direction; /* +1 or -1: wraps without a division */
        if (s < 0)
            s += n;
        else if (s >= n)
            s -= n;
    } while (!seat_active(g, s) && s != from);
    return s;
}
/* The seats' ages for uno_session.h's oldest, youngest and warner (which
 * break ties of age): ejected players have left the table (-1). */
void seat_ages(const UnoGame *g, int *ages);
/* Finds the oldest and the youngest seat anew: after the deal's seating,
 * a newcomer's (§13) and an ejection (§15), the only changes of the ages
 * seat_ages gives. The warner is asked of every seat after every action. */
void note_ages(UnoGame *g);
static inline int oldest_seat(const UnoGame *g) { return g->oldest; }
static inline int youngest_seat(const UnoGame *g) { return g->youngest; }

/* ---- what may be played (inline here: asked at every action; the list
 * of legal actions in legal.c). Playability is a bit set over the 55
 * kinds, so a question like "which of my cards match" is a few AND/OR
 * instructions. ---- */
#define LEGAL_COLOR(c) (0x1111111111111ULL << (UNO_YELLOW - (c))) /* uno_card_color_kinds, as a constant */
/* Bits 4v..4v + 3: the value in the four colours. */
static inline uint64_t value_mask(int v) { return 0xfULL << 4 * v; }
/* legal.c: the kinds of a top card's value (by card), of a colour in force
 * (by colour; none for UNO_NO_COLOR). */
extern const uint64_t legal_top_values[256];
extern const uint64_t legal_colors[UNO_COLORS + 1];

/* What matches the pile in a normal turn (MyUNO "Let's Play": colour,
 * number or symbol; Wild always; KPGUT "Basic Gameplay": value or colour):
 * with this top card and colour in force, and with the game's. */
static inline uint64_t pile_kinds(UnoCard top, int color)
{
    return 1ULL << UNO_WILD | 1ULL << UNO_BLANK | legal_colors[color] | legal_top_values[top];
}
static inline uint64_t pile_match_mask(const UnoGame *g) { return pile_kinds(g->top, g->color); }

/* uno_rules_wd4_challenge, inline here: asked at every play. */
static inline bool wd4_challenged(const UnoRules *r)
{
    return r->challenge != UNO_CHALLENGE_NONE && !r->no_bluffing;
}

/* Would a WD4 break the rule in force (MyUNO "Wild Draw 4", KPGUT "Wild+Draw 4")? */
static inline bool wd4_breaks_rule(const UnoGame *g, const Hand *h)
{
    uint64_t others = h->mask & ~(1ULL << UNO_WILD4);
    if (g->rules.wd4_rule == UNO_WD4_NO_PLAYABLE) /* KPGUT: no other card playable */
        return (others & pile_match_mask(g)) != 0;
    /* MyUNO / classic: no card matching the colour in force */
    return g->color != UNO_NO_COLOR && (others & LEGAL_COLOR(g->color)) != 0;
}

/* The kinds that may continue the draw chain the player in turn faces
 * (phase PENDING), were they held by h: KPGUT "Draw 2": a Draw 2 on a Draw
 * 2; "Wild+Draw 4": a Wild Draw 4 on a Draw 2 when holding no Draw 2
 * (docs/rules.md readings 1, 2); and the house rules' stackings. */
static inline uint64_t chain_mask(const UnoGame *g, const Hand *h)
{
    uint64_t m;
    if (g->pending_kind == PENDING_DRAW2) {
        m = g->rules.stack_draw2 ? value_mask(UNO_DRAW2) : 0;
        if (g->rules.stack_wd4_on_draw2 || (g->rules.wd4_on_draw2 && !(h->mask & value_mask(UNO_DRAW2))))
            m |= 1ULL << UNO_WILD4;
    } else {
        m = g->rules.stack_wd4 ? 1ULL << UNO_WILD4 : 0;
        if (g->rules.stack_draw2_on_wd4) /* house rule (docs/rules.md 'House rules') */
            m |= value_mask(UNO_DRAW2);
    }
    return m;
}

/* One card identical to the top, played out of turn (docs/rules.md 'Options:
 * jump-in'), never while a colour is to be named.
 * KPGUT §7's side slide: a number card. The house rule jump-in, the wider
 * reading, which holds where both are on: any coloured card, Wilds too with
 * jump_in_wilds; facing a draw, only a card that may continue its chain. */
static inline uint64_t out_of_turn_mask(const UnoGame *g, int seat)
{
    if (seat == g->turn || !seat_active(g, seat) || g->phase == UNO_PHASE_COLOR || g->phase == UNO_PHASE_OVER)
        return 0;
    const Hand *h = &g->seats[seat].hand;
    if (g->rules.jump_in) {
        if (!uno_card_is_colored(g->top) && !(g->rules.jump_in_wilds && uno_card_is_wild(g->top)))
            return 0;
        uint64_t m = h->mask & (1ULL << g->top);
        return g->phase == UNO_PHASE_PENDING ? m & chain_mask(g, h) : m;
    }
    if (g->rules.side_slide && uno_card_is_number(g->top))
        return h->mask & (1ULL << g->top);
    return 0;
}

/* Whether seat's legal play is made as in turn: the player in turn's, or
 * a jump-in, after which play goes on from the jumper (not a side slide,
 * after which the game goes on as if the card had not been played). */
static inline bool plays_as_turn(const UnoGame *g, int seat) { return seat == g->turn || g->rules.jump_in; }

/* Kinds of card the seat could start a play with now (ignores WD4 legality
 * where a challenge may catch it, and honour mode). */
static inline uint64_t playable_mask(const UnoGame *g, int seat)
{
    if (seat != g->turn)
        return out_of_turn_mask(g, seat);
    const Hand *h = &g->seats[seat].hand;
    uint64_t m;
    if (g->phase == UNO_PHASE_TURN || g->phase == UNO_PHASE_MUST_PLAY) { /* the most frequent, first */
        if (g->top == UNO_NO_CARD) /* KPGUT: any first card but WD4 */
            return h->mask & ~(1ULL << UNO_WILD4);
        m = pile_match_mask(g);
        /* Where a challenge can catch an illegal WD4 it may be played as a
         * bluff (MyUNO "Wild Draw 4" note; KPGUT suspicion); classic
         * and the house rule no_bluffing enforce the rule (docs/rules.md,
         * 'Wild Draw 4 challenge', 'House rules'). */
        if (wd4_challenged(&g->rules) || !wd4_breaks_rule(g, h))
            m |= 1ULL << UNO_WILD4;
        return h->mask & m;
    }
    switch (g->phase) {
    case UNO_PHASE_DRAWN: /* MyUNO: only the drawn card; classic "Reneging" */
        return h->mask & (1ULL << g->drawn);
    case UNO_PHASE_PENDING:
        return h->mask & chain_mask(g, h);
    case UNO_PHASE_FREE_PLAY: /* KPGUT: any card, not WD4 while holding others */
        m = h->mask;
        if (m & ~(1ULL << UNO_WILD4))
            m &= ~(1ULL << UNO_WILD4);
        return m;
    default: /* naming a colour, or over */
        return 0;
    }
}
/* Whether seat may play sets now (KPGUT "Playing a Card"): in turn, not
 * after a draw; else a play is one card. */
static inline bool plays_sets(const UnoGame *g, int seat)
{
    return g->rules.play_sets && seat == g->turn && g->phase != UNO_PHASE_DRAWN;
}
/* The most cards one legal play of the seat can hold (0: none). */
int largest_play(const UnoGame *g, int seat);

/* ---- predicates shared by the handlers and the move list ---- */
bool can_call_uno(const UnoGame *g, int seat, int64_t t); /* t < 0: the game's clock */
bool can_catch(const UnoGame *g, int seat, int target, int64_t t);
/* Whether target may be caught now, by any seat but target still at the table. */
bool catchable(const UnoGame *g, int target, int64_t t);
/* Whether any seat may be caught now (most often not): a call is a fault,
 * or, in honour mode, a cheat is open. */
static inline bool any_catchable(const UnoGame *g)
{
    return g->maybe_fault || (g->rules.honour && g->cheat.seat >= 0);
}
bool can_suspect(const UnoGame *g, int seat, int target);
/* The seat any other active seat may suspect now (KPGUT §14), or -1. */
int suspectable(const UnoGame *g);
bool can_warn(const UnoGame *g, int seat, int target);
bool can_draw(const UnoGame *g, int seat);

/* ---- turn flow (turn.c) ---- */
int turn_play(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int turn_draw(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int turn_pass(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int turn_take(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int turn_color(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int turn_challenge(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
/* Starts seat's turn with phase TURN. (Inline, as pass_turn: most actions
 * end with them.) */
static inline void begin_turn(UnoGame *g, int seat, EventSink *out)
{
    g->turn = (int8_t)seat;
    g->phase = UNO_PHASE_TURN;
    g->drawn = UNO_NO_CARD;
    g->said_before = false;
    g->turn_t = g->t;
    ev_emit(out, UNO_EV_TURN, seat, -1, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
}
/* Ends the current turn: the player `steps` seats on plays next. */
static inline void pass_turn(UnoGame *g, int steps, EventSink *out)
{
    int s = g->turn;
    for (int i = 1; i < steps; i++) {
        s = next_seat(g, s);
        ev_emit(out, UNO_EV_SKIP, s, -1, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
    }
    begin_turn(g, next_seat(g, s), out);
}
/* Applies what a play (or the opening card) does to the players after it. */
void apply_effects(UnoGame *g, int seat, UnoCard last, int ncards, EventSink *out);
/* The player in turn takes the pending draw and loses the turn. */
void take_pending(UnoGame *g, EventSink *out);
/* The player in turn neither played nor drew a card: the turn passes, or
 * the hand ends when a whole round went by so (docs/rules.md reading 8). */
void stuck_turn(UnoGame *g, EventSink *out);

/* ---- UNO calls, catches, suspicions (calls.c) ---- */
int call_uno(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int call_catch(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int call_suspect(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
/* A penalty: seat draws n; a short draw under stock_out_ends ends the game (KPGUT §5). */
void draw_penalty(UnoGame *g, int seat, int n, UnoReason reason, EventSink *out);
/* The window for catching ends (MyUNO "Going Out"; KPGUT §1, §10). */
void close_windows(UnoGame *g, bool by_play);
/* After seat's hand changed: a one-card hand must be called (MyUNO, KPGUT §1).
 * announce: the UNO said is told (an `uno` event); not when it was told at
 * the call made before the play. */
void note_one_card(UnoGame *g, int seat, bool said, bool announce, EventSink *out);

/* ---- people at the table (conduct.c) ---- */
int conduct_giveup(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int conduct_join(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int conduct_warn(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int conduct_spectate(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int conduct_dispute(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int conduct_vote(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
/* KPGUT §15: a warning; the second one ejects as in §9. */
void warn_seat(UnoGame *g, int warner, int target, EventSink *out);
/* The seat who warns `target` (uno_warner: the oldest, or the youngest if target is the oldest). */
int warner_for(const UnoGame *g, int target);
/* seat judges the conduct of target, who is playing (§15, §3.1): seat is warner_for(target). */
bool judges(const UnoGame *g, int seat, int target);
/* Who judges target's conduct now: warner_for(target) while target plays, else -1. */
int judge_of(const UnoGame *g, int target);
/* Whether the rules have rulings on conduct (§15 warnings, §3.1 help). */
static inline bool conduct_ruled(const UnoRules *r) { return r->warnings || r->help_penalty > 0; }
/* a->seat judges a->target (UNO_OK), or why not; `ruling` names it ("warn"). */
int check_judge(const UnoGame *g, const UnoAction *a, const char *ruling, char *err, size_t errlen);

/* §13: the checks before a newcomer may sit down (UNO_OK: they may). */
int join_refusal(const UnoGame *g, char *err, size_t errlen);
/* §13: a newcomer sits at `seat` (later seats move up one) and draws join_cards. */
void seat_newcomer(UnoGame *g, int seat, const char *name, int age, EventSink *out);

/* ---- helping (help.c) ---- */
bool can_help(const UnoGame *g, int seat, int target);
int help_player(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int help_spectator(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);
int help_allow(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen);

/* ---- the end of a game (ending.c) ---- */
/* A player's hand became empty. */
void player_out(UnoGame *g, int seat, EventSink *out);
/* Ends the game early: the remaining players are ranked as in KPGUT §6. */
void end_game_early(UnoGame *g, UnoReason reason, EventSink *out);
/* KPGUT §6 at the end of a game: sorts the n seats still in (hands[i] is
 * seats[i]'s hand), best first and stably, and gives each its place from 0
 * (tied hands share the place of the first of them). A seat alone is
 * compared with nobody: its hand is not read. */
void order_section6(const Hand **hands, int *seats, int n, int *places);
/* KPGUT: after a player left the game, ends it if one player remains. */
void check_last_player(UnoGame *g, EventSink *out);

/* ---- after every action (apply.c's uno_game_apply, turn.c's uno_game_step) ---- */
/* The house rule hand limit: who holds hand_limit cards is out (conduct.c). */
void knock_out_full_hands(UnoGame *g, EventSink *out);
/* The hand limit is checked; then KPGUT §4–§5: the stock is renewed as soon
 * as it runs out; when the played cards cannot make a new one, the game
 * ends as in §6. */
static inline void after_action(UnoGame *g, EventSink *out)
{
    if (g->rules.hand_limit && g->phase != UNO_PHASE_OVER)
        knock_out_full_hands(g, out);
    if (g->rules.stock_out_ends && g->phase != UNO_PHASE_OVER && g->stock_n == 0)
        end_game_early(g, UNO_R_EXHAUSTED, out);
}
/* UNO_DEBUG builds (make SAN=1): aborts when an invariant broke after a. */
#ifdef UNO_DEBUG
void assert_invariants(const UnoGame *g, const UnoAction *a);
#else
static inline void assert_invariants(const UnoGame *g, const UnoAction *a) { (void)g, (void)a; }
#endif
/* uno_game_step's and uno_game_step_listed's actions other than the
 * turn's (turn.c applies those): through their checked handler, their
 * events into out (NULL: none). */
void step_unchecked(UnoGame *g, const UnoAction *a, EventSink *out);

/* ---- the clock (clock.c; uno_game_timers_due in uno.h) ---- */
void run_timers(UnoGame *g, int64_t t, EventSink *out);


#endif
