// The words of what goes around a game (share.js, presets.js,
// reactions.js, public.js, rematch.js), in English and Finnish: added to
// i18n.js's tables.
import { addWords, t } from './i18n.js';

addWords({
  en: {
    copyLink: 'Copy link', copied: 'Copied', copyByHand: 'Selected: copy it with your device', shareLink: 'Share…',
    shareTitle: 'UNO table {code}', qrAlt: 'QR code of the link to table {code}', qrHelp: 'A friend at the table can scan it',
    preset: 'House rules', preset_custom: 'your own choice',
    preset_mattel: 'Mattel, official', preset_mattel_booklet: 'Mattel, booklet with blanks',
    preset_mattel_stacking: 'Mattel, stacking Draw cards', preset_mattel_partners: 'Mattel, partners (4 players)',
    preset_classic: 'Classic (1998)', preset_kpgut: 'KPGUT', preset_kpgut_no_slides: 'KPGUT without side slides',
    preset_kpgut_english: 'KPGUT, English edition',
    publicTable: 'List this table for anyone to join', publicTables: 'Open tables', noPublic: 'No open table right now.',
    publicEntry: '{rules}: {free} of {seats} seats free', joinThis: 'Join {code}', listed: 'Listed for anyone to join',
    turnTimer: 'Turn timer: {s} s, then {n} drawn and the turn passes (§8)', noTurnTimer: 'No turn timer',
    changedOptions: 'House rules changed: {list}',
    react: 'Reactions', react_thumbs_up: 'thumbs up', react_wow: 'wow', react_laugh: 'laughing', react_clap: 'applause',
    react_angry: 'angry', reactedBy: '{name}: {emote}', aSpectator: 'a spectator',
    playAgain: 'Play again with the same seats', rematchInvite: 'The host started a rematch at table {code}.',
    rematchJoin: 'Join the rematch',
    val_spare_blanks_house_rule: 'house-rule cards', val_spare_blanks_left_out: 'left out',
    val_dealer_high_card: 'highest card drawn', val_dealer_oldest: 'the oldest player',
    val_opening_turn_up: 'top card turned up', val_opening_youngest_plays: 'the youngest plays first',
    val_first_reverse_dealer_first: 'the dealer plays first', val_first_reverse_right_of_dealer: 'right of the dealer plays first',
    val_first_wild_name_color: 'first player names the colour', val_first_wild_return: 'returned, another turned up',
    val_first_wd4_return: 'returned, another turned up', val_first_wd4_cover: 'covered by another card',
    val_draw_rule_draw_one: 'draw one card', val_draw_rule_until_playable: 'draw until playable',
    val_wd4_rule_no_matching_color: 'no card of the colour', val_wd4_rule_no_playable: 'no other playable card',
    val_challenge_none: 'no challenge', val_challenge_normal_turn: 'challenger then plays a normal turn',
    val_challenge_any_card: 'challenger may play any card',
    val_suspect_shown_to_oldest: 'shown to the oldest', val_suspect_shown_to_suspecter: 'shown to the suspecter',
    val_uno_window_next_turn: 'until the next turn begins', val_uno_window_next_play: 'until the next play',
    val_scoring_none: 'no scores', val_scoring_winner: 'winner scores the others', val_scoring_tally: 'each keeps a tally',
    val_scoring_session: 'session minutes', val_giveup_into_played: 'into the pile', val_giveup_into_stock: 'into the stock',
    val_true: 'yes', val_false: 'no',
  },
  fi: {
    copyLink: 'Kopioi linkki', copied: 'Kopioitu', copyByHand: 'Valittu: kopioi se laitteesi omalla tavalla', shareLink: 'Jaa…',
    shareTitle: 'UNO-pöytä {code}', qrAlt: 'QR-koodi pöydän {code} linkistä', qrHelp: 'Pöydän ääressä oleva ystävä voi skannata sen',
    preset: 'Kotisäännöt', preset_custom: 'oma valinta',
    preset_mattel: 'Mattel, virallinen', preset_mattel_booklet: 'Mattel, ohjekirjanen tyhjine kortteineen',
    preset_mattel_stacking: 'Mattel, nostokortit pinoutuvat', preset_mattel_partners: 'Mattel, parit (4 pelaajaa)',
    preset_classic: 'Klassinen (1998)', preset_kpgut: 'KPGUT', preset_kpgut_no_slides: 'KPGUT ilman sivuliu’utuksia',
    preset_kpgut_english: 'KPGUT, englanninkielinen laitos',
    publicTable: 'Näytä pöytä kaikille liittyjille', publicTables: 'Avoimet pöydät', noPublic: 'Avoimia pöytiä ei nyt ole.',
    publicEntry: '{rules}: {free}/{seats} paikkaa vapaana', joinThis: 'Liity: {code}', listed: 'Näkyy kaikille liittyjille',
    turnTimer: 'Vuoroajastin: {s} s, sitten nostetaan {n} ja vuoro siirtyy (§8)', noTurnTimer: 'Ei vuoroajastinta',
    changedOptions: 'Muutetut kotisäännöt: {list}',
    react: 'Reaktiot', react_thumbs_up: 'peukku', react_wow: 'vau', react_laugh: 'naurua', react_clap: 'aplodit',
    react_angry: 'vihainen', reactedBy: '{name}: {emote}', aSpectator: 'katsoja',
    playAgain: 'Pelaa uudelleen samoilla paikoilla', rematchInvite: 'Isäntä aloitti uusintapelin pöydässä {code}.',
    rematchJoin: 'Liity uusintapeliin',
    val_spare_blanks_house_rule: 'kotisääntökortteja', val_spare_blanks_left_out: 'jätetään pois',
    val_dealer_high_card: 'suurimman kortin nostanut', val_dealer_oldest: 'vanhin pelaaja',
    val_opening_turn_up: 'päällimmäinen kortti käännetään', val_opening_youngest_plays: 'nuorin pelaa ensin',
    val_first_reverse_dealer_first: 'jakaja pelaa ensin', val_first_reverse_right_of_dealer: 'jakajasta oikealla pelaa ensin',
    val_first_wild_name_color: 'ensimmäinen nimeää värin', val_first_wild_return: 'palautetaan, uusi käännetään',
    val_first_wd4_return: 'palautetaan, uusi käännetään', val_first_wd4_cover: 'peitetään uudella kortilla',
    val_draw_rule_draw_one: 'nosta yksi kortti', val_draw_rule_until_playable: 'nosta kunnes voit pelata',
    val_wd4_rule_no_matching_color: 'ei väriin sopivaa korttia', val_wd4_rule_no_playable: 'ei muuta pelattavaa korttia',
    val_challenge_none: 'ei haastetta', val_challenge_normal_turn: 'haastaja pelaa tavallisen vuoron',
    val_challenge_any_card: 'haastaja saa pelata minkä tahansa kortin',
    val_suspect_shown_to_oldest: 'näytetään vanhimmalle', val_suspect_shown_to_suspecter: 'näytetään epäilijälle',
    val_uno_window_next_turn: 'kunnes seuraava vuoro alkaa', val_uno_window_next_play: 'kunnes seuraava pelaa',
    val_scoring_none: 'ei pisteitä', val_scoring_winner: 'voittaja saa muiden pisteet', val_scoring_tally: 'kukin pitää kirjaa',
    val_scoring_session: 'istunnon minuutit', val_giveup_into_played: 'poistopinoon', val_giveup_into_stock: 'nostopakkaan',
    val_true: 'kyllä', val_false: 'ei',
  },
});

// An option's value in words ("draw until playable"), or as the rules
// files write it where there are none (a number, a list of cards).
export function valueWords(option, value) {
  const key = typeof value === 'boolean' ? `val_${value}` : `val_${option}_${value}`;
  const text = t(key);
  return text === key ? String(value) : text;
}
