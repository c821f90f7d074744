// Tap-to-add: a play of several cards (KPGUT's sets, docs/rules.md
// `play_sets`) chosen card by card, in the order they are played. The
// server's moves are the only source of what is legal: a card may be added
// to the cards picked so far where some play the server lists begins with
// them and it.

const begins = (cards, picked) => cards.length >= picked.length && picked.every((c, i) => cards[i] === c);

// The plays among the server's moves.
export const playsIn = (moves) => moves.filter((m) => m.op === 'play');

// Whether some play goes on past `picked` with `card`.
export const canAdd = (plays, picked, card) => plays.some((m) => m.cards.length > picked.length && begins(m.cards, [...picked, card]));

// Whether some play begins with `picked` (or is it).
export const stillLegal = (plays, picked) => plays.some((m) => begins(m.cards, picked));

// Whether some play is longer than `picked` and begins with it.
export const goesOn = (plays, picked) => plays.some((m) => m.cards.length > picked.length && begins(m.cards, picked));

// The plays of exactly these cards (they may differ in the colour named).
export const playsOf = (plays, picked) => plays.filter((m) => m.cards.length === picked.length && begins(m.cards, picked));
