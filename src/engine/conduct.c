/*
 * conduct.c — the people at a KPGUT table: giving up (§9), warnings and
 * ejection (§15), joining (§13), spectators (§3.2), votes (§11).
 * docs/rules.md "KPGUT's special situations" fixes the readings.
 */
#include <string.h>

#include "engine/game.h"
#include "uno_session.h"

static int need_option(bool on, const char *what, char *err, size_t errlen)
{
    return on ? UNO_OK : fail(err, errlen, UNO_E_ILLEGAL, "these rules have no %s", what);
}

/* §9: the hand is shown to all and shuffled into the played cards (Finnish
 * "pelipakkaan"; the translation says the stock: option giveup_into). */
static void leave_game(UnoGame *g, int seat, SeatStatus status, EventSink *out)
{
    Seat *s = &g->seats[seat];
    if (ev_wanted(out, UNO_EV_REVEAL)) {
        UnoCard cards[UNO_MAX_CARDS];
        int n = uno_game_hand(g, seat, cards, UNO_MAX_CARDS);
        ev_emit(out, UNO_EV_REVEAL, seat, -1, UNO_NO_COLOR, n, UNO_R_NONE, cards, n);
    }
    g->set_aside = (int16_t)(g->set_aside + s->hand.count);
    if (g->rules.giveup_into == UNO_PILE_STOCK)
        stock_shuffle_in(g, &s->hand);
    else
        discard_bury(g, &s->hand);
    memset(&s->hand, 0, sizeof s->hand);
    s->status = (int8_t)status;
    s->call = CALL_NONE;
    if (status == SEAT_EJECTED) {
        s->rank = -1;
        s->score = -1;
        note_ages(g);
    }
    if (g->cheat.seat == seat)
        g->cheat.seat = -1;
    if (g->tactical_seat == seat)
        g->tactical_seat = -1;
    if (g->wd4_seat == seat)
        g->wd4_seat = -1; /* gone: their WD4 can no longer be challenged */
    if (g->turn == seat) {
        /* a pending draw dies with the player it was aimed at */
        g->pending = 0;
        g->pending_kind = PENDING_NONE;
        g->wd4_seat = -1;
        if (active_players(g) > 0)
            pass_turn(g, 1, out);
    }
    check_last_player(g, out);
}

int conduct_giveup(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = need_option(g->rules.giveup, "giving up", err, errlen);
    if (rc)
        return rc;
    if (!seat_active(g, a->seat))
        return fail(err, errlen, UNO_E_ILLEGAL, "seat %d is no longer playing", a->seat);
    ev_emit(out, UNO_EV_GIVEUP, a->seat, -1, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
    leave_game(g, a->seat, SEAT_GAVE_UP, out);
    return UNO_OK;
}

/* The house rule hand limit ('mercy', docs/rules.md 'House rules'): a
 * player holding hand_limit cards or more is out, as one who gives up. */
void knock_out_full_hands(UnoGame *g, EventSink *out)
{
    for (int s = 0; s < g->nplayers && g->phase != UNO_PHASE_OVER; s++)
        if (seat_active(g, s) && g->seats[s].hand.count >= g->rules.hand_limit) {
            ev_emit(out, UNO_EV_GIVEUP, s, -1, UNO_NO_COLOR, g->seats[s].hand.count, UNO_R_MERCY, NULL, 0);
            leave_game(g, s, SEAT_GAVE_UP, out);
        }
}

int warner_for(const UnoGame *g, int target)
{
    return uno_warner_of(oldest_seat(g), youngest_seat(g), target);
}

int judge_of(const UnoGame *g, int target)
{
    return g->phase != UNO_PHASE_OVER && seat_active(g, target) ? warner_for(g, target) : -1;
}

bool judges(const UnoGame *g, int seat, int target)
{
    return target != seat && target >= 0 && target < g->nplayers && judge_of(g, target) == seat;
}

int check_judge(const UnoGame *g, const UnoAction *a, const char *ruling, char *err, size_t errlen)
{
    if (a->target < 0 || a->target >= g->nplayers)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "no seat %d to %s", a->target, ruling);
    if (!judges(g, a->seat, a->target))
        return fail(err, errlen, UNO_E_ILLEGAL, "only seat %d may %s seat %d, who must be playing",
                    warner_for(g, a->target), ruling, a->target);
    return UNO_OK;
}

bool can_warn(const UnoGame *g, int seat, int target)
{
    return g->rules.warnings && judges(g, seat, target);
}

/* §15: a warning; a player who goes on is ejected as in §9, with no rank
 * and no score. */
void warn_seat(UnoGame *g, int warner, int target, EventSink *out)
{
    Seat *s = &g->seats[target];
    s->warnings++;
    ev_emit(out, UNO_EV_WARN, warner, target, UNO_NO_COLOR, s->warnings, UNO_R_NONE, NULL, 0);
    if (uno_warning_ejects(s->warnings) && s->status == SEAT_PLAYING) {
        ev_emit(out, UNO_EV_EJECT, warner, target, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
        leave_game(g, target, SEAT_EJECTED, out);
    }
}

int conduct_warn(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = need_option(g->rules.warnings, "warnings", err, errlen);
    if (!rc)
        rc = check_judge(g, a, "warn", err, errlen);
    if (rc)
        return rc;
    warn_seat(g, a->seat, a->target, out);
    return UNO_OK;
}

/* Every stored seat number at or after `from` moves up one. */
static void shift_seats(UnoGame *g, int from)
{
    int8_t *fields[] = {&g->turn,        &g->dealer,     &g->wd4_seat,       &g->tactical_seat,
                        &g->vote_opener, &g->cheat.seat, &g->cheat.turn, &g->cheat.wd4_seat};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (*fields[i] >= from)
            (*fields[i])++;
    for (int i = 0; i < UNO_MAX_SPECTATORS; i++)
        if (g->help_allowed[i] >= from)
            g->help_allowed[i]++;
    memmove(&g->seats[from + 1], &g->seats[from], (size_t)(g->nplayers - from) * sizeof g->seats[0]);
    g->nplayers++;
}

int join_refusal(const UnoGame *g, char *err, size_t errlen)
{
    int rc = need_option(g->rules.join, "joining a game in progress", err, errlen);
    if (rc)
        return rc;
    const char *refusal = uno_join_refusal(g->finished, g->nplayers, UNO_MAX_PLAYERS);
    if (refusal)
        return fail(err, errlen, UNO_E_ILLEGAL, "%s", refusal);
    if (g->nplayers >= g->capacity)
        return fail(err, errlen, UNO_E_NO_ROOM, "no room for a newcomer: the game was created with %d seats",
                    g->capacity);
    return UNO_OK;
}

void seat_newcomer(UnoGame *g, int seat, const char *name, int age, EventSink *out)
{
    shift_seats(g, seat);
    Seat *s = &g->seats[seat];
    memset(s, 0, sizeof *s);
    memcpy(s->info.name, name, sizeof s->info.name);
    s->info.name[UNO_NAME_LEN - 1] = '\0';
    s->info.age = age;
    s->score = -1;
    s->vote = -1;
    note_ages(g);
    ev_emit(out, UNO_EV_JOIN, seat, -1, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
    draw_cards(g, seat, g->rules.join_cards, UNO_R_JOIN, out, NULL);
}

/* §13: before anyone has won, with the oldest player's consent (the caller,
 * a referee, has it), the newcomer draws 9 cards and sits where they like. */
int conduct_join(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = join_refusal(g, err, errlen);
    if (rc)
        return rc;
    if (a->target < 0 || a->target > g->nplayers)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "seat must be 0..%d", g->nplayers);
    if (!a->name[0])
        return fail(err, errlen, UNO_E_BAD_REQUEST, "a joining player needs a name");
    seat_newcomer(g, a->target, a->name, a->age, out);
    return UNO_OK;
}

/* §3.2 and "Player Etiquette": spectators watch and may see every hand. */
int conduct_spectate(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    if (g->nspectators >= g->rules.spectators)
        return fail(err, errlen, UNO_E_ILLEGAL, g->rules.spectators ? "no room for more spectators"
                                                                    : "these rules have no spectators");
    if (g->nspectators >= g->spectator_room)
        return fail(err, errlen, UNO_E_NO_ROOM, "no room for a spectator: the game was created with room for %d",
                    g->spectator_room);
    if (!a->name[0])
        return fail(err, errlen, UNO_E_BAD_REQUEST, "a spectator needs a name");
    UnoPlayerInfo *p = &game_spectators(g)[g->nspectators];
    memcpy(p->name, a->name, sizeof p->name);
    p->name[UNO_NAME_LEN - 1] = '\0';
    p->age = a->age;
    g->help_allowed[g->nspectators] = -1;
    ev_emit(out, UNO_EV_SPECTATE, -1, -1, UNO_NO_COLOR, g->nspectators, UNO_R_NONE, NULL, 0);
    g->nspectators++;
    return UNO_OK;
}

static bool votes(const UnoGame *g, int seat) { return g->seats[seat].status != SEAT_EJECTED; }

/* §11: a yes/no question, decided by the most votes; a tie by the oldest
 * player's vote. */
int conduct_dispute(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = need_option(g->rules.votes, "votes", err, errlen);
    if (rc)
        return rc;
    if (g->vote_opener >= 0)
        return fail(err, errlen, UNO_E_ILLEGAL, "a vote is already open");
    if (!votes(g, a->seat))
        return fail(err, errlen, UNO_E_ILLEGAL, "seat %d has been ejected", a->seat);
    g->vote_opener = a->seat;
    for (int s = 0; s < g->nplayers; s++)
        g->seats[s].vote = -1;
    ev_emit(out, UNO_EV_DISPUTE, a->seat, -1, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
    return UNO_OK;
}

int conduct_vote(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    if (g->vote_opener < 0)
        return fail(err, errlen, UNO_E_ILLEGAL, "no vote is open");
    if (!votes(g, a->seat))
        return fail(err, errlen, UNO_E_ILLEGAL, "seat %d has been ejected", a->seat);
    if (g->seats[a->seat].vote >= 0)
        return fail(err, errlen, UNO_E_ILLEGAL, "seat %d has voted", a->seat);
    g->seats[a->seat].vote = a->uno;
    ev_emit(out, UNO_EV_VOTE, a->seat, -1, UNO_NO_COLOR, a->uno, UNO_R_NONE, NULL, 0);
    int yes = 0, no = 0, waiting = 0;
    for (int s = 0; s < g->nplayers; s++) {
        if (!votes(g, s))
            continue;
        yes += g->seats[s].vote == 1;
        no += g->seats[s].vote == 0;
        waiting += g->seats[s].vote < 0;
    }
    int decided = uno_vote_outcome(yes, no, waiting, g->seats[oldest_seat(g)].vote);
    if (decided < 0)
        return UNO_OK; /* still waiting */
    ev_emit(out, UNO_EV_DECIDED, g->vote_opener, -1, UNO_NO_COLOR, decided, UNO_R_NONE, NULL, 0);
    g->vote_opener = -1;
    return UNO_OK;
}
