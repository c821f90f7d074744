/*
 * heuristic.c — a bot that plays every rule set as a careful person would,
 * from its view only (bots.h):
 *  - out of turn and in turn, first: catches a player who has one card and
 *    did not say UNO when the catch is legal (MyUNO "Going Out", booklet
 *    "Let's play" 4, KPGUT §1); says UNO itself when it holds one card
 *    unsaid and still may (KPGUT §1 grace, §2's drawn card, booklet
 *    self-catch); side-slides whenever it can (KPGUT §7), jumps in (house
 *    rule jump-in) when it helps (worth_jumping_in); suspects a draw as
 *    tactical (KPGUT §14) only when cards it knows the drawer held prove
 *    the suspicion right (tactical_draw_seen), never at a rate;
 *  - in turn: scores every legal play (below) and plays the best; draws only
 *    when nothing is playable (never a tactical draw), and keeps a drawn
 *    card only where `pass` is legal (the house rule forced play: never); names the colour it
 *    holds most; continues a draw chain when it can (KPGUT "Draw 2",
 *    "Wild+Draw 4"), else challenges a Wild Draw 4 when a bluff is likely
 *    from what it has seen of its player (bluff_likely), else takes; never
 *    gives up, warns or opens votes;
 *  - says UNO with the play that leaves one card, forgetting at the rate
 *    forget_uno.
 * A play's score: more cards shed (KPGUT sets); more points shed when an
 * opponent is close to going out; Wilds kept for later while other plays
 * exist; attack cards when the next player is close to going out; the
 * colour in force after the play is one it holds many of; no Wild Draw 4
 * bluff (MyUNO "Wild Draw 4": a challenge would catch it) but at the rate
 * bluff_rate, where a challenge can catch it; under KPGUT §2 the last card
 * should be a number.
 */
#include "bots/bluffs.h"
#include "bots/bots.h"

enum {
    WIN = 100000,
    PER_CARD = 100,      /* each card shed */
    KEEP_WILD = 200,     /* a Wild spent while other plays exist */
    ATTACK = 80,         /* Draw 2 / Skip / WD4 on a player close to going out */
    AGAIN = 30,          /* two players: Skip and Reverse give another turn */
    PER_COLOR_CARD = 8,  /* each card left of the colour in force after the play */
    BLUFF = 400,         /* a WD4 played against its rule */
    SPECIAL_LAST = 150,  /* KPGUT §2: a special last card draws one */
};

/* A uniform number in [0, 1) that depends only on the public situation (the
 * top card by its place in deck order, uno.h: a number that stays), not
 * on the clock: asked again and again while nothing happens, the bot
 * decides the same way (a person who forgot stays forgetful until the table
 * moves on). */
static double stable_uniform(const UnoView *v, uint64_t salt)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ salt;
    uint64_t parts[] = {(uint64_t)v->seat, (uint64_t)v->discard_count, (uint64_t)v->stock_count,
                        (uint64_t)uno_card_deck_place(v->top), (uint64_t)(v->turn + 1), (uint64_t)v->hand_count};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        h ^= parts[i] + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    return (double)(h >> 11) * (1.0 / 9007199254740992.0);
}

/* The colour held most (ties: more points, then the lower colour). */
static int best_color(const uint8_t *kinds, int blank_points)
{
    int best = UNO_RED, best_n = -1, best_pts = -1;
    for (int c = 0; c < UNO_COLORS; c++) {
        int n = bot_color_count(kinds, c), pts = 0;
        for (int v = 0; v < UNO_VALUES_PER_COLOR; v++)
            pts += kinds[uno_card_make(c, v)] * uno_card_points(uno_card_make(c, v), blank_points);
        if (n > best_n || (n == best_n && pts > best_pts)) {
            best = c;
            best_n = n;
            best_pts = pts;
        }
    }
    return best;
}

/* The fewest cards any other seat still playing holds. */
static int closest_opponent(const UnoView *v)
{
    int min = UNO_MAX_CARDS;
    for (int s = 0; s < v->nplayers; s++)
        if (s != v->seat && v->ranks[s] == 0 && v->counts[s] < min)
            min = v->counts[s];
    return min;
}

static int active_players(const UnoView *v)
{
    int n = 0;
    for (int s = 0; s < v->nplayers; s++)
        n += v->ranks[s] == 0;
    return n;
}

/* Would a WD4 break its rule (MyUNO "Wild Draw 4": a card of the colour in
 * force; KPGUT "Wild+Draw 4": any other playable card)? Only in a normal
 * turn: chains do not test it (docs/rules.md reading 2). */
static bool wd4_is_bluff(const UnoView *v)
{
    if (v->phase != UNO_PHASE_TURN || v->top == UNO_NO_CARD)
        return false;
    if (v->rules.wd4_rule == UNO_WD4_NO_MATCHING_COLOR)
        return v->color != UNO_NO_COLOR && bot_color_count(v->hand, v->color) > 0;
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == UNO_ACT_PLAY && v->legal[i].cards[0] != UNO_WILD4)
            return true;
    return false;
}

static bool has_other_plays(const UnoView *v)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == UNO_ACT_PLAY && !uno_card_is_wild(v->legal[i].cards[0]))
            return true;
    return false;
}

static bool is_attack(UnoCard c, int nactive)
{
    int value = uno_card_value(c);
    return value == UNO_DRAW2 || value == UNO_SKIP || c == UNO_WILD4 ||
           (value == UNO_REVERSE && nactive == 2);
}

/* 7-0: the cards the player holds once the play's hands have moved: a 7's
 * target's hand, a 0's the hand of the player before them; without a move,
 * the cards the play leaves. */
static int held_after(const UnoView *v, const UnoAction *a, int remaining)
{
    int value = uno_card_value(a->cards[a->ncards - 1]);
    if (!v->rules.seven_o || remaining == 0)
        return remaining;
    if (value == 7)
        return v->counts[a->target];
    for (int step = 1; value == 0 && step < v->nplayers; step++) {
        int s = ((v->seat - step * v->direction) % v->nplayers + v->nplayers) % v->nplayers;
        if (v->ranks[s] == 0)
            return v->counts[s];
    }
    return remaining;
}

static long score_play(const UnoView *v, const UnoAction *a, bool others, bool bluff)
{
    uint8_t left[UNO_KINDS];
    for (int k = 0; k < UNO_KINDS; k++)
        left[k] = v->hand[k];
    int points = 0;
    for (int i = 0; i < a->ncards; i++) {
        left[a->cards[i]]--;
        points += uno_card_points(a->cards[i], v->rules.blank_points);
    }
    UnoCard first = a->cards[0], last = a->cards[a->ncards - 1];
    int remaining = v->hand_count - a->ncards;
    int nactive = active_players(v);
    int next = uno_view_next_active(v, v->seat);
    long score = (long)PER_CARD * a->ncards;
    if (remaining == 0) {
        /* KPGUT §2: a special last card does not end the game */
        if (v->rules.last_card_draw && !uno_card_is_number(last))
            score -= SPECIAL_LAST;
        else
            return WIN;
    }
    score += (long)PER_CARD * (remaining - held_after(v, a, remaining)); /* 7-0: fewer cards to swap in */
    score += closest_opponent(v) <= 2 ? 3L * points : points;
    if (uno_card_is_wild(first) && others && remaining > 1)
        score -= KEEP_WILD;
    if (first == UNO_WILD4 && bluff)
        score -= BLUFF;
    if (is_attack(last, nactive) && next >= 0 && v->counts[next] <= 2)
        score += ATTACK;
    if (nactive == 2 && (uno_card_value(last) == UNO_SKIP || uno_card_value(last) == UNO_REVERSE))
        score += AGAIN;
    int color = uno_card_is_wild(last) ? a->color : uno_card_color(last);
    if (color != UNO_NO_COLOR)
        score += (long)PER_COLOR_CARD * bot_color_count(left, color);
    return score;
}

/* The best play in v->legal (the seat's own, in turn), or -1. */
static int best_play(const UnoBotParams *p, const UnoView *v, long *best_score)
{
    /* a bluff the rules can catch, at the rate bluff_rate: this turn, the
     * Wild Draw 4 is scored as any card */
    bool dares = uno_rules_wd4_challenge(&v->rules) && stable_uniform(v, 3) < p->bluff_rate;
    bool others = has_other_plays(v), bluff = wd4_is_bluff(v) && !dares;
    int best = -1;
    for (int i = 0; i < v->nlegal; i++) {
        const UnoAction *a = &v->legal[i];
        if (a->type != UNO_ACT_PLAY)
            continue;
        long s = score_play(v, a, others, bluff);
        if (best < 0 || s > *best_score) {
            best = i;
            *best_score = s;
        }
    }
    return best;
}

/* Whether the Wild Draw 4 faced now is likely enough a bluff to challenge
 * it (bluffs.h). Challenging costs 2 more cards when wrong and saves 4 when
 * right: worth it above 1 in 3. */
static bool bluff_likely(const UnoView *v)
{
    int n = v->nplayers, prev = -1;
    for (int step = 1; step < n && prev < 0; step++) {
        int s = ((v->seat - step * v->direction) % n + n) % n;
        if (v->ranks[s] == 0)
            prev = s;
    }
    return prev >= 0 && bot_bluff_chance(&v->rules, v->history, prev, v->counts[prev]) > 1.0 / 3.0;
}

/* Whether what the seat has seen proves that drawer, the last to draw in
 * their turn, held a playable card when they began to draw: a card of
 * theirs the seat knows (shown to it, or taken back in view of all, and not
 * played since: uno_history_known, never one of the cards drawn since) that
 * went on the pile as it was then, or a Wild Draw 4 where the rules let one
 * be played as a bluff. Then a KPGUT §14 suspicion is right for certain: it
 * costs nothing and earns the drawer a §15 warning. Anything less is no
 * evidence: a player draws, as a rule, because nothing in the hand goes, so
 * the draw itself makes a playable card unlikely, and a wrong suspicion
 * costs wrong_suspect_draw cards. */
static bool tactical_draw_seen(const UnoView *v, int drawer)
{
    UnoCard top;
    int color;
    if (!v->history || uno_history_turn_draws(v->history, drawer, &top, &color) <= 0)
        return false;
    const uint8_t *known = uno_history_known(v->history, drawer);
    for (int k = 0; k < UNO_KINDS; k++) {
        bool playable = k == UNO_WILD4 ? top != UNO_NO_CARD && uno_rules_wd4_challenge(&v->rules)
                                       : bot_matches_pile(top, color, (UnoCard)k);
        if (known[k] > 0 && playable)
            return true;
    }
    return false;
}

static bool take(const UnoView *v, int i, UnoAction *out)
{
    if (i < 0)
        return false;
    *out = v->legal[i];
    return true;
}

static void say_uno_with(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *a)
{
    if (bot_leaves_one(v, a))
        a->uno = bot_uniform(rng) >= p->forget_uno;
}

/* The house rule jump-in: the out-of-turn play worth making, or -1. Play
 * goes on from the jumper, so a jump-in is scored as a play in turn
 * (best_play, which picks a 7's target under 7-0) and made when it helps:
 * it goes out; a number card that sheds at least a card's worth (not a 7
 * that swaps into a bigger hand); an attack card (Draw 2, Skip) when the
 * player after the jumper is close to going out. Wilds are kept. */
static int worth_jumping_in(const UnoBotParams *p, const UnoView *v)
{
    long score = 0;
    int i = best_play(p, v, &score);
    if (i < 0 || score >= WIN)
        return i;
    UnoCard c = v->legal[i].cards[0];
    if (uno_card_is_number(c))
        return score >= PER_CARD ? i : -1;
    int next = uno_view_next_active(v, v->seat);
    bool attack = !uno_card_is_wild(c) && is_attack(c, active_players(v)) && next >= 0 && v->counts[next] <= 2;
    return attack ? i : -1;
}

/* What is worth doing in or out of turn: catch (offered only when it
 * stands, so always worth it), say UNO, side slide (always) or jump-in
 * (when it helps), suspect (on evidence only). */
bool bot_table_action(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *out)
{
    if (take(v, bot_find(v, UNO_ACT_CATCH), out))
        return true;
    int i = bot_find(v, UNO_ACT_UNO);
    if (i >= 0 && v->hand_count == 1 && stable_uniform(v, 1) >= p->forget_uno)
        return take(v, i, out);
    if (!bot_in_turn(v) &&
        take(v, v->rules.jump_in ? worth_jumping_in(p, v) : bot_find(v, UNO_ACT_PLAY), out)) {
        say_uno_with(p, v, rng, out); /* KPGUT §7 side slide, or jump-in */
        return true;
    }
    i = bot_find(v, UNO_ACT_SUSPECT);
    if (i >= 0 && tactical_draw_seen(v, v->legal[i].target))
        return take(v, i, out);
    return false;
}

bool bot_heuristic(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *out)
{
    if (bot_table_action(p, v, rng, out))
        return true;
    if (!bot_in_turn(v))
        return false;
    if (v->phase == UNO_PHASE_COLOR) {
        int c = best_color(v->hand, v->rules.blank_points);
        for (int i = 0; i < v->nlegal; i++)
            if (v->legal[i].type == UNO_ACT_COLOR && v->legal[i].color == c)
                return take(v, i, out);
        return take(v, bot_find(v, UNO_ACT_COLOR), out);
    }
    long score = 0;
    int i = best_play(p, v, &score);
    if (v->phase == UNO_PHASE_PENDING) {
        if (i >= 0) { /* continue the chain */
            *out = v->legal[i];
            say_uno_with(p, v, rng, out);
            return true;
        }
        int c = bot_find(v, UNO_ACT_CHALLENGE);
        if (c >= 0 && bluff_likely(v))
            return take(v, c, out);
        return take(v, bot_find(v, UNO_ACT_TAKE), out);
    }
    /* a drawn bluff is kept, where the rules let the card be kept (not under forced play) */
    bool keeps = v->phase == UNO_PHASE_DRAWN && score < -BLUFF / 2 && bot_find(v, UNO_ACT_PASS) >= 0;
    if (i >= 0 && !keeps) {
        *out = v->legal[i];
        say_uno_with(p, v, rng, out);
        return true;
    }
    if (take(v, bot_find(v, UNO_ACT_DRAW), out))
        return true;
    return take(v, bot_find(v, UNO_ACT_PASS), out);
}
