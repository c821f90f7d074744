// The words of what goes around a game (share.js, presets.js,
// reactions.js, public.js, rematch.js) and the options' names and values in
// words, in English and Finnish: added to i18n.js's tables.
import { addWords, t } from './i18n.js';

addWords({
  en: {
    copyLink: 'Copy link', copied: 'Copied', copyByHand: 'Selected: copy it with your device', shareLink: 'Share…',
    shareTitle: 'UNO table {code}', qrAlt: 'QR code of the link to table {code}', qrHelp: 'A friend at the table can scan it',
    preset: 'Variant', preset_custom: 'your own choice',
    preset_mattel: 'Mattel, official', preset_mattel_booklet: 'Mattel, booklet with blanks',
    preset_mattel_stacking: 'Mattel, stacking Draw cards', preset_mattel_partners: 'Mattel, partners (4 players)',
    preset_classic: 'Classic (1998)', preset_kpgut: 'KPGUT', preset_kpgut_no_slides: 'KPGUT without side slides',
    preset_kpgut_english: 'KPGUT, English edition',
    houseRules: 'Popular house rules', hr_stack_everything: 'stack everything', hr_draw_to_match: 'draw to match',
    hr_strict: 'forced play, no bluffing', hr_mercy: 'mercy: out at 25 cards', hr_seven_o: '7-0: swap hands on a 7, pass them on a 0',
    hr_seven_o_jump_in: '7-0 and jump-in',
    hrd_stack_everything: 'Any Draw card may answer a Draw card; the draws add up for the player who cannot answer.',
    hrd_draw_to_match: 'Whoever draws goes on drawing until a card can be played.',
    hrd_strict: 'Whoever can play must play, and a Wild Draw Four only without a card of the colour in play.',
    hrd_mercy: 'Stack everything and draw to match, and a player who comes to hold 25 cards is out.',
    hrd_seven_o: 'Playing a 7 swaps hands with a player you pick; playing a 0 passes every hand on to the next player.',
    hrd_seven_o_jump_in: '7-0, and whoever holds the very card on top (same colour and number or symbol) may play it at once, out of turn; play goes on from them.',
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
    opt_players_per_deck: 'players per deck', opt_blanks: 'blank cards per deck', opt_lost_cards: 'lost cards',
    opt_spare_blanks: 'spare blank cards', opt_blank_draw: 'house-rule card draws',
    opt_blank_skip: 'house-rule card skips', opt_blank_points: 'points of a blank card', opt_hand_size: 'cards dealt',
    opt_min_players: 'fewest players', opt_max_players: 'most players', opt_dealer: 'dealer',
    opt_deal_rotates: 'the deal passes on', opt_opening: 'opening', opt_first_reverse: 'Reverse turned up first',
    opt_first_wild: 'Wild turned up first', opt_first_wd4: 'Wild Draw Four turned up first',
    opt_play_sets: 'sets of one value', opt_draw_rule: 'drawing', opt_wd4_rule: 'Wild Draw Four allowed when',
    opt_wd4_on_draw2: 'Wild Draw Four on a Draw Two', opt_challenge: 'challenging a Wild Draw Four',
    opt_stack_draw2: 'Draw Two on Draw Two', opt_stack_wd4: 'Wild Draw Four on Wild Draw Four',
    opt_stack_draw2_on_wd4: 'Draw Two on Wild Draw Four', opt_stack_wd4_on_draw2: 'Wild Draw Four on any Draw Two',
    opt_forced_play: 'who can play must play', opt_no_bluffing: 'no Wild Draw Four bluffs',
    opt_two_player_reverse_skips: 'Reverse skips with two players', opt_side_slide: 'side slides out of turn',
    opt_seven_o: '7-0: a 7 swaps hands, a 0 passes them on',
    opt_jump_in: 'jump-in: the same card out of turn', opt_jump_in_wilds: 'jump-in with Wilds too',
    opt_last_card_draw: 'going out on a special card draws one', opt_tactical_suspect: 'suspecting a tactical draw',
    opt_suspect_shown_to: 'a suspected hand is', opt_wrong_suspect_draw: 'a wrong suspicion draws',
    opt_uno_penalty: 'cards for a missed UNO', opt_uno_grace_ms: 'time to say UNO, ms',
    opt_uno_window: 'a missed UNO can be caught', opt_uno_self_catch: 'a late UNO is safe',
    opt_play_to_last: 'play on to the last player', opt_stock_out_ends: 'the game ends when the piles run out',
    opt_hand_limit: 'out at this many cards',
    opt_scoring: 'scoring', opt_target: 'target score', opt_time_limit_min: 'time limit, minutes',
    opt_partners: 'partners', opt_giveup: 'giving up', opt_giveup_into: 'a hand given up goes',
    opt_join: 'joining a game', opt_join_cards: 'cards for a newcomer', opt_spectators: 'spectators at most',
    opt_spectators_see_hands: 'spectators see every hand', opt_warnings: 'warnings', opt_votes: 'votes on disputes',
    opt_honour: 'honour system', opt_cheat_penalty: 'cards for a caught cheat', opt_away_ms: 'turn timer, ms',
    opt_away_draw: 'cards for the away', opt_help_penalty: 'cards for helping',
  },
  fi: {
    copyLink: 'Kopioi linkki', copied: 'Kopioitu', copyByHand: 'Valittu: kopioi se laitteesi omalla tavalla', shareLink: 'Jaa…',
    shareTitle: 'UNO-pöytä {code}', qrAlt: 'QR-koodi pöydän {code} linkistä', qrHelp: 'Pöydän ääressä oleva ystävä voi skannata sen',
    preset: 'Muunnelma', preset_custom: 'oma valinta',
    preset_mattel: 'Mattel, virallinen', preset_mattel_booklet: 'Mattel, ohjekirjanen tyhjine kortteineen',
    preset_mattel_stacking: 'Mattel, nostokortit pinoutuvat', preset_mattel_partners: 'Mattel, parit (4 pelaajaa)',
    preset_classic: 'Klassinen (1998)', preset_kpgut: 'KPGUT', preset_kpgut_no_slides: 'KPGUT ilman sivuliu’utuksia',
    preset_kpgut_english: 'KPGUT, englanninkielinen laitos',
    houseRules: 'Suositut kotisäännöt', hr_stack_everything: 'kaikki nostokortit pinoon', hr_draw_to_match: 'nosta kunnes sopii',
    hr_strict: 'pakko pelata, ei bluffeja', hr_mercy: 'armo: 25 korttia ja ulos', hr_seven_o: '7-0: seiskalla kädet vaihtuvat, nollalla ne kiertävät',
    hr_seven_o_jump_in: '7–0 ja väliinhyppy',
    hrd_stack_everything: 'Nostokorttiin voi vastata millä tahansa nostokortilla; nostot lasketaan yhteen sille, joka ei voi vastata.',
    hrd_draw_to_match: 'Nostaja nostaa, kunnes saa kortin, jonka voi pelata.',
    hrd_strict: 'Joka voi pelata, pelaa, ja villin nelosen saa pelata vain, jos pelattavaa väriä ei ole.',
    hrd_mercy: 'Kaikki nostokortit pinoon ja nosta kunnes sopii, ja 25 korttiin päätynyt pelaaja putoaa pelistä.',
    hrd_seven_o: 'Seiskalla vaihdat kädet valitsemasi pelaajan kanssa; nollalla jokainen käsi siirtyy seuraavalle pelaajalle.',
    hrd_seven_o_jump_in: '7–0, ja jolla on täsmälleen sama kortti kuin pinon päällimmäinen (sama väri ja numero tai symboli), saa pelata sen heti vuoron ulkopuolella; peli jatkuu hänestä.',
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
    opt_players_per_deck: 'pelaajia pakkaa kohti', opt_blanks: 'tyhjiä kortteja pakassa',
    opt_lost_cards: 'kadonneet kortit', opt_spare_blanks: 'ylimääräiset tyhjät kortit',
    opt_blank_draw: 'kotisääntökortti nostattaa', opt_blank_skip: 'kotisääntökortti ohittaa',
    opt_blank_points: 'tyhjän kortin pisteet', opt_hand_size: 'jaettavat kortit',
    opt_min_players: 'pelaajia vähintään', opt_max_players: 'pelaajia enintään', opt_dealer: 'jakaja',
    opt_deal_rotates: 'jako kiertää', opt_opening: 'aloitus', opt_first_reverse: 'Suunnanvaihto aluksi',
    opt_first_wild: 'Villi aluksi', opt_first_wd4: 'Villi+Nosta 4 aluksi', opt_play_sets: 'samanarvoiset sarjat',
    opt_draw_rule: 'nostaminen', opt_wd4_rule: 'Villi+Nosta 4 sallittu, kun',
    opt_wd4_on_draw2: 'Villi+Nosta 4 Nosta 2:n päälle', opt_challenge: 'Villin+Nosta 4:n haastaminen',
    opt_stack_draw2: 'Nosta 2 Nosta 2:n päälle', opt_stack_wd4: 'Villi+Nosta 4 Villin+Nosta 4:n päälle',
    opt_stack_draw2_on_wd4: 'Nosta 2 Villin+Nosta 4:n päälle', opt_stack_wd4_on_draw2: 'Villi+Nosta 4 minkä tahansa Nosta 2:n päälle',
    opt_forced_play: 'pakko pelata, jos voi', opt_no_bluffing: 'ei Villi+Nosta 4 -bluffeja',
    opt_two_player_reverse_skips: 'Suunnanvaihto ohittaa kahden pelaajan pelissä',
    opt_side_slide: 'sivusujautukset vuoron ulkopuolella',
    opt_seven_o: '7-0: seiskalla vaihdetaan kädet, nollalla ne siirtyvät',
    opt_jump_in: 'väliinhyppy: sama kortti vuoron ulkopuolella', opt_jump_in_wilds: 'väliinhyppy myös villeillä korteilla',
    opt_last_card_draw: 'erikoiskortilla maaliin nostaa yhden',
    opt_tactical_suspect: 'taktisen noston epäily', opt_suspect_shown_to: 'epäilty käsi',
    opt_wrong_suspect_draw: 'väärä epäily nostattaa', opt_uno_penalty: 'kortit unohtuneesta UNO:sta',
    opt_uno_grace_ms: 'aikaa sanoa UNO, ms', opt_uno_window: 'unohtuneesta UNO:sta voi ottaa kiinni',
    opt_uno_self_catch: 'myöhäinen UNO pelastaa', opt_play_to_last: 'peli jatkuu viimeiseen pelaajaan',
    opt_stock_out_ends: 'peli päättyy pakan loppuessa', opt_hand_limit: 'ulos näin monella kortilla', opt_scoring: 'pisteytys', opt_target: 'tavoitepisteet',
    opt_time_limit_min: 'aikaraja, minuuttia', opt_partners: 'parit', opt_giveup: 'luovuttaminen',
    opt_giveup_into: 'luovutettu käsi menee', opt_join: 'peliin liittyminen', opt_join_cards: 'uuden pelaajan kortit',
    opt_spectators: 'katsojia enintään', opt_spectators_see_hands: 'katsojat näkevät kädet',
    opt_warnings: 'varoitukset', opt_votes: 'äänestys kiistoista', opt_honour: 'kunniajärjestelmä',
    opt_cheat_penalty: 'kortit kiinni jääneelle huijarille', opt_away_ms: 'vuoroajastin, ms',
    opt_away_draw: 'poissaolijan kortit', opt_help_penalty: 'auttamisesta nostettavat kortit',
  },
});

// An option's name in words ("drawing"), for the create form and the
// waiting room.
export function optionWords(option) {
  const key = `opt_${option}`;
  const text = t(key);
  return text === key ? option : text;
}

// A preset of house rules in words ("stack everything"), or its name.
export function houseRuleWords(preset) {
  const key = `hr_${preset}`;
  const text = t(key);
  return text === key ? preset : text;
}

// Options and their values in words ("drawing: draw until playable, ..."):
// a preset's values come as text, so its "true" is a yes.
export function optionsInWords(options) {
  const typed = (v) => (v === 'true' ? true : v === 'false' ? false : v);
  return Object.entries(options).map(([k, v]) => `${optionWords(k)}: ${valueWords(k, typed(v))}`).join(', ');
}

// What a preset of house rules does, in a sentence; for one without one
// (a preset the server added later), the options it sets in words.
export function houseRuleMeaning(preset) {
  const key = `hrd_${preset.name}`;
  const text = t(key);
  return text === key ? optionsInWords(preset.options) : text;
}

// An option's value in words ("draw until playable"), or as the rules
// files write it where there are none (a number, a list of cards).
export function valueWords(option, value) {
  const key = typeof value === 'boolean' ? `val_${value}` : `val_${option}_${value}`;
  const text = t(key);
  return text === key ? String(value) : text;
}
