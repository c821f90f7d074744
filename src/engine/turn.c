/*
 * turn.c — the player in turn: play, draw, pass, take, name a colour,
 * challenge; and what the cards do to the players after them.
 *
 * Every handler validates completely before it changes anything, so a
 * failed action leaves the game as it was.
 */
#include <string.h>

#include "engine/events.h"

#define BIT(k) (1ULL << (k))

static int require_turn(const UnoGame *g, int seat, char *err, size_t errlen)
{
    if (seat != g->turn)
        return fail(err, errlen, UNO_E_NOT_YOUR_TURN, "it is seat %d's turn", g->turn);
    return UNO_OK;
}

/* A seat acts: unless it is the one who drew last, the time to suspect that
 * draw is over (KPGUT §14). */
static void end_suspicion(UnoGame *g, int seat)
{
    if (g->tactical_seat != seat)
        g->tactical_seat = -1;
}

/* The player in turn begins their turn: this ends the catch windows that
 * close when the next player begins a turn (MyUNO "Going Out", booklet "Can
 * I catch a player": draws or plays), or plays cards (KPGUT §1, §10). */
static void start_action(UnoGame *g, int seat, bool plays)
{
    close_windows(g, plays);
    end_suspicion(g, seat);
}

static UnoReason pending_reason(const UnoGame *g)
{
    return g->pending_kind == PENDING_WILD4 ? UNO_R_WILD4 : UNO_R_DRAW2;
}

/* KPGUT §5: when the piles can no longer make a stock, the game ends as in
 * §6. Mattel and classic (docs/rules.md reading 8): the player draws what there
 * is and the game goes on. Returns false when the game ended. */
static bool draw_or_end(UnoGame *g, int seat, int n, UnoReason reason, EventSink *out)
{
    int got = draw_cards(g, seat, n, reason, out, NULL);
    if (got < n && g->rules.stock_out_ends) {
        end_game_early(g, UNO_R_EXHAUSTED, out);
        return false;
    }
    return true;
}

void take_pending(UnoGame *g, EventSink *out)
{
    int n = g->pending;
    UnoReason reason = pending_reason(g);
    g->pending = 0;
    g->pending_kind = PENDING_NONE;
    g->wd4_seat = -1;
    if (draw_or_end(g, g->turn, n, reason, out))
        pass_turn(g, 1, out);
}

/* A Draw 2 or WD4 lands on the next player (MyUNO "Functions of the Action
 * Cards"; KPGUT "Draw 2", "Wild+Draw 4"). Where the rules leave them a
 * choice — continue a chain, or challenge a WD4 — they must answer; else the
 * draw happens at once (docs/protocol.md "The protocol in brief"). */
static void add_pending(UnoGame *g, PendingKind kind, int amount, EventSink *out)
{
    g->pending = (int16_t)(g->pending + amount);
    /* the last card says what may answer (docs/rules.md reading 1: after a
     * WD4 only a WD4, unless the house rule lets a Draw 2 answer it) */
    g->pending_kind = (int8_t)kind;
    int victim = next_seat(g, g->turn);
    g->turn = (int8_t)victim;
    g->phase = UNO_PHASE_PENDING;
    g->drawn = UNO_NO_CARD;
    g->said_before = false;
    g->turn_t = g->t;
    bool may_challenge = g->pending_kind == PENDING_WILD4 && g->wd4_seat >= 0 &&
                         wd4_challenged(&g->rules);
    if (may_challenge || playable_mask(g, victim)) {
        ev_emit(out, UNO_EV_PENDING, victim, -1, UNO_NO_COLOR, g->pending, pending_reason(g), NULL, 0);
        return;
    }
    take_pending(g, out);
}

static void skip_players(UnoGame *g, int k, EventSink *out)
{
    pass_turn(g, 1 + k, out);
}

/* apply_effects, inline in the plays of turn.c (the trusted one-card play
 * compiles it with k = 1 and no events). */
static inline __attribute__((always_inline)) void card_effects(UnoGame *g, int seat, UnoCard last, int k,
                                                                EventSink *out)
{
    g->turn = (int8_t)seat;
    switch (uno_card_value(last)) {
    case UNO_SKIP: /* MyUNO "Skip"; KPGUT "Skip": k Skips skip k players */
        skip_players(g, k, out);
        return;
    case UNO_REVERSE:
        /* booklet "Challenge UNO" 1; KPGUT "Reverse": with two players it acts as Skip */
        if (active_players(g) == 2 && g->rules.two_player_reverse_skips) {
            skip_players(g, k, out);
            return;
        }
        if (k % 2) { /* KPGUT "Reverse": an even number keeps the direction */
            g->direction = (int8_t)-g->direction;
            ev_emit(out, UNO_EV_DIRECTION, seat, -1, UNO_NO_COLOR, g->direction, UNO_R_NONE, NULL, 0);
        }
        pass_turn(g, 1, out);
        return;
    case UNO_DRAW2:
        add_pending(g, PENDING_DRAW2, 2 * k, out);
        return;
    case UNO_WILD4:
        add_pending(g, PENDING_WILD4, 4 * k, out);
        return;
    case UNO_BLANK: { /* booklet "Blank card": the house rule of the rules file */
        int victim = next_seat(g, seat);
        if (g->rules.blank_draw > 0 &&
            !draw_or_end(g, victim, g->rules.blank_draw * k, UNO_R_BLANK, out))
            return;
        pass_turn(g, g->rules.blank_skip ? 2 : 1, out);
        return;
    }
    default:
        pass_turn(g, 1, out);
        return;
    }
}

void apply_effects(UnoGame *g, int seat, UnoCard last, int k, EventSink *out)
{
    card_effects(g, seat, last, k, out);
}

/* ------------------------------------------------------------------ play */

/* What no one can do with real cards, so even honour mode refuses it:
 * play cards they do not hold; and a Wild played last needs its colour. */
static int check_held(const UnoGame *g, const UnoAction *a, char *err, size_t errlen)
{
    const Hand *h = &g->seats[a->seat].hand;
    if (a->ncards == 0 || a->ncards > UNO_MAX_SET)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "a play needs 1 to %d cards", UNO_MAX_SET);
    for (int i = 0; i < a->ncards; i++) {
        UnoCard c = a->cards[i];
        if (c >= UNO_KINDS)
            return fail(err, errlen, UNO_E_BAD_REQUEST, "not a card");
        int need = 1; /* this card and the same ones before it in the play */
        for (int j = 0; j < i; j++)
            need += a->cards[j] == c;
        if (need > h->kinds[c])
            return fail(err, errlen, UNO_E_ILLEGAL, "seat %d does not hold %s", a->seat,
                        need > 1 ? "that many of those cards" : uno_card_name(c));
    }
    if (uno_card_is_wild(a->cards[a->ncards - 1]) && (a->color < 0 || a->color >= UNO_COLORS))
        return fail(err, errlen, UNO_E_BAD_REQUEST, "a Wild needs a colour (R, G, B or Y)");
    return UNO_OK;
}

/* The cards of the play's last value at its end: how many times it acts
 * (all of them in a legal set, KPGUT 'Draw 2', 'Skip', 'Reverse'). */
static int last_run(const UnoCard *cards, int n)
{
    int k = 1;
    while (k < n && uno_card_value(cards[n - 1 - k]) == uno_card_value(cards[n - 1]))
        k++;
    return k;
}

/* Why the cards may not be played together (NULL: they may). */
static const char *set_refusal(const UnoGame *g, const UnoAction *a)
{
    if (last_run(a->cards, a->ncards) < a->ncards)
        return "cards played together must have one value";
    if (a->ncards > 1 && !g->rules.play_sets)
        return "one card at a time under these rules";
    return NULL;
}

static int explain_unplayable(const UnoGame *g, UnoCard first, char *err, size_t errlen)
{
    switch (g->phase) {
    case UNO_PHASE_COLOR:
        return fail(err, errlen, UNO_E_ILLEGAL, "name the colour of the Wild first");
    case UNO_PHASE_DRAWN:
        return fail(err, errlen, UNO_E_ILLEGAL, "after drawing only the drawn card (%s) may be played",
                    uno_card_name(g->drawn));
    case UNO_PHASE_PENDING:
        return fail(err, errlen, UNO_E_ILLEGAL, "facing %d cards: take them%s", g->pending,
                    g->rules.stack_draw2 || g->rules.stack_wd4 ? " or continue the chain" : "");
    default:
        break;
    }
    if (first == UNO_WILD4 && g->top != UNO_NO_CARD)
        return fail(err, errlen, UNO_E_ILLEGAL, "a Wild Draw 4 may not be played while holding %s",
                    g->rules.wd4_rule == UNO_WD4_NO_PLAYABLE ? "another playable card"
                                                             : "a card of the colour in force");
    if (first == UNO_WILD4)
        return fail(err, errlen, UNO_E_ILLEGAL, "the first card may not be a Wild Draw 4");
    return fail(err, errlen, UNO_E_ILLEGAL, "%s does not match %s (colour %s)", uno_card_name(first),
                uno_card_name(g->top), uno_color_name(g->color));
}

/* KPGUT §7: a side slide; "the game goes on as if the card had not been
 * played" (Finnish original): turn, pending and colour stay. */
static void side_slide(UnoGame *g, const UnoAction *a, EventSink *out)
{
    int seat = a->seat;
    UnoCard c = a->cards[0];
    close_windows(g, false);
    hand_remove(&g->seats[seat].hand, c);
    discard_push(g, c);
    ev_emit(out, UNO_EV_SLIDE, seat, -1, g->color, 1, UNO_R_NONE, &c, 1);
    if (g->seats[seat].hand.count == 0) {
        player_out(g, seat, out);
        return;
    }
    note_one_card(g, seat, a->uno, a->uno, out);
}

/* The house rule jump-in: the jumper takes the turn, and the one whose turn
 * it was loses it. */
static void take_turn_to_jump_in(UnoGame *g, int seat)
{
    g->turn = (int8_t)seat;
    g->said_before = false;
    g->drawn = UNO_NO_CARD;
    if (g->phase != UNO_PHASE_PENDING) /* facing a draw, the chain passes on from the jumper */
        g->phase = UNO_PHASE_TURN;
}

/* An out-of-turn play (out_of_turn_mask, game.h) has two readings: KPGUT
 * §7's side slide, made here (true), and the house rule jump-in, where the
 * jumper takes the turn and the caller plays the card in it, so that its
 * effects start from them (false). */
static bool slide_or_jump_in(UnoGame *g, const UnoAction *a, EventSink *out)
{
    if (!g->rules.jump_in) {
        side_slide(g, a, out);
        return true;
    }
    take_turn_to_jump_in(g, a->seat);
    return false;
}

/* House rule 7-0 (docs/rules.md 'House rules'). A hand that changes owner
 * carries no UNO call: its receiver did not play down to one card, so owes
 * no call and cannot be caught for it, and a fault of the hand's former
 * owner goes with the hand it was about. */
static void take_new_hand(Seat *s, const Hand *h)
{
    s->hand = *h;
    s->call = CALL_NONE;
}

/* A 7: seat and target swap hands. */
static void swap_hands(UnoGame *g, int seat, int target, EventSink *out)
{
    Hand mine = g->seats[seat].hand;
    take_new_hand(&g->seats[seat], &g->seats[target].hand);
    take_new_hand(&g->seats[target], &mine);
    ev_emit(out, UNO_EV_SWAP, seat, target, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
}

/* A 0: every hand still in the game passes to the next such seat in the
 * direction of play (seats out of the game keep theirs). */
static void rotate_hands(UnoGame *g, int seat, EventSink *out)
{
    Hand held[UNO_MAX_PLAYERS];
    for (int s = 0; s < g->nplayers; s++)
        held[s] = g->seats[s].hand;
    for (int s = 0; s < g->nplayers; s++)
        if (seat_active(g, s))
            take_new_hand(&g->seats[next_seat(g, s)], &held[s]);
    ev_emit(out, UNO_EV_ROTATE, seat, -1, UNO_NO_COLOR, g->direction, UNO_R_NONE, NULL, 0);
}

/* What a 7 or 0 that leaves cards in the hand does besides being played.
 * The hand a KPGUT §14 suspicion would show has changed owner: the time to
 * suspect that draw is over. */
static void seven_o_effects(UnoGame *g, int seat, UnoCard last, int target, EventSink *out)
{
    int value = uno_card_value(last);
    if (value != 7 && value != 0)
        return;
    g->tactical_seat = -1;
    if (value == 7)
        swap_hands(g, seat, target, out);
    else
        rotate_hands(g, seat, out);
}

/* A play that emptied seat's hand (the cards of its last value: k of `last`). */
static void play_last(UnoGame *g, int seat, UnoCard last, int k, EventSink *out)
{
    /* KPGUT §2 (docs/rules.md reading 5): special cards cannot end the game:
     * their effects happen, then the player draws 1 and must say UNO. */
    if (g->rules.last_card_draw && !uno_card_is_number(last)) {
        apply_effects(g, seat, last, k, out);
        if (g->phase != UNO_PHASE_OVER && draw_or_end(g, seat, 1, UNO_R_LAST_CARD, out))
            note_one_card(g, seat, false, false, out);
        return;
    }
    if (g->rules.play_to_last) {
        player_out(g, seat, out);
        if (g->phase != UNO_PHASE_OVER)
            apply_effects(g, seat, last, k, out);
        return;
    }
    /* MyUNO "Going Out": a Draw 2 or WD4 played last is still drawn, and counts */
    int value = uno_card_value(last);
    int victim = next_seat(g, seat);
    if (value == UNO_DRAW2 || value == UNO_WILD4)
        draw_cards(g, victim, g->pending + (value == UNO_DRAW2 ? 2 : 4) * k,
                   value == UNO_DRAW2 ? UNO_R_DRAW2 : UNO_R_WILD4, out, NULL);
    else if (value == UNO_BLANK && g->rules.blank_draw > 0)
        draw_cards(g, victim, g->rules.blank_draw * k, UNO_R_BLANK, out, NULL);
    g->pending = 0;
    g->pending_kind = PENDING_NONE;
    player_out(g, seat, out);
}

static void record_cheat(UnoGame *g, const UnoAction *a)
{
    Cheat *ch = &g->cheat;
    ch->seat = a->seat;
    ch->ncards = (int8_t)a->ncards;
    memcpy(ch->cards, a->cards, a->ncards);
    ch->top = g->top;
    ch->drawn = g->drawn;
    ch->turn = g->turn;
    ch->wd4_seat = g->wd4_seat;
    ch->wd4_illegal = g->wd4_illegal;
    ch->color = g->color;
    ch->direction = g->direction;
    ch->phase = g->phase;
    ch->pending_kind = g->pending_kind;
    ch->pending = g->pending;
}

/* 7-0: a play of a 7 or 0 that leaves cards in the hand moves hands, which
 * a catch (§10) could not take back: honour mode lets no such play through
 * illegally, in turn or out of it (a legal side slide moves nothing; a
 * legal jump-in is no cheat). */
static bool moves_hands(const UnoGame *g, const UnoAction *a)
{
    int value = uno_card_value(a->cards[a->ncards - 1]);
    return g->rules.seven_o && (value == 7 || value == 0) && g->seats[a->seat].hand.count > a->ncards;
}

/* 7-0: a play that swaps names another player still in the game to swap
 * with (target); any other play names nobody. */
static int check_target(const UnoGame *g, const UnoAction *a, char *err, size_t errlen)
{
    int left = g->seats[a->seat].hand.count - a->ncards;
    bool swaps = plays_as_turn(g, a->seat) && uno_rules_play_swaps(&g->rules, a->cards[a->ncards - 1], left);
    if (!swaps && a->target >= 0)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "%s",
                    g->rules.seven_o ? "only a 7 played in turn (or jumped in with), not as the last card, names a target (7-0)"
                                     : "a play names a target only under the house rule 7-0 (seven_o)");
    if (!swaps)
        return UNO_OK;
    if (a->target < 0)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "a 7 swaps hands (7-0): name the player to swap with (target)");
    if (a->target >= g->nplayers || a->target == a->seat || !seat_active(g, a->target))
        return fail(err, errlen, UNO_E_ILLEGAL, "a 7 swaps hands with another player still in the game, not seat %d",
                    a->target);
    return UNO_OK;
}

/* KPGUT §10 honour mode: every play a person can make at a real table goes
 * through, and can be caught before the next player plays (calls.c): a card
 * that does not match, a set of several values or (under one-card rules)
 * several cards, a Wild Draw 4 held against its rule or as the opening, a
 * play out of turn. Refused even so: cards not held (check_held), a play
 * that would empty the hand (a finish ranks the player, ends a Mattel hand
 * and scores: it cannot be taken back), and any play before the colour of a
 * Wild turned up is named (naming it is the first player's to do). */
static bool honour_lets_through(const UnoGame *g, const UnoAction *a)
{
    return g->rules.honour && g->phase != UNO_PHASE_COLOR && seat_active(g, a->seat) &&
           g->seats[a->seat].hand.count > a->ncards && !moves_hands(g, a);
}

/* A play of the n cards of a from seat's hand: legal, or a cheat that
 * honour mode let through (recorded, so that a catch can take it back).
 * Inline, so that the trusted path's play of one card (n == 1, no cheat,
 * no events) is compiled with those constants: no loops over the set. */
static inline __attribute__((always_inline)) void play_cards(UnoGame *g, const UnoAction *a, int n,
                                                              bool cheat, EventSink *out)
{
    int seat = a->seat;
    bool in_turn = seat == g->turn;
    UnoCard cards[UNO_MAX_SET]; /* read before the game changes: a card is a byte that may alias it */
    memcpy(cards, a->cards, (size_t)n);
    UnoCard last = cards[n - 1];
    int color = a->color;
    Hand *h = &g->seats[seat].hand;
    bool continues_chain = g->phase == UNO_PHASE_PENDING && !cheat;
    bool said_before = in_turn && g->said_before; /* its event came with the call */
    bool said = a->uno || said_before;
    int target = a->target;
    int k = last_run(cards, n);
    start_action(g, seat, true);
    if (cheat)
        record_cheat(g, a);
    if (last == UNO_WILD4) {
        /* docs/rules.md reading 2: WD4 legality is tested only outside chains */
        g->wd4_illegal = g->phase != UNO_PHASE_PENDING && wd4_breaks_rule(g, h);
        g->wd4_seat = (int8_t)seat;
        g->wd4_nsince = 0;
    }
    for (int i = 0; i < n; i++) {
        hand_remove(h, cards[i]);
        discard_push(g, cards[i]);
    }
    /* a set of Wilds names one colour (KPGUT "Wild"); a blank keeps the colour */
    if (uno_card_is_wild(last))
        g->color = (int8_t)color;
    else if (uno_card_is_colored(last))
        g->color = (int8_t)uno_card_color(last);
    g->stuck = 0;
    if (!continues_chain) {
        g->pending = 0;
        g->pending_kind = PENDING_NONE;
    }
    ev_emit(out, UNO_EV_PLAY, seat, -1, g->color, n, UNO_R_NONE, cards, n);

    if (h->count > 0) {
        note_one_card(g, seat, said, said && !said_before, out);
        if (g->rules.seven_o)
            seven_o_effects(g, seat, last, target, out);
        card_effects(g, seat, last, k, out);
        return;
    }
    play_last(g, seat, last, k, out);
}

int turn_play(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int seat = a->seat;
    bool in_turn = seat == g->turn;
    bool out_of_turn = !in_turn && a->ncards == 1 && a->cards[0] < UNO_KINDS &&
                       (playable_mask(g, seat) & BIT(a->cards[0]));
    if (!in_turn && !out_of_turn && a->ncards > 0 && !g->rules.honour)
        return require_turn(g, seat, err, errlen);
    int rc = check_held(g, a, err, errlen);
    if (rc)
        return rc;
    bool legal = out_of_turn;
    if (!out_of_turn) {
        const char *bad_set = set_refusal(g, a);
        legal = in_turn && !bad_set && (playable_mask(g, seat) & BIT(a->cards[0])) != 0;
        if (!legal && !honour_lets_through(g, a)) {
            if (!in_turn)
                return require_turn(g, seat, err, errlen);
            if (bad_set)
                return fail(err, errlen, UNO_E_ILLEGAL, "%s", bad_set);
            return explain_unplayable(g, a->cards[0], err, errlen);
        }
    }
    rc = check_target(g, a, err, errlen);
    if (rc)
        return rc;
    if (out_of_turn && slide_or_jump_in(g, a, out))
        return UNO_OK;
    play_cards(g, a, a->ncards, !legal, out);
    return UNO_OK;
}

/* ------------------------------------------------------------------ draw */

/* Why the player in turn may not draw now, or NULL when they may. */
static const char *draw_refusal(const UnoGame *g, int seat)
{
    switch (g->phase) {
    case UNO_PHASE_DRAWN: return "you have drawn: play the drawn card or pass";
    case UNO_PHASE_PENDING: return "facing a draw: take it instead";
    case UNO_PHASE_COLOR: return "name the colour of the Wild first";
    default: break;
    }
    int drawable = g->stock_n + g->discard_n - (g->top != UNO_NO_CARD);
    if (drawable == 0 && playable_mask(g, seat)) /* docs/rules.md reading 8: only who cannot move is stuck */
        return "no cards are left to draw: play a card";
    if (g->rules.forced_play && playable_mask(g, seat)) /* the house rule (docs/rules.md 'House rules') */
        return "forced play: you can play a card, so you must";
    return NULL;
}

/* docs/rules.md reading 8: the player in turn found nothing to draw (or was
 * away and nothing could be drawn for them, clock.c). When nobody moved for
 * a whole round, the hand ends as it stands; else the turn passes. */
void stuck_turn(UnoGame *g, EventSink *out)
{
    if (++g->stuck >= active_players(g))
        end_game_early(g, UNO_R_EXHAUSTED, out);
    else
        pass_turn(g, 1, out);
}

bool can_draw(const UnoGame *g, int seat)
{
    return seat == g->turn && g->phase != UNO_PHASE_OVER && !draw_refusal(g, seat);
}

/* Mattel and classic: draw one card; a playable one may be played (or kept:
 * docs/rules.md reading 14), else the turn ends at once. KPGUT "Basic Gameplay":
 * draw until a playable card comes, then play (docs/rules.md reading 3).
 * Inline: the trusted path compiles it without events. */
static inline __attribute__((always_inline)) void draw_in_turn(UnoGame *g, int seat, EventSink *out)
{
    bool had_playable = playable_mask(g, seat) != 0;
    start_action(g, seat, false);
    /* KPGUT §14: a draw while holding a playable card may be suspected */
    g->tactical_right = (g->tactical_seat == seat && g->tactical_right) || had_playable;
    g->tactical_seat = (int8_t)seat;
    g->phase = g->rules.draw_rule == UNO_DRAW_ONE ? UNO_PHASE_TURN : UNO_PHASE_MUST_PLAY;
    if (g->rules.draw_rule == UNO_DRAW_ONE) {
        UnoCard got;
        if (draw_cards(g, seat, 1, UNO_R_DRAW, out, &got) == 0) {
            stuck_turn(g, out);
            return;
        }
        g->stuck = 0;
        if (playable_mask(g, seat) & BIT(got)) {
            g->phase = UNO_PHASE_DRAWN;
            g->drawn = got;
        } else {
            pass_turn(g, 1, out);
        }
        return;
    }
    if (draw_until_playable(g, seat, 1, out) > 0)
        g->stuck = 0;
    if (playable_mask(g, seat))
        return;
    if (g->rules.stock_out_ends) /* KPGUT §5 */
        end_game_early(g, UNO_R_EXHAUSTED, out);
    else
        stuck_turn(g, out);
}

/* The player in turn keeps the card they drew (docs/rules.md reading 14). */
static void pass_drawn(UnoGame *g, int seat, EventSink *out)
{
    start_action(g, seat, false);
    pass_turn(g, 1, out);
}

/* Taking the penalty forfeits the turn (MyUNO "Draw Two", "Wild Draw 4"):
 * it is not the turn's beginning, so the catch window stays open, as after
 * a Draw 2 drawn at once. */
static void take_in_turn(UnoGame *g, int seat, EventSink *out)
{
    end_suspicion(g, seat);
    take_pending(g, out);
}

/* A Wild turned up first: the first player names the colour (MyUNO "Wild
 * Card"; classic "Wild Card"; booklet "Wild card"), then plays. */
static void name_color(UnoGame *g, int seat, int color, EventSink *out)
{
    start_action(g, seat, false);
    g->color = (int8_t)color;
    g->phase = UNO_PHASE_TURN;
    ev_emit(out, UNO_EV_COLOR, seat, -1, color, 0, UNO_R_NONE, NULL, 0);
}

/* The hand the Wild Draw 4's player held when it played it, the card
 * played aside: the hand now less the cards drawn since (a UNO penalty),
 * which the challenge is not about and would make an innocent player look
 * guilty. Returns the number of cards. */
static int hand_at_wd4(const UnoGame *g, UnoCard *shown)
{
    Hand then = g->seats[g->wd4_seat].hand;
    for (int i = 0; i < g->wd4_nsince && i < WD4_SINCE; i++)
        if (then.kinds[g->wd4_since[i]] > 0)
            hand_remove(&then, g->wd4_since[i]);
    int counts[UNO_KINDS];
    for (int k = 0; k < UNO_KINDS; k++)
        counts[k] = then.kinds[k];
    return cards_in_deck_order(counts, shown);
}

/* MyUNO "Wild Draw 4" note; KPGUT "Wild+Draw 4"; docs/rules.md readings 4, 9.
 * The challenged player shows their hand, as it was when they played the
 * Wild Draw 4, to the challenger only. */
static void challenge_wd4(UnoGame *g, int seat, EventSink *out)
{
    end_suspicion(g, seat); /* not the turn's beginning either, as for take */
    int accused = g->wd4_seat;
    bool guilty = g->wd4_illegal;
    if (ev_wanted(out, UNO_EV_REVEAL)) {
        UnoCard shown[UNO_MAX_CARDS];
        int n = hand_at_wd4(g, shown);
        ev_emit(out, UNO_EV_REVEAL, accused, seat, UNO_NO_COLOR, n, UNO_R_CHALLENGE, shown, n);
    }
    ev_emit(out, UNO_EV_CHALLENGE, seat, accused, UNO_NO_COLOR, guilty, UNO_R_NONE, NULL, 0);
    int pending = g->pending;
    g->pending = 0;
    g->pending_kind = PENDING_NONE;
    g->wd4_seat = -1;
    if (guilty) {
        /* the WD4 player draws 4; the whole pending amount is cancelled */
        if (draw_or_end(g, accused, 4, UNO_R_CHALLENGE, out))
            g->phase = g->rules.challenge == UNO_CHALLENGE_ANY_CARD ? UNO_PHASE_FREE_PLAY : UNO_PHASE_TURN;
        return;
    }
    /* innocent: the challenger draws the pending amount + 2 (6 for one WD4) and loses the turn */
    if (draw_or_end(g, seat, pending + 2, UNO_R_CHALLENGE, out))
        pass_turn(g, 1, out);
}

/* ------------------------------------------- the checked and trusted paths */

int turn_draw(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = require_turn(g, a->seat, err, errlen);
    if (rc)
        return rc;
    const char *refusal = draw_refusal(g, a->seat);
    if (refusal)
        return fail(err, errlen, UNO_E_ILLEGAL, "%s", refusal);
    draw_in_turn(g, a->seat, out);
    return UNO_OK;
}

int turn_pass(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = require_turn(g, a->seat, err, errlen);
    if (rc)
        return rc;
    if (g->phase != UNO_PHASE_DRAWN)
        return fail(err, errlen, UNO_E_ILLEGAL, g->phase == UNO_PHASE_MUST_PLAY
                        ? "after drawing a playable card you must play (KPGUT)"
                        : "you may pass only after drawing a playable card");
    if (g->rules.forced_play)
        return fail(err, errlen, UNO_E_ILLEGAL, "forced play: the drawn card can be played, so play it");
    pass_drawn(g, a->seat, out);
    return UNO_OK;
}

int turn_take(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = require_turn(g, a->seat, err, errlen);
    if (rc)
        return rc;
    if (g->phase != UNO_PHASE_PENDING)
        return fail(err, errlen, UNO_E_ILLEGAL, "there is no pending draw to take");
    take_in_turn(g, a->seat, out);
    return UNO_OK;
}

int turn_color(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = require_turn(g, a->seat, err, errlen);
    if (rc)
        return rc;
    if (g->phase != UNO_PHASE_COLOR)
        return fail(err, errlen, UNO_E_ILLEGAL, "no colour to name now");
    if (a->color < 0 || a->color >= UNO_COLORS)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "colour must be R, G, B or Y");
    name_color(g, a->seat, a->color, out);
    return UNO_OK;
}

int turn_challenge(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = require_turn(g, a->seat, err, errlen);
    if (rc)
        return rc;
    if (!wd4_challenged(&g->rules))
        return fail(err, errlen, UNO_E_ILLEGAL, g->rules.no_bluffing
                        ? "no bluffing: every Wild Draw 4 played was legal, so none is challenged"
                        : "these rules have no Wild Draw 4 challenge");
    if (g->phase != UNO_PHASE_PENDING || g->pending_kind != PENDING_WILD4 || g->wd4_seat < 0)
        return fail(err, errlen, UNO_E_ILLEGAL, "no Wild Draw 4 to challenge");
    challenge_wd4(g, a->seat, out);
    return UNO_OK;
}

/* The trusted path: applies a turn action (play, slide, jump-in, draw, pass, take,
 * colour, challenge) known to be legal, unchecked, its events into out.
 * Returns false for any other action type, leaving the game as it was.
 * Inline in uno_game_step, whose out is NULL (no events: the compiler drops
 * them), and in uno_game_step_listed: one call an action. */
static inline __attribute__((always_inline)) bool turn_trusted(UnoGame *g, const UnoAction *a, EventSink *out)
{
    switch (a->type) {
    case UNO_ACT_PLAY:
        if (a->seat != g->turn && slide_or_jump_in(g, a, out))
            return true;
        if (a->ncards == 1) /* the most frequent by far */
            play_cards(g, a, 1, false, out);
        else
            play_cards(g, a, a->ncards, false, out);
        return true;
    case UNO_ACT_DRAW: draw_in_turn(g, a->seat, out); return true;
    case UNO_ACT_PASS: pass_drawn(g, a->seat, out); return true;
    case UNO_ACT_TAKE: take_in_turn(g, a->seat, out); return true;
    case UNO_ACT_COLOR: name_color(g, a->seat, a->color, out); return true;
    case UNO_ACT_CHALLENGE: challenge_wd4(g, a->seat, out); return true;
    default: return false;
    }
}

void uno_game_step(UnoGame *g, const UnoAction *a)
{
    if (!turn_trusted(g, a, NULL))
        step_unchecked(g, a, NULL);
    after_action(g, NULL);
    assert_invariants(g, a);
}

void uno_game_step_listed(UnoGame *g, const UnoAction *a, uint64_t events, UnoEventFn emit, void *ctx)
{
    EventSink direct; /* nothing kept: each event asked for goes to emit as it is made */
    sink_direct(&direct, emit, ctx, events);
    if (!turn_trusted(g, a, &direct))
        step_unchecked(g, a, &direct);
    after_action(g, &direct);
    assert_invariants(g, a);
}
