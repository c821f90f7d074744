/*
 * random_game.c — the smallest program that embeds the engine: one game of
 * any rule set, every player choosing uniformly among the legal actions of
 * the player in turn. Build: cc -Iinclude examples/random_game.c
 * build/libuno.a, or once installed: cc examples/random_game.c
 * $(pkg-config --cflags --libs uno) (see docs/embedding.md).
 */
#include <stdio.h>
#include <stdlib.h>

#include "uno.h"

static void print_event(void *ctx, const UnoEvent *ev)
{
    (void)ctx;
    printf("  %s", uno_event_name((UnoEventType)ev->type));
    if (ev->seat >= 0)
        printf(" seat %d", ev->seat);
    for (int i = 0; i < ev->ncards; i++)
        printf(" %s", uno_card_name(ev->cards[i]));
    printf("\n");
}

int main(int argc, char **argv)
{
    const char *rules_name = argc > 1 ? argv[1] : "mattel";
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    char err[UNO_ERR_LEN];
    UnoRules rules;
    if (uno_rules_preset(rules_name, &rules, err, sizeof err) != UNO_OK) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    UnoSetup setup;
    uno_setup_init(&setup);
    setup.nplayers = 4;
    setup.seed = seed;
    for (int s = 0; s < setup.nplayers; s++) {
        snprintf(setup.players[s].name, UNO_NAME_LEN, "player %d", s);
        setup.players[s].age = 20 + s;
    }
    setup.emit = print_event;
    UnoGame *g = uno_game_new(&rules, &setup, err, sizeof err);
    if (!g) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    UnoRng choice;
    uno_rng_seed(&choice, seed);
    static UnoAction moves[4096];
    while (!uno_game_over(g)) {
        int seat = uno_game_turn(g), total;
        int n = uno_game_legal(g, seat, moves, 4096, &total);
        UnoAction a;
        do /* the player in turn: a play, draw, pass, take, colour or challenge */
            a = moves[uno_rng_below(&choice, (uint32_t)n)];
        while (a.type == UNO_ACT_GIVEUP || a.type == UNO_ACT_WARN || a.type == UNO_ACT_DISPUTE ||
               a.type == UNO_ACT_CATCH || a.type == UNO_ACT_SUSPECT);
        if (uno_game_apply(g, &a, print_event, NULL, err, sizeof err) != UNO_OK) {
            fprintf(stderr, "refused: %s\n", err);
            return 1;
        }
    }
    for (int s = 0; s < uno_game_nplayers(g); s++)
        printf("seat %d: rank %d, score %d\n", s, uno_game_rank(g, s), uno_game_score(g, s));
    printf("hash %016llx\n", (unsigned long long)uno_game_hash(g));
    uno_game_free(g);
    return 0;
}
