/*
 * hash.h — mixing values into the 64-bit hashes of a game and of a match
 * (uno_game_hash, uno_match_hash): FNV-1a over each value's bytes.
 */
#ifndef UNO_ENGINE_HASH_H
#define UNO_ENGINE_HASH_H

#include <stdint.h>

#include "uno.h"

uint64_t hash_mix(uint64_t h, uint64_t v);
/* A text and its end, so that "ab","c" and "a","bc" differ. */
uint64_t hash_text(uint64_t h, const char *text);
/* A person's name and age. */
uint64_t hash_person(uint64_t h, const UnoPlayerInfo *who);
/* The rules: their name and every option's value as `uno rules` writes it. */
uint64_t hash_rules(uint64_t h, const UnoRules *r);

#endif
