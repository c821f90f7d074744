/*
 * test_rules.c — rule sets as data (src/engine/rules.c and the rules/ files).
 *
 * The built-in rule sets are checked against docs/rules.md "The rule sets side by side" row by row,
 * with the book and paragraph each value comes from; then every option is set
 * and read back, every kind of rules-file error must name its line, options
 * override a base, a file without a base must set everything, and the
 * examples in docs/examples parse. Files are read under env UNO_ROOT (the
 * repository; "." when unset).
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/rules_builtin.h"
#include "uno.h"

/* ------------------------------------------------------------- helpers */

static UnoRules load(const char *name)
{
    UnoRules r;
    char err[UNO_ERR_LEN] = "";
    if (uno_rules_preset(name, &r, err, sizeof err) != UNO_OK)
        fail_msg("preset %s: %s", name, err);
    return r;
}

static UnoRules parse_ok(const char *text)
{
    UnoRules r;
    char err[UNO_ERR_LEN] = "";
    if (uno_rules_parse(text, &r, err, sizeof err) != UNO_OK)
        fail_msg("parse of <<%s>>: %s", text, err);
    return r;
}

/* The parse must fail with a message containing want, and leave out as it was. */
static void expect_error(const char *text, const char *want)
{
    UnoRules r, before;
    memset(&r, 0x5a, sizeof r);
    memcpy(&before, &r, sizeof r);
    char err[UNO_ERR_LEN] = "";
    int st = uno_rules_parse(text, &r, err, sizeof err);
    if (st == UNO_OK || !strstr(err, want))
        fail_msg("parse of <<%s>>: status %d, message '%s'; wanted '%s'", text, st, err, want);
    assert_memory_equal(&r, &before, sizeof r);
}

static char *root_path(const char *rel)
{
    const char *root = getenv("UNO_ROOT");
    if (!root || !*root)
        root = ".";
    size_t n = strlen(root) + strlen(rel) + 2;
    char *p = malloc(n);
    assert_non_null(p);
    snprintf(p, n, "%s/%s", root, rel);
    return p;
}

/* The whole file, or NULL when it cannot be opened. */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4097 > cap) {
            cap = cap ? cap * 2 : 8192;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
        size_t n = fread(buf + len, 1, 4096, f);
        len += n;
        if (n == 0)
            break;
    }
    fclose(f);
    buf[len] = '\0';
    return buf;
}

static char *read_root(const char *rel)
{
    char *path = root_path(rel);
    char *text = read_text(path);
    free(path);
    if (!text)
        fail_msg("cannot open %s (is UNO_ROOT the repository?)", rel);
    return text;
}

static void get(const UnoRules *r, const char *key, char *buf, size_t len)
{
    if (uno_rules_get(r, key, buf, len) != UNO_OK)
        fail_msg("get %s failed", key);
}

/* Every option's value equal in a and b, except the one named skip. */
static void assert_same_except(const UnoRules *a, const UnoRules *b, const char *skip)
{
    size_t n;
    const UnoOptionInfo *o = uno_rules_options(&n);
    for (size_t i = 0; i < n; i++) {
        if (skip && strcmp(o[i].name, skip) == 0)
            continue;
        char va[64], vb[64];
        get(a, o[i].name, va, sizeof va);
        get(b, o[i].name, vb, sizeof vb);
        if (strcmp(va, vb) != 0)
            fail_msg("option %s: %s vs %s", o[i].name, va, vb);
    }
}

/* Equal names and option values (padding bytes aside). */
static void assert_rules_equal(const UnoRules *a, const UnoRules *b)
{
    assert_string_equal(a->name, b->name);
    assert_same_except(a, b, NULL);
}

/* -------------------------------------------------- built-in rule sets */

static void test_builtin_names_are_the_files(void **state)
{
    (void)state;
    const char *const *names = uno_rules_builtin_names();
    /* uno.h: ("mattel", "classic", "kpgut"), NULL-terminated */
    assert_string_equal(names[0], "mattel");
    assert_string_equal(names[1], "classic");
    assert_string_equal(names[2], "kpgut");
    assert_null(names[3]);
    assert_string_equal(uno_rules_builtin_list(), "mattel, classic, kpgut");
    int nfiles = 0;
    for (; rules_builtin_texts[nfiles][0]; nfiles++) {
        bool listed = false;
        for (const char *const *n = names; *n; n++)
            listed |= strcmp(*n, rules_builtin_texts[nfiles][0]) == 0;
        if (!listed)
            fail_msg("rules/%s.rules is not in uno_rules_builtin_names", rules_builtin_texts[nfiles][0]);
    }
    assert_int_equal(nfiles, 3);
    for (const char *const *n = names; *n; n++) {
        assert_non_null(uno_rules_builtin_text(*n));
        UnoRules r = load(*n);
        assert_string_equal(r.name, *n);
        assert_int_equal(uno_rules_validate(&r, 4, NULL, 0), UNO_OK);
    }
    assert_null(uno_rules_builtin_text("nope"));
    assert_null(uno_rules_builtin_text(NULL));
}

/* The compiled-in texts are the files in rules/ (the build is up to date). */
static void test_builtin_texts_are_the_files_on_disk(void **state)
{
    (void)state;
    for (const char *const *n = uno_rules_builtin_names(); *n; n++) {
        char rel[64];
        snprintf(rel, sizeof rel, "rules/%s.rules", *n);
        char *text = read_root(rel);
        assert_string_equal(text, uno_rules_builtin_text(*n));
        free(text);
    }
}

static void test_preset_unknown(void **state)
{
    (void)state;
    UnoRules r;
    memset(&r, 0x11, sizeof r);
    UnoRules before;
    memcpy(&before, &r, sizeof r);
    char err[UNO_ERR_LEN];
    assert_int_not_equal(uno_rules_preset("uno", &r, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "unknown rule set 'uno'"));
    assert_non_null(strstr(err, "mattel, classic, kpgut"));
    assert_memory_equal(&r, &before, sizeof r);
}

/* -------------------------- docs/rules.md "The rule sets side by side", by row */

/* deck */
static void test_matrix_deck(void **state)
{
    (void)state;
    UnoRules m = load("mattel"), c = load("classic"), k = load("kpgut");
    /* mattel: 108 cards (MyUNO); the booklet's 112 with 4 blanks is an option */
    assert_int_equal(m.players_per_deck, 0);
    assert_int_equal(m.blanks, 0);
    assert_int_equal(m.lost_cards[0], UNO_NO_CARD);
    assert_int_equal(m.spare_blanks, UNO_SPARE_HOUSE_RULE);
    assert_int_equal(m.blank_draw, 0);
    assert_false(m.blank_skip);
    assert_int_equal(m.blank_points, 50);
    /* classic 'EQUIPMENT': 108 */
    assert_int_equal(c.players_per_deck, 0);
    assert_int_equal(c.blanks, 0);
    /* KPGUT 'Requirements': one deck per 7 players (8 -> 2 decks, 15 -> 3) */
    assert_int_equal(k.players_per_deck, 7);
    assert_int_equal(k.blanks, 0);
    /* MyUNO 'Setup' 2, classic 'DEAL', KPGUT 'Starting the Game': 7 cards */
    assert_int_equal(m.hand_size, 7);
    assert_int_equal(c.hand_size, 7);
    assert_int_equal(k.hand_size, 7);
    /* one deck holds 15 hands of 7 and a card; 16 hands need kpgut's decks */
    assert_int_equal(uno_rules_validate(&c, 15, NULL, 0), UNO_OK);
    assert_int_not_equal(uno_rules_validate(&c, 16, NULL, 0), UNO_OK);
    assert_int_equal(uno_rules_validate(&k, 16, NULL, 0), UNO_OK);
    assert_int_equal(uno_rules_validate(&k, UNO_MAX_PLAYERS, NULL, 0), UNO_OK);
}

/* players */
static void test_matrix_players(void **state)
{
    (void)state;
    UnoRules m = load("mattel"), c = load("classic"), k = load("kpgut");
    /* booklet cover: 2-10 players */
    assert_int_equal(m.min_players, 2);
    assert_int_equal(m.max_players, 10);
    assert_int_equal(uno_rules_validate(&m, 10, NULL, 0), UNO_OK);
    assert_int_not_equal(uno_rules_validate(&m, 11, NULL, 0), UNO_OK);
    assert_int_equal(uno_rules_validate(&m, 2, NULL, 0), UNO_OK);
    assert_int_not_equal(uno_rules_validate(&m, 1, NULL, 0), UNO_OK);
    /* classic: any; KPGUT 'Requirements': any (decks grow) */
    assert_int_equal(c.min_players, 2);
    assert_int_equal(c.max_players, UNO_MAX_PLAYERS);
    assert_int_equal(k.min_players, 2);
    assert_int_equal(k.max_players, UNO_MAX_PLAYERS);
    assert_int_not_equal(uno_rules_validate(&k, UNO_MAX_PLAYERS + 1, NULL, 0), UNO_OK);
}

/* who deals */
static void test_matrix_who_deals(void **state)
{
    (void)state;
    UnoRules m = load("mattel"), c = load("classic"), k = load("kpgut");
    /* MyUNO 'Setup' 1: highest card; the deal passes on each hand */
    assert_int_equal(m.dealer, UNO_DEALER_HIGH_CARD);
    assert_true(m.deal_rotates);
    /* classic 'DEAL', 'GOING OUT': highest card; the deal passes */
    assert_int_equal(c.dealer, UNO_DEALER_HIGH_CARD);
    assert_true(c.deal_rotates);
    /* KPGUT 'Starting the Game', 'Ending the Game': the oldest deals */
    assert_int_equal(k.dealer, UNO_DEALER_OLDEST);
    assert_false(k.deal_rotates);
}

/* first discard */
static void test_matrix_first_discard(void **state)
{
    (void)state;
    /* MyUNO 'Setup' 4, classic 'DEAL': the top of the stock is turned up */
    assert_int_equal(load("mattel").opening, UNO_OPEN_TURN_UP);
    assert_int_equal(load("classic").opening, UNO_OPEN_TURN_UP);
    /* KPGUT 'Starting the Game': the youngest plays any card but a WD4 */
    assert_int_equal(load("kpgut").opening, UNO_OPEN_YOUNGEST_PLAYS);
}

/* first card effects */
static void test_matrix_first_card_effects(void **state)
{
    (void)state;
    UnoRules m = load("mattel"), c = load("classic");
    /* MyUNO 'Reverse Card': the dealer goes first, then play moves right */
    assert_int_equal(m.first_reverse, UNO_FIRST_REVERSE_DEALER_FIRST);
    /* MyUNO 'Wild Card': the player left of the dealer names the colour */
    assert_int_equal(m.first_wild, UNO_FIRST_WILD_NAME_COLOR);
    /* MyUNO 'Wild Draw 4 Card': return it, pick another */
    assert_int_equal(m.first_wd4, UNO_FIRST_WD4_RETURN);
    /* classic 'DEAL': Reverse: play starts the other way; Wild: the first
     * player declares the colour; WD4: another card is turned on top */
    assert_int_equal(c.first_reverse, UNO_FIRST_REVERSE_RIGHT_OF_DEALER);
    assert_int_equal(c.first_wild, UNO_FIRST_WILD_NAME_COLOR);
    assert_int_equal(c.first_wd4, UNO_FIRST_WD4_COVER);
}

/* what may be played */
static void test_matrix_what_may_be_played(void **state)
{
    (void)state;
    /* MyUNO 'Let's Play', classic 'SUMMARY': one card */
    assert_false(load("mattel").play_sets);
    assert_false(load("classic").play_sets);
    /* KPGUT 'Basic Gameplay': one or more cards of the same value */
    assert_true(load("kpgut").play_sets);
}

/* cannot play; drawing with a playable card */
static void test_matrix_cannot_play(void **state)
{
    (void)state;
    UnoRules m = load("mattel"), c = load("classic"), k = load("kpgut");
    /* MyUNO 'Let's Play', classic 'PLAY': draw 1 */
    assert_int_equal(m.draw_rule, UNO_DRAW_ONE);
    assert_int_equal(c.draw_rule, UNO_DRAW_ONE);
    /* KPGUT 'Basic Gameplay': draw until playable */
    assert_int_equal(k.draw_rule, UNO_DRAW_UNTIL_PLAYABLE);
    /* allowed everywhere; only KPGUT §14 lets anyone suspect it */
    assert_false(m.tactical_suspect);
    assert_false(c.tactical_suspect);
    assert_true(k.tactical_suspect);
}

/* Wild Draw 4 is legal when */
static void test_matrix_wd4_legal(void **state)
{
    (void)state;
    UnoRules m = load("mattel"), c = load("classic"), k = load("kpgut");
    /* MyUNO 'Wild Draw 4 Card', classic 'Wild Draw Four cards' */
    assert_int_equal(m.wd4_rule, UNO_WD4_NO_MATCHING_COLOR);
    assert_int_equal(c.wd4_rule, UNO_WD4_NO_MATCHING_COLOR);
    assert_false(m.wd4_on_draw2);
    assert_false(c.wd4_on_draw2);
    /* KPGUT 'Wild+Draw 4': no other card playable; also on a Draw 2 */
    assert_int_equal(k.wd4_rule, UNO_WD4_NO_PLAYABLE);
    assert_true(k.wd4_on_draw2);
}

/* WD4 challenge */
static void test_matrix_wd4_challenge(void **state)
{
    (void)state;
    /* MyUNO 'Wild Draw 4 Card' note; docs/rules.md reading 9 */
    assert_int_equal(load("mattel").challenge, UNO_CHALLENGE_NORMAL_TURN);
    /* classic: none */
    assert_int_equal(load("classic").challenge, UNO_CHALLENGE_NONE);
    /* KPGUT 'Wild+Draw 4': right: the suspecter may play any card */
    assert_int_equal(load("kpgut").challenge, UNO_CHALLENGE_ANY_CARD);
}

/* stacking; several Skips / Reverses */
static void test_matrix_stacking(void **state)
{
    (void)state;
    UnoRules m = load("mattel"), c = load("classic"), k = load("kpgut");
    /* MyUNO: none; classic 'SPECIAL ACTIONS' N.B.: never cancelled */
    assert_false(m.stack_draw2);
    assert_false(m.stack_wd4);
    assert_false(c.stack_draw2);
    assert_false(c.stack_wd4);
    /* KPGUT 'Draw 2', 'Wild+Draw 4': chains */
    assert_true(k.stack_draw2);
    assert_true(k.stack_wd4);
}

/* two players */
static void test_matrix_two_players(void **state)
{
    (void)state;
    /* booklet 'Rules for two players ("Challenge UNO")': on by default */
    assert_true(load("mattel").two_player_reverse_skips);
    /* classic: silent */
    assert_false(load("classic").two_player_reverse_skips);
    /* KPGUT 'Reverse': works as a Skip */
    assert_true(load("kpgut").two_player_reverse_skips);
}

/* UNO call */
static void test_matrix_uno_call(void **state)
{
    (void)state;
    UnoRules m = load("mattel"), c = load("classic"), k = load("kpgut");
    /* MyUNO 'Going Out': draw 2 if caught before the next player begins a
     * turn; the booklet's 4 and self-catch are options */
    assert_int_equal(m.uno_penalty, 2);
    assert_int_equal(m.uno_grace_ms, 0);
    assert_int_equal(m.uno_window, UNO_UNO_WINDOW_NEXT_TURN);
    assert_false(m.uno_self_catch);
    /* classic 'GOING OUT': must call; no penalty */
    assert_int_equal(c.uno_penalty, 0);
    assert_false(c.uno_self_catch);
    /* KPGUT §1: within 3 s; caught before the next player plays cards: 2 */
    assert_int_equal(k.uno_penalty, 2);
    assert_int_equal(k.uno_grace_ms, 3000);
    assert_int_equal(k.uno_window, UNO_UNO_WINDOW_NEXT_PLAY);
    assert_false(k.uno_self_catch);
}

/* last card is special; out of turn; stock runs out */
static void test_matrix_last_card_side_slide_stock(void **state)
{
    (void)state;
    UnoRules m = load("mattel"), c = load("classic"), k = load("kpgut");
    /* KPGUT §2 */
    assert_false(m.last_card_draw);
    assert_false(c.last_card_draw);
    assert_true(k.last_card_draw);
    /* KPGUT §7 */
    assert_false(m.side_slide);
    assert_false(c.side_slide);
    assert_true(k.side_slide);
    /* KPGUT §5; docs/rules.md reading 8 for the others */
    assert_false(m.stock_out_ends);
    assert_false(c.stock_out_ends);
    assert_true(k.stock_out_ends);
}

/* a hand ends; scoring */
static void test_matrix_end_and_scoring(void **state)
{
    (void)state;
    UnoRules m = load("mattel"), c = load("classic"), k = load("kpgut");
    /* MyUNO 'Going Out', classic 'GOING OUT': when one goes out */
    assert_false(m.play_to_last);
    assert_false(c.play_to_last);
    /* KPGUT 'Ending the Game': the rest play on until one remains */
    assert_true(k.play_to_last);
    /* MyUNO 'Scoring', 'Winning the game': the winner scores, first to 500 */
    assert_int_equal(m.scoring, UNO_SCORING_WINNER);
    assert_int_equal(m.target, 500);
    assert_int_equal(m.time_limit_min, 0);
    /* classic 'SCORING', 'OBJECT': traditionally 500 */
    assert_int_equal(c.scoring, UNO_SCORING_WINNER);
    assert_int_equal(c.target, 500);
    assert_int_equal(c.time_limit_min, 0);
    /* KPGUT 'Scoring': sessions, a game lasts at most one hour */
    assert_int_equal(k.scoring, UNO_SCORING_SESSION);
    assert_int_equal(k.target, 0);
    assert_int_equal(k.time_limit_min, 60);
}

/* modes */
static void test_matrix_modes(void **state)
{
    (void)state;
    /* booklet 'Rules for partners': an option, off by default */
    assert_false(load("mattel").partners);
    assert_false(load("classic").partners);
    assert_false(load("kpgut").partners);
}

/* KPGUT's special situations (and the Finnish original's readings) */
static void test_matrix_kpgut_special_situations(void **state)
{
    (void)state;
    UnoRules k = load("kpgut");
    assert_true(k.giveup);                              /* §9 */
    assert_int_equal(k.giveup_into, UNO_PILE_PLAYED);   /* §9 fi: pelipakkaan */
    assert_true(k.join);                                /* §13 */
    assert_int_equal(k.join_cards, 9);                  /* §13 */
    assert_true(k.spectators > 0);                      /* "Starting the Game", §3.2 */
    assert_true(k.warnings);                            /* §15 */
    assert_true(k.votes);                               /* §11 */
    assert_false(k.honour);                             /* §10: an option */
    assert_int_equal(k.cheat_penalty, 2);               /* §10 */
    assert_int_equal(k.away_ms, 0);                     /* §8: the timer is an option */
    assert_int_equal(k.away_draw, 2);                   /* §8 */
    assert_int_equal(k.suspect_shown_to, UNO_SHOWN_TO_OLDEST); /* §14 fi */
    assert_int_equal(k.wrong_suspect_draw, 4);          /* §14 */
    /* none of them under mattel or classic */
    const char *others[] = {"mattel", "classic"};
    for (int i = 0; i < 2; i++) {
        UnoRules r = load(others[i]);
        assert_false(r.giveup);
        assert_false(r.join);
        assert_int_equal(r.spectators, 0);
        assert_false(r.warnings);
        assert_false(r.votes);
        assert_false(r.honour);
        assert_int_equal(r.away_ms, 0);
    }
}

/* ------------------------------------------------------- the option table */

static bool lower_snake(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
            return false;
    return true;
}

/* docs/rules.md "Presets": each preset applies on every built-in rule set
 * and sets exactly its options to its values; the list of names in
 * messages is the table's. */
static void test_presets_apply_everywhere(void **state)
{
    (void)state;
    size_t n;
    const UnoPreset *p = uno_presets(&n);
    assert_true(n >= 4);
    char list[256] = "";
    for (size_t i = 0; i < n; i++) {
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", p[i].name);
        assert_true(lower_snake(p[i].name));
        assert_true(p[i].meaning && p[i].meaning[0]);
        for (const char *const *set = uno_rules_builtin_names(); *set; set++) {
            UnoRules r = load(*set);
            char err[UNO_ERR_LEN] = "";
            if (uno_rules_apply_preset(&r, p[i].name, err, sizeof err) != UNO_OK)
                fail_msg("preset %s on %s: %s", p[i].name, *set, err);
            assert_int_equal(uno_rules_validate(&r, 4, err, sizeof err), UNO_OK);
            for (const UnoPresetSetting *s = p[i].settings; s < p[i].settings + UNO_PRESET_SETTINGS && s->option; s++) {
                char value[64];
                get(&r, s->option, value, sizeof value);
                assert_string_equal(value, s->value);
            }
        }
    }
    assert_string_equal(uno_presets_list(), list);
}

/* docs/rules.md "Presets": the six of the table, with their options. */
static void test_presets_documented(void **state)
{
    (void)state;
    UnoRules r = load("mattel");
    char err[UNO_ERR_LEN], value[64];
    assert_int_equal(uno_rules_apply_preset(&r, "stack_everything", err, sizeof err), UNO_OK);
    const char *stacks[] = {"stack_draw2", "stack_wd4", "stack_draw2_on_wd4", "stack_wd4_on_draw2"};
    for (size_t i = 0; i < sizeof stacks / sizeof stacks[0]; i++) {
        get(&r, stacks[i], value, sizeof value);
        assert_string_equal(value, "true");
    }
    r = load("mattel");
    assert_int_equal(uno_rules_apply_preset(&r, "draw_to_match", err, sizeof err), UNO_OK);
    assert_int_equal(r.draw_rule, UNO_DRAW_UNTIL_PLAYABLE);
    assert_int_equal(uno_rules_apply_preset(&r, "strict", err, sizeof err), UNO_OK);
    assert_true(r.forced_play && r.no_bluffing);
    assert_false(uno_rules_wd4_challenge(&r)); /* no bluffing: nothing to challenge */
    r = load("kpgut");
    assert_int_equal(uno_rules_apply_preset(&r, "mercy", err, sizeof err), UNO_OK);
    assert_int_equal(r.hand_limit, 25);
    assert_true(r.stack_draw2_on_wd4 && r.stack_wd4_on_draw2);
    r = load("classic");
    assert_int_equal(uno_rules_apply_preset(&r, "seven_o", err, sizeof err), UNO_OK);
    assert_true(r.seven_o);
    r = load("mattel");
    assert_int_equal(uno_rules_apply_preset(&r, "seven_o_jump_in", err, sizeof err), UNO_OK);
    assert_true(r.seven_o && r.jump_in && !r.jump_in_wilds);
}

/* An unknown preset is refused, named with the known ones; nothing changes. */
static void test_preset_refusal_changes_nothing(void **state)
{
    (void)state;
    UnoRules r = load("classic"), before = r;
    char err[UNO_ERR_LEN];
    assert_int_not_equal(uno_rules_apply_preset(&r, "stack_it_all", err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "unknown preset 'stack_it_all'"));
    assert_non_null(strstr(err, uno_presets_list()));
    assert_memory_equal(&r, &before, sizeof r);
    assert_int_not_equal(uno_rules_apply_preset(&r, NULL, err, sizeof err), UNO_OK);
    assert_memory_equal(&r, &before, sizeof r);
}

/* docs/rules.md `hand_limit`: above hand_size, or 0. */
static void test_hand_limit_above_hand_size(void **state)
{
    (void)state;
    UnoRules r = load("mattel");
    char err[UNO_ERR_LEN];
    r.hand_limit = 7;
    assert_int_not_equal(uno_rules_validate(&r, 4, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "hand_limit (7) must be above hand_size (7)"));
    r.hand_limit = 8;
    assert_int_equal(uno_rules_validate(&r, 4, err, sizeof err), UNO_OK);
}

/* docs/rules.md `jump_in_wilds`: only beside jump_in. */
static void test_jump_in_wilds_needs_jump_in(void **state)
{
    (void)state;
    UnoRules r = load("kpgut");
    char err[UNO_ERR_LEN];
    r.jump_in_wilds = true;
    assert_int_not_equal(uno_rules_validate(&r, 4, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "jump_in_wilds widens jump-in: it needs jump_in = true"));
    r.jump_in = true;
    assert_int_equal(uno_rules_validate(&r, 4, err, sizeof err), UNO_OK);
}

static void test_option_table(void **state)
{
    (void)state;
    /* one option per field of UnoRules but name, in the struct's order */
    static const char *const fields[] = {
        "players_per_deck", "blanks", "lost_cards", "spare_blanks", "blank_draw", "blank_skip", "blank_points",
        "hand_size", "min_players", "max_players", "dealer", "deal_rotates", "opening",
        "first_reverse", "first_wild", "first_wd4", "play_sets", "draw_rule", "wd4_rule",
        "wd4_on_draw2", "challenge", "stack_draw2", "stack_wd4", "stack_draw2_on_wd4",
        "stack_wd4_on_draw2", "forced_play", "no_bluffing", "two_player_reverse_skips",
        "side_slide", "seven_o", "jump_in", "jump_in_wilds", "last_card_draw", "tactical_suspect", "suspect_shown_to",
        "wrong_suspect_draw", "uno_penalty", "uno_grace_ms", "uno_window", "uno_self_catch",
        "play_to_last", "stock_out_ends", "hand_limit", "scoring", "target", "time_limit_min", "partners",
        "giveup", "giveup_into", "join", "join_cards", "spectators", "spectators_see_hands", "warnings", "votes", "honour",
        "cheat_penalty", "away_ms", "away_draw", "help_penalty"};
    size_t n;
    const UnoOptionInfo *o = uno_rules_options(&n);
    assert_int_equal(n, sizeof fields / sizeof fields[0]);
    for (size_t i = 0; i < n; i++) {
        assert_string_equal(o[i].name, fields[i]);
        assert_true(o[i].meaning && o[i].meaning[0]);
        assert_true(o[i].source && o[i].source[0]);
        assert_true((o[i].type == UNO_OPT_ENUM) == (o[i].values != NULL));
        if (o[i].values) {
            assert_non_null(o[i].values[0]);
            assert_non_null(o[i].values[1]);
            for (const char *const *v = o[i].values; *v; v++)
                assert_true(lower_snake(*v));
        }
    }
    /* the enum value names of the brief */
    static const struct { const char *option, *values; } enums[] = {
        {"dealer", "high_card oldest"},
        {"opening", "turn_up youngest_plays"},
        {"first_reverse", "dealer_first right_of_dealer"},
        {"first_wild", "name_color return"},
        {"first_wd4", "return cover"},
        {"draw_rule", "draw_one until_playable"},
        {"wd4_rule", "no_matching_color no_playable"},
        {"challenge", "none normal_turn any_card"},
        {"uno_window", "next_turn next_play"},
        {"scoring", "none winner tally session"},
        {"giveup_into", "played stock"},
        {"suspect_shown_to", "oldest suspecter"},
    };
    for (size_t e = 0; e < sizeof enums / sizeof enums[0]; e++) {
        size_t i = 0;
        while (i < n && strcmp(o[i].name, enums[e].option) != 0)
            i++;
        assert_true(i < n);
        char joined[128] = "";
        for (const char *const *v = o[i].values; *v; v++) {
            if (joined[0])
                strcat(joined, " ");
            strcat(joined, *v);
        }
        assert_string_equal(joined, enums[e].values);
    }
}

/* The values an int option takes, from the "(lo..hi)" or "(a or b)" that
 * ends its meaning. */
static void int_range(const UnoOptionInfo *o, int *lo, int *hi, bool *two)
{
    const char *p = strrchr(o->meaning, '(');
    assert_non_null(p);
    *two = strstr(p, " or ") != NULL;
    int n = *two ? sscanf(p, "(%d or %d)", lo, hi) : sscanf(p, "(%d..%d)", lo, hi);
    if (n != 2)
        fail_msg("%s: no range at the end of its meaning", o->name);
}

/* Sets name = value on r (which must change nothing else) and reads back want. */
static void set_and_check(UnoRules *r, const char *name, const char *value, const char *want)
{
    UnoRules before = *r;
    char err[UNO_ERR_LEN] = "", got[64];
    if (uno_rules_set(r, name, value, err, sizeof err) != UNO_OK)
        fail_msg("set %s = %s: %s", name, value, err);
    get(r, name, got, sizeof got);
    if (strcmp(got, want) != 0)
        fail_msg("set %s = %s: reads back %s, wanted %s", name, value, got, want);
    assert_same_except(r, &before, name);
    assert_string_equal(r->name, before.name);
}

static void test_every_option_settable(void **state)
{
    (void)state;
    size_t n;
    const UnoOptionInfo *o = uno_rules_options(&n);
    for (const char *const *set = uno_rules_builtin_names(); *set; set++) {
        UnoRules r = load(*set);
        for (size_t i = 0; i < n; i++) {
            char text[32];
            switch (o[i].type) {
            case UNO_OPT_BOOL:
                set_and_check(&r, o[i].name, "true", "true");
                set_and_check(&r, o[i].name, "false", "false");
                break;
            case UNO_OPT_ENUM:
                for (const char *const *v = o[i].values; *v; v++)
                    set_and_check(&r, o[i].name, *v, *v);
                break;
            case UNO_OPT_CARDS:
                for (int k = 0; k < UNO_BLANK; k++)
                    set_and_check(&r, o[i].name, uno_card_name((UnoCard)k), uno_card_name((UnoCard)k));
                set_and_check(&r, o[i].name, "R7,g+2 W", "R7 G+2 W");
                set_and_check(&r, o[i].name, "none", "none");
                break;
            case UNO_OPT_INT: {
                int lo, hi;
                bool two;
                int_range(&o[i], &lo, &hi, &two);
                int vals[] = {lo, hi, two ? lo : (lo + hi) / 2};
                for (int k = 0; k < 3; k++) {
                    snprintf(text, sizeof text, "%d", vals[k]);
                    set_and_check(&r, o[i].name, text, text);
                }
                break;
            }
            }
        }
    }
}

/* The ranges the rules-file format promises. */
static void test_ranges(void **state)
{
    (void)state;
    static const struct { const char *option; int lo, hi; } ranges[] = {
        {"hand_size", 1, 20}, {"uno_penalty", 0, 10}, {"min_players", 2, UNO_MAX_PLAYERS},
        {"max_players", 2, UNO_MAX_PLAYERS}, {"join_cards", 1, 20},
    };
    UnoRules r = load("mattel");
    char err[UNO_ERR_LEN], text[16];
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
        snprintf(text, sizeof text, "%d", ranges[i].lo);
        assert_int_equal(uno_rules_set(&r, ranges[i].option, text, err, sizeof err), UNO_OK);
        snprintf(text, sizeof text, "%d", ranges[i].hi);
        assert_int_equal(uno_rules_set(&r, ranges[i].option, text, err, sizeof err), UNO_OK);
        snprintf(text, sizeof text, "%d", ranges[i].lo - 1);
        assert_int_not_equal(uno_rules_set(&r, ranges[i].option, text, err, sizeof err), UNO_OK);
        snprintf(text, sizeof text, "%d", ranges[i].hi + 1);
        assert_int_not_equal(uno_rules_set(&r, ranges[i].option, text, err, sizeof err), UNO_OK);
        assert_non_null(strstr(err, "out of range"));
    }
    /* blanks: 0 or 4 (booklet 'Deck contents') */
    assert_int_equal(uno_rules_set(&r, "blanks", "4", err, sizeof err), UNO_OK);
    assert_int_equal(uno_rules_set(&r, "blanks", "0", err, sizeof err), UNO_OK);
    for (int b = 1; b <= 3; b++) {
        snprintf(text, sizeof text, "%d", b);
        assert_int_not_equal(uno_rules_set(&r, "blanks", text, err, sizeof err), UNO_OK);
        assert_non_null(strstr(err, "0 or 4"));
    }
    assert_int_not_equal(uno_rules_set(&r, "blanks", "8", err, sizeof err), UNO_OK);
    /* huge numbers do not wrap around into the range */
    assert_int_not_equal(uno_rules_set(&r, "hand_size", "4294967303", err, sizeof err), UNO_OK);
    assert_int_not_equal(uno_rules_set(&r, "hand_size", "-4294967289", err, sizeof err), UNO_OK);
    assert_int_equal(r.hand_size, 20);
}

static void test_bool_spellings(void **state)
{
    (void)state;
    static const char *const yes[] = {"true", "yes", "on", "1", "TRUE", "Yes"};
    static const char *const no[] = {"false", "no", "off", "0", "FALSE", "Off"};
    UnoRules r = load("mattel");
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        assert_int_equal(uno_rules_set(&r, "side_slide", yes[i], NULL, 0), UNO_OK);
        assert_true(r.side_slide);
        assert_int_equal(uno_rules_set(&r, "side_slide", no[i], NULL, 0), UNO_OK);
        assert_false(r.side_slide);
    }
}

static void test_set_rejects(void **state)
{
    (void)state;
    static const struct { const char *key, *value, *want; } bad[] = {
        {"foo", "1", "unknown option 'foo'"},
        {"name", "x", "unknown option 'name'"},
        {"side_slide", "maybe", "'maybe' is not a bool"},
        {"side_slide", "", "is not a bool"},
        {"hand_size", "seven", "'seven' is not a whole number"},
        {"hand_size", "7.5", "is not a whole number"},
        {"hand_size", "0", "out of range (1..20)"},
        {"dealer", "youngest", "'youngest' is not one of high_card, oldest"},
        {"lost_cards", "Q7", "'Q7' is not a card"},
        {"lost_cards", "R7 R10", "'R10' is not a card"},
        {"lost_cards", "R1 R2 R3 R4 R5", "at most 4 cards"},
        {"lost_cards", "X", "not a blank"},
        {"lost_cards", " , ", "no cards (say none)"},
        {"blanks", "2", "0 or 4"},
    };
    UnoRules r = load("kpgut"), before;
    memcpy(&before, &r, sizeof r);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[UNO_ERR_LEN] = "";
        assert_int_not_equal(uno_rules_set(&r, bad[i].key, bad[i].value, err, sizeof err), UNO_OK);
        if (!strstr(err, bad[i].want))
            fail_msg("set %s = %s: '%s', wanted '%s'", bad[i].key, bad[i].value, err, bad[i].want);
        assert_memory_equal(&r, &before, sizeof r);
    }
    assert_int_not_equal(uno_rules_set(&r, "hand_size", NULL, NULL, 0), UNO_OK);
    assert_int_not_equal(uno_rules_set(&r, NULL, "1", NULL, 0), UNO_OK);
    /* enums and cards are read case-insensitively */
    assert_int_equal(uno_rules_set(&r, "dealer", "High_Card", NULL, 0), UNO_OK);
    assert_int_equal(r.dealer, UNO_DEALER_HIGH_CARD);
    assert_int_equal(uno_rules_set(&r, "lost_cards", "g+2", NULL, 0), UNO_OK);
    assert_int_equal(r.lost_cards[0], uno_card_make(UNO_GREEN, UNO_DRAW2));
    assert_int_equal(r.lost_cards[1], UNO_NO_CARD);
}

static void test_get(void **state)
{
    (void)state;
    UnoRules k = load("kpgut");
    char buf[64];
    get(&k, "players_per_deck", buf, sizeof buf);
    assert_string_equal(buf, "7");
    get(&k, "dealer", buf, sizeof buf);
    assert_string_equal(buf, "oldest");
    get(&k, "side_slide", buf, sizeof buf);
    assert_string_equal(buf, "true");
    get(&k, "lost_cards", buf, sizeof buf);
    assert_string_equal(buf, "none");
    assert_int_not_equal(uno_rules_get(&k, "nope", buf, sizeof buf), UNO_OK);
    assert_int_not_equal(uno_rules_get(&k, "name", buf, sizeof buf), UNO_OK);
    assert_int_not_equal(uno_rules_get(&k, "dealer", buf, 3), UNO_OK); /* "oldest" does not fit */
    assert_int_not_equal(uno_rules_get(&k, "dealer", buf, 0), UNO_OK);
}

/* ----------------------------------------------------------- rules files */

static void test_parse_format(void **state)
{
    (void)state;
    /* comments, blank lines, spaces, CRLF, a byte-order mark, no final newline */
    UnoRules r = parse_ok("\xEF\xBB\xBF# my rules\r\n"
                          "\r\n"
                          "   base   =   mattel   # start from MyUNO\r\n"
                          "\t# indented comment\n"
                          "name = house rules\n"
                          "uno_penalty=4\n"
                          "side_slide = on#no space before the comment\n"
                          "   \t  \n"
                          "blanks = 4\n"
                          "lost_cards = y+2 R0");
    assert_string_equal(r.name, "house rules");
    assert_int_equal(r.uno_penalty, 4);
    assert_true(r.side_slide);
    assert_int_equal(r.lost_cards[0], uno_card_make(UNO_YELLOW, UNO_DRAW2));
    assert_int_equal(r.lost_cards[1], uno_card_make(UNO_RED, 0));
    /* the name is the base's without a name line */
    assert_string_equal(parse_ok("base = kpgut\n").name, "kpgut");
    /* an empty file has no base and sets nothing */
    expect_error("", "every option must be set");
    expect_error("# nothing\n\n", "every option must be set");
}

/* The error of a file without base names whole options, as many as fit,
 * then how many more; it suggests a base. */
static void test_missing_options_named_whole(void **state)
{
    (void)state;
    UnoRules r;
    char err[UNO_ERR_LEN] = "";
    assert_int_not_equal(uno_rules_parse("", &r, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "base = mattel"));
    size_t nopts;
    const UnoOptionInfo *opts = uno_rules_options(&nopts);
    int missing = -1, named = 0, more = 0;
    const char *list = strstr(err, " missing: ");
    assert_non_null(list);
    assert_int_equal(sscanf(strstr(err, "); ") + 3, "%d missing", &missing), 1);
    assert_int_equal(missing, (int)nopts);
    char names[UNO_ERR_LEN];
    snprintf(names, sizeof names, "%s", list + strlen(" missing: "));
    char *and = strstr(names, " and ");
    assert_non_null(and); /* 51 options do not fit in one message */
    assert_int_equal(sscanf(and, " and %d more", &more), 1);
    *and = '\0';
    for (char *name = strtok(names, ", "); name; name = strtok(NULL, ", ")) {
        bool known = false;
        for (size_t i = 0; i < nopts; i++)
            known |= strcmp(opts[i].name, name) == 0;
        if (!known)
            fail_msg("'%s' is not an option's whole name: %s", name, err);
        named++;
    }
    assert_true(named > 0);
    assert_int_equal(named + more, missing);
}

static void test_parse_errors_name_the_line(void **state)
{
    (void)state;
    static const struct { const char *text, *want; } bad[] = {
        {"base = mattel\n#\n\nfoo = 1\n", "line 4: unknown option 'foo'"},
        {"base = mattel\n\n\n\n\n\nplay_sets = maybe\n", "line 7: play_sets: 'maybe' is not a bool"},
        {"base = mattel\n\n\n\n\n\n\n\nmax_players = 31\n", "line 9: max_players: value out of range (2..30)"},
        {"base = mattel\nhand_size = 0\n", "line 2: hand_size: value out of range (1..20)"},
        {"base = mattel\nuno_penalty = 11\n", "line 2: uno_penalty: value out of range (0..10)"},
        {"base = mattel\nblanks = 3\n", "line 2: blanks: value must be 0 or 4"},
        {"base = mattel\nhand_size = lots\n", "line 2: hand_size: 'lots' is not a whole number"},
        {"base = mattel\nopening = dealer\n", "line 2: opening: 'dealer' is not one of turn_up, youngest_plays"},
        {"base = mattel\nlost_cards = Z9\n", "line 2: lost_cards: 'Z9' is not a card"},
        {"base = uno\n", "line 1: unknown base 'uno' (mattel, classic, kpgut)"},
        {"hand_size = 7\nbase = mattel\n", "line 2: 'base' must come before any other option"},
        {"name = x\nbase = mattel\n", "line 2: 'base' must come before any other option"},
        {"base = mattel\nbase = kpgut\n", "line 2: duplicated option 'base' (first on line 1)"},
        {"base = mattel\nside_slide = true\n\nside_slide = true\n",
         "line 4: duplicated option 'side_slide' (first on line 2)"},
        {"base = mattel\nname = a\nname = b\n", "line 3: duplicated option 'name' (first on line 2)"},
        {"base = mattel\nname = a name longer than thirty-one bytes\n", "line 2: name: too long"},
        {"base = mattel\nname = a\tb\n", "line 2: name: control characters"},
        {"base = mattel\nside_slide\n", "line 2: expected 'option = value'"},
        {"base = mattel\n= true\n", "line 2: expected 'option = value'"},
        {"base = mattel\nside_slide =\n", "line 2: no value for 'side_slide'"},
        {"base = mattel\nside_slide = # nothing\n", "line 2: no value for 'side_slide'"},
        {"base =\n", "line 1: no value for 'base'"},
        {"base = mattel\nSide_Slide = true\n", "line 2: unknown option 'Side_Slide'"},
        {"base = mattel\nan_option_name_much_longer_than_any_real_option_name = 1\n",
         "line 2: unknown option 'an_option_name_much_longer_than_any_real"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_error(bad[i].text, bad[i].want);
    /* a value longer than any option takes */
    char text[400] = "base = mattel\nname = ";
    memset(text + strlen(text), 'n', 300);
    expect_error(text, "line 2: the value of 'name' is too long");
}

/* Combinations that cannot be played are refused when the file is read. */
static void test_parse_rejects_impossible_combinations(void **state)
{
    (void)state;
    expect_error("base = mattel\nmin_players = 5\nmax_players = 4\n",
                 "min_players (5) is more than max_players (4)");
    expect_error("base = kpgut\npartners = true\n", "play_to_last");
    expect_error("base = kpgut\nplay_to_last = false\n", "scoring = session needs play_to_last");
}

/* The text of every option of r, as a rules file without a base. */
static void write_all(const UnoRules *r, const char *skip, char *out, size_t len)
{
    size_t n;
    const UnoOptionInfo *o = uno_rules_options(&n);
    snprintf(out, len, "name = %s\n", r->name);
    for (size_t i = 0; i < n; i++) {
        if (skip && strcmp(o[i].name, skip) == 0)
            continue;
        char value[64];
        get(r, o[i].name, value, sizeof value);
        size_t used = strlen(out);
        snprintf(out + used, len - used, "%s = %s\n", o[i].name, value);
    }
}

static void test_file_without_base(void **state)
{
    (void)state;
    char text[4096];
    for (const char *const *set = uno_rules_builtin_names(); *set; set++) {
        UnoRules want = load(*set);
        /* every option set: the same rule set */
        write_all(&want, NULL, text, sizeof text);
        UnoRules got = parse_ok(text);
        assert_rules_equal(&got, &want);
    }
    /* one option missing: rejected, naming it */
    UnoRules k = load("kpgut");
    write_all(&k, "side_slide", text, sizeof text);
    expect_error(text, "1 missing: side_slide");
    write_all(&k, "away_draw", text, sizeof text);
    expect_error(text, "1 missing: away_draw");
    /* without a name line the name stays empty (uno rules fills in the file name) */
    write_all(&k, NULL, text, sizeof text);
    UnoRules r = parse_ok(strchr(text, '\n') + 1);
    assert_string_equal(r.name, "");
}

static void test_overrides_on_a_base(void **state)
{
    (void)state;
    /* kpgut without side slides (KPGUT §7) */
    UnoRules k = load("kpgut");
    UnoRules r = parse_ok("base = kpgut\nside_slide = false\n");
    assert_false(r.side_slide);
    assert_string_equal(r.name, "kpgut");
    assert_same_except(&r, &k, "side_slide");
    /* mattel with the booklet's 4-card UNO penalty */
    UnoRules m = load("mattel");
    r = parse_ok("base = mattel\nuno_penalty = 4\n");
    assert_int_equal(r.uno_penalty, 4);
    assert_same_except(&r, &m, "uno_penalty");
    /* mattel with stacking */
    r = parse_ok("base = mattel\nname = stacked\nstack_draw2 = true\nstack_wd4 = yes\n");
    assert_string_equal(r.name, "stacked");
    assert_true(r.stack_draw2);
    assert_true(r.stack_wd4);
    r.stack_draw2 = m.stack_draw2;
    r.stack_wd4 = m.stack_wd4;
    snprintf(r.name, sizeof r.name, "%s", m.name);
    assert_rules_equal(&r, &m);
    /* every option can be changed from every rule set (docs/rules.md "The rule sets side by side") */
    size_t n;
    const UnoOptionInfo *o = uno_rules_options(&n);
    for (const char *const *set = uno_rules_builtin_names(); *set; set++) {
        UnoRules base = load(*set);
        for (size_t i = 0; i < n; i++) {
            char value[64], text[160];
            get(&base, o[i].name, value, sizeof value);
            snprintf(text, sizeof text, "base = %s\n%s = %s\n", *set, o[i].name, value);
            r = parse_ok(text);
            assert_rules_equal(&r, &base);
        }
    }
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static UnoRules example(const char *file)
{
    char rel[128];
    snprintf(rel, sizeof rel, "docs/examples/%s", file);
    char *text = read_root(rel);
    UnoRules r;
    char err[UNO_ERR_LEN] = "";
    if (uno_rules_parse(text, &r, err, sizeof err) != UNO_OK)
        fail_msg("%s: %s", rel, err);
    free(text);
    return r;
}

static void test_examples_parse(void **state)
{
    (void)state;
    char *dir = root_path("docs/examples");
    DIR *d = opendir(dir);
    if (!d)
        fail_msg("cannot open %s", dir);
    int count = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!ends_with(e->d_name, ".rules"))
            continue;
        UnoRules r = example(e->d_name);
        assert_true(r.name[0] != '\0');
        count++;
    }
    closedir(d);
    free(dir);
    assert_true(count >= 3);

    UnoRules m = load("mattel");
    /* the booklet where it differs from MyUNO */
    UnoRules b = example("mattel-booklet.rules");
    assert_int_equal(b.blanks, 4);                                  /* 'Deck contents' */
    assert_int_equal(b.uno_penalty, 4);                             /* 'Let's play!' 4 */
    assert_true(b.uno_self_catch);                                  /* 'What if I forgot...' */
    assert_int_equal(b.first_wild, UNO_FIRST_WILD_RETURN);          /* 'Set up' 6 */
    assert_int_equal(b.first_reverse, UNO_FIRST_REVERSE_RIGHT_OF_DEALER); /* 'Reverse card' */
    assert_int_equal(b.max_players, m.max_players);
    UnoRules s = example("mattel-stacking.rules");
    assert_true(s.stack_draw2);
    assert_true(s.stack_wd4);
    UnoRules ns = example("kpgut-no-slides.rules");
    assert_false(ns.side_slide);
    UnoRules k = load("kpgut");
    assert_same_except(&ns, &k, "side_slide");
    UnoRules p = example("mattel-partners.rules");
    assert_true(p.partners);
    assert_int_equal(uno_rules_validate(&p, 4, NULL, 0), UNO_OK);
}

/* ------------------------------------------------------------- validate */

static void test_validate(void **state)
{
    (void)state;
    char err[UNO_ERR_LEN];
    UnoRules m = load("mattel");
    assert_int_equal(uno_rules_validate(&m, 0, err, sizeof err), UNO_OK); /* the rules alone */
    assert_int_not_equal(uno_rules_validate(&m, -1, err, sizeof err), UNO_OK);
    /* booklet 'Rules for partners (four players)' */
    UnoRules p = m;
    p.partners = true;
    assert_int_equal(uno_rules_validate(&p, 4, err, sizeof err), UNO_OK);
    assert_int_not_equal(uno_rules_validate(&p, 3, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "partners needs exactly 4 players"));
    assert_int_not_equal(uno_rules_validate(&p, 6, err, sizeof err), UNO_OK);
    /* partners end the hand when one goes out: not with play_to_last */
    p.play_to_last = true;
    assert_int_not_equal(uno_rules_validate(&p, 4, err, sizeof err), UNO_OK);
    /* min above max */
    UnoRules r = m;
    r.min_players = 6;
    r.max_players = 5;
    assert_int_not_equal(uno_rules_validate(&r, 0, err, sizeof err), UNO_OK);
    /* a player count outside the rule set's */
    r = m;
    r.min_players = 3;
    assert_int_not_equal(uno_rules_validate(&r, 2, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "3..10"));
    /* more decks than a game holds (UNO_MAX_DECKS) */
    UnoRules k = load("kpgut");
    k.players_per_deck = 2;
    assert_int_equal(uno_rules_validate(&k, 10, err, sizeof err), UNO_OK);
    assert_int_not_equal(uno_rules_validate(&k, 11, err, sizeof err), UNO_OK);
    /* hands that the deck cannot deal */
    r = m;
    r.hand_size = 20;
    assert_int_equal(uno_rules_validate(&r, 5, err, sizeof err), UNO_OK);
    assert_int_not_equal(uno_rules_validate(&r, 6, err, sizeof err), UNO_OK);
    r.blanks = 4; /* 112 cards: 5 x 20 + 1 fit, 6 x 20 do not */
    assert_int_not_equal(uno_rules_validate(&r, 6, err, sizeof err), UNO_OK);
    /* values set by hand outside their ranges */
    r = m;
    r.hand_size = 0;
    assert_int_not_equal(uno_rules_validate(&r, 0, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "hand_size"));
    r = m;
    r.scoring = (UnoScoring)9;
    assert_int_not_equal(uno_rules_validate(&r, 0, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "scoring"));
    r = m;
    r.lost_cards[0] = UNO_KINDS;
    assert_int_not_equal(uno_rules_validate(&r, 0, err, sizeof err), UNO_OK);
    r = m; /* booklet 'Blank card': each lost card takes a blank, and was in the deck */
    r.lost_cards[0] = uno_card_make(UNO_RED, 7);
    assert_int_not_equal(uno_rules_validate(&r, 0, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "1 lost cards need 1 blanks"));
    r.blanks = 4;
    assert_int_equal(uno_rules_validate(&r, 0, err, sizeof err), UNO_OK);
    r.lost_cards[1] = r.lost_cards[2] = uno_card_make(UNO_RED, 7);
    assert_int_not_equal(uno_rules_validate(&r, 0, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "a deck holds only 2 R7"));
    r = m;
    memset(r.name, 'x', sizeof r.name);
    assert_int_not_equal(uno_rules_validate(&r, 0, err, sizeof err), UNO_OK);
    /* a NULL or empty message buffer is fine */
    assert_int_not_equal(uno_rules_validate(&r, 0, NULL, 0), UNO_OK);
}

/* ------------------------------------------------------------ the docs */

/* docs/rules.md has a section per option, giving its value under each rule
 * set as "NAME `VALUE`" (the docs must say what the code does). */
static void test_docs_describe_every_option(void **state)
{
    (void)state;
    char *doc = read_root("docs/rules.md");
    size_t n;
    const UnoOptionInfo *o = uno_rules_options(&n);
    for (size_t i = 0; i < n; i++) {
        char heading[64];
        snprintf(heading, sizeof heading, "\n### `%s`\n", o[i].name);
        char *start = strstr(doc, heading);
        if (!start)
            fail_msg("docs/rules.md has no heading %s", heading + 1);
        start += strlen(heading);
        char *end = strstr(start, "\n#");
        char saved = end ? *end : '\0';
        if (end)
            *end = '\0';
        for (const char *const *set = uno_rules_builtin_names(); *set; set++) {
            UnoRules r = load(*set);
            char value[64], want[96];
            get(&r, o[i].name, value, sizeof value);
            snprintf(want, sizeof want, "%s `%s`", *set, value);
            if (!strstr(start, want))
                fail_msg("docs/rules.md, option %s: does not say %s", o[i].name, want);
        }
        if (end)
            *end = saved;
    }
    free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_names_are_the_files),
        cmocka_unit_test(test_builtin_texts_are_the_files_on_disk),
        cmocka_unit_test(test_preset_unknown),
        cmocka_unit_test(test_presets_apply_everywhere),
        cmocka_unit_test(test_presets_documented),
        cmocka_unit_test(test_preset_refusal_changes_nothing),
        cmocka_unit_test(test_hand_limit_above_hand_size),
        cmocka_unit_test(test_jump_in_wilds_needs_jump_in),
        cmocka_unit_test(test_matrix_deck),
        cmocka_unit_test(test_matrix_players),
        cmocka_unit_test(test_matrix_who_deals),
        cmocka_unit_test(test_matrix_first_discard),
        cmocka_unit_test(test_matrix_first_card_effects),
        cmocka_unit_test(test_matrix_what_may_be_played),
        cmocka_unit_test(test_matrix_cannot_play),
        cmocka_unit_test(test_matrix_wd4_legal),
        cmocka_unit_test(test_matrix_wd4_challenge),
        cmocka_unit_test(test_matrix_stacking),
        cmocka_unit_test(test_matrix_two_players),
        cmocka_unit_test(test_matrix_uno_call),
        cmocka_unit_test(test_matrix_last_card_side_slide_stock),
        cmocka_unit_test(test_matrix_end_and_scoring),
        cmocka_unit_test(test_matrix_modes),
        cmocka_unit_test(test_matrix_kpgut_special_situations),
        cmocka_unit_test(test_option_table),
        cmocka_unit_test(test_every_option_settable),
        cmocka_unit_test(test_ranges),
        cmocka_unit_test(test_bool_spellings),
        cmocka_unit_test(test_set_rejects),
        cmocka_unit_test(test_get),
        cmocka_unit_test(test_parse_format),
        cmocka_unit_test(test_missing_options_named_whole),
        cmocka_unit_test(test_parse_errors_name_the_line),
        cmocka_unit_test(test_parse_rejects_impossible_combinations),
        cmocka_unit_test(test_file_without_base),
        cmocka_unit_test(test_overrides_on_a_base),
        cmocka_unit_test(test_examples_parse),
        cmocka_unit_test(test_validate),
        cmocka_unit_test(test_docs_describe_every_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
