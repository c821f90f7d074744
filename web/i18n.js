// The web table's words, in English and Finnish (the KPGUT rules are
// Finnish). t(key, values) fills {name} in the text.
const words = {
  en: {
    language: 'Language', connecting: 'Connecting…', connected: 'Connected', lag: 'lag {ms} ms',
    reconnecting: 'Reconnecting…',
    notSent: 'Not sent: the connection is down. Try again once it is back.',
    unanswered: 'The connection dropped before the server answered: the table now shows what the server has.',
    newTable: 'New table', rules: 'Rules', seats: 'Seats', seat: 'Seat {n}', human: 'a person',
    easy: 'bot: easy', medium: 'bot: medium', hard: 'bot: hard', expert: 'bot: expert', program: 'bot: {name}',
    spectators: 'Spectators', none: 'none', counts: 'see card counts', hands: 'see every hand',
    botPace: 'Bots wait (ms)', create: 'Create', joinTable: 'Join a table', code: 'Table code',
    name: 'Your name', age: 'Your age', sit: 'Sit down', watch: 'Watch', share: 'Share this link',
    table: 'Table {code}', waiting: 'Waiting for players', start: 'Start the game', free: 'free',
    you: 'you', bot: 'bot', away: 'away', standIn: 'a bot plays for them', turn: 'in turn',
    cards_one: '1 card', cards_many: '{n} cards', saidUno: 'UNO!', top: 'Top card', colorInForce: 'Colour: {c}',
    direction: 'Direction', clockwise: 'clockwise', counter: 'counter-clockwise',
    pending: 'Draws waiting: {n}', stock: 'Stock {n}', discard: 'Pile {n}', yourHand: 'Your hand',
    actions: 'What you can do', pickColor: 'Pick a colour', cancel: 'Cancel',
    playPicked_one: 'Play this card', playPicked_many: 'Play these {n} cards',
    draw: 'Draw', pass: 'Pass', take: 'Take {n}', uno: 'Say UNO!',
    catch: 'Catch {name}', giveup: 'Give up', vote: 'Vote {yes}',
    nameColor: 'Name {c}', yes: 'yes', no: 'no', warn: 'Warn {name}', dispute: 'Open a vote', help: '{name} helped',
    consent: 'Let {name} ({age}) join?', log: 'What happened', over: 'Game over', ranking: 'Ranking',
    scores: 'Scores', next: 'Next game', stopMatch: 'End the match', R: 'red', G: 'green', B: 'blue', Y: 'yellow',
    letter_R: 'R', letter_G: 'G', letter_B: 'B', letter_Y: 'Y', skip: 'Skip', reverse: 'Reverse', draw2: 'Draw Two',
    wild: 'Wild', wild4: 'Wild Draw Four', wildFace: 'W', blank: 'blank card', botLevel_easy: 'easy bot', botLevel_medium: 'medium bot',
    botLevel_hard: 'hard bot', botLevel_expert: 'expert bot', programBot: '{name} bot', botName: '{level} {n}',
    rs_mattel: 'Mattel', rs_classic: 'classic (1998)', rs_kpgut: 'KPGUT', finished: 'finished {place}',
    err_illegal: 'that move is not allowed now.', err_not_your_turn: 'it is not your turn.', err_over: 'the game is over.',
    err_no_game: 'no game is going on.', err_no_table: 'no table has that code.', err_bad_token: 'that link or key is not valid here.',
    err_seat_taken: 'that seat is taken.', err_forbidden: 'only the host or a seat may do that.', err_rate_limited: 'too fast: wait a moment.',
    err_refused: 'the oldest player did not let you join.', err_busy: 'someone else is asking to join: try again in a moment.',
    err_bad_request: 'the server could not take that.', err_too_large: 'that was too long for the server.',
    err_too_many_connections: 'this address has too many connections open: close some pages or wait.',
    shownToYou: "{name}'s hand, shown to you", dismiss: 'Close', gamesScored: '{n}, {scored} scored',
    error: 'Not allowed: {m}', sure: 'Give up this game?', lobby: 'Lobby',
    otherDevice: 'Play this seat on another device',
    otherDeviceHelp: 'Open this link there. Whoever has it can play your seat: keep it to yourself.',
    replaced: 'Your seat was taken up on another device.',
    ev_play: '{who} played {cards}', ev_play_wild: '{who} played {cards} and named {color}', ev_slide: '{who} slid in {cards}',
    ev_draw_one: '{who} drew 1 card', ev_draw_many: '{who} drew {n} cards',
    ev_turn: "{who}'s turn", ev_skip: '{who} is skipped', ev_direction: 'The direction turns',
    ev_swap: '{who} swapped hands with {target}', ev_rotate: 'Every hand passed on', pickSwap: 'Swap hands with',
    ev_color: '{who} named {color}', ev_pending_one: '{who} faces 1 card', ev_pending_many: '{who} faces {n} cards', ev_uno: '{who}: UNO!',
    ev_catch: '{who} caught {target}', ev_challenge: '{who} challenged {target}', ev_suspect: '{who} suspected {target}',
    ev_reveal: "{who}'s hand was shown", ev_reveal_seen: "{who}'s hand: {cards}",
    ev_verdict_guilty: 'Verdict: {target} is guilty', ev_verdict_innocent: 'Verdict: {target} is not guilty',
    ev_verdict_right: 'Verdict: the suspicion was right', ev_verdict_wrong: 'Verdict: the suspicion was wrong',
    ev_reshuffle: 'The pile became the stock', ev_finish: '{who} finished {place}',
    ev_giveup: '{who} gave up', ev_warn: '{who} warned {target}', ev_eject: '{target} was ejected',
    ev_join: '{who} joined', ev_vote: '{who} voted', ev_decided: 'The vote is decided', ev_deal: '{who} deals',
    ev_timeout: '{who} was away', ev_over: 'The game is over', ev_dispute: '{who} opened a vote',
    ev_first: 'First card: {cards}', ev_cut: '{who} cut {cards}', ev_other: '{type}',
    ev_spectate: 'A spectator came to watch', ev_cheat: "{who}'s play was caught and taken back: {cards}",
    ev_help: 'The table rules that {target} helped (§3)', ev_help_away: 'A spectator who helped was sent away (§3)',
    ev_allow_help: '{who} lets a spectator help {target} (§3)',
    handOf: "{name}'s cards", gameTime: 'Game time {time}', hourLeft: 'the hour ends in {time}',
    awayIn: '{name} away in {s} s (§8)', gameN: 'Game {n}', total: 'Total', played: 'Games played',
    average: 'Average', session: 'Session', match: 'Match', gameOf: 'game {n} of {of}', leader: 'Leading: {name}',
    winner: 'Winner: {name}', loser: 'Last: {name}', history: 'History and replays',
    watchingAs: 'You are watching this table.', unoLeft: 'Say UNO! {s} s', catchIn: 'Catch {name} in {s} s',
    watchLink: 'Spectators', replayAs: 'Seen by', wholeTable: 'the whole table (every hand)',
    replayOf: 'Replay of game {n}', first: '« First', back: '‹ Back', forward: 'Next ›', lastStep: 'Last »',
    stepN: 'Step {n} of {of}', historyOf: 'Table {code}: history', backToTable: 'Back to the table',
    noGames: 'No game has finished at this table yet.',
    rulings: 'Rulings of the table (warn, helping, a vote)', options: 'Options', changed: '{n} changed', matchPlay: 'Match', playMatch: 'Play a match to a target score',
    playSession: 'Play a session of several games', matchTarget: 'Target score', sessionGames: 'Games',
    theTable: 'The table', sortedColor: 'Sorted by colour', sortedValue: 'Sorted by value', mute: 'Mute sounds',
    unoWithPlay: 'UNO! with my next card',
    challengeRisk: 'Challenge: if the play was legal you draw {n}; if not, they draw {m}',
    suspectRisk: 'Suspect {name}: if the play was legal you draw {n}; if not, {name} draws {m}',
  },
  fi: {
    language: 'Kieli', connecting: 'Yhdistetään…', connected: 'Yhdistetty', lag: 'viive {ms} ms',
    reconnecting: 'Yhdistetään uudelleen…',
    notSent: 'Ei lähetetty: yhteys on poikki. Yritä uudelleen, kun se palaa.',
    unanswered: 'Yhteys katkesi ennen palvelimen vastausta: pöytä näyttää nyt palvelimen tilanteen.',
    newTable: 'Uusi pöytä', rules: 'Säännöt', seats: 'Paikat', seat: 'Paikka {n}', human: 'ihminen',
    easy: 'botti: helppo', medium: 'botti: keskitaso', hard: 'botti: vaikea', expert: 'botti: mestari', program: 'botti: {name}',
    spectators: 'Katsojat', none: 'ei katsojia', counts: 'näkevät korttimäärät', hands: 'näkevät kaikki kädet',
    botPace: 'Bottien tahti (ms)', create: 'Luo', joinTable: 'Liity pöytään', code: 'Pöydän koodi',
    name: 'Nimesi', age: 'Ikäsi', sit: 'Istu pöytään', watch: 'Katso', share: 'Jaa tämä linkki',
    table: 'Pöytä {code}', waiting: 'Odotetaan pelaajia', start: 'Aloita peli', free: 'vapaa',
    you: 'sinä', bot: 'botti', away: 'poissa', standIn: 'botti pelaa hänen puolestaan', turn: 'vuorossa',
    cards_one: '1 kortti', cards_many: '{n} korttia', saidUno: 'UNO!', top: 'Päällimmäinen kortti', colorInForce: 'Väri: {c}',
    direction: 'Suunta', clockwise: 'myötäpäivään', counter: 'vastapäivään',
    pending: 'Nostettavana: {n}', stock: 'Pakka {n}', discard: 'Pino {n}', yourHand: 'Kätesi',
    actions: 'Mitä voit tehdä', pickColor: 'Valitse väri', cancel: 'Peru',
    playPicked_one: 'Pelaa tämä kortti', playPicked_many: 'Pelaa nämä {n} korttia',
    draw: 'Nosta', pass: 'Passaa', take: 'Nosta {n}', uno: 'Sano UNO!',
    catch: 'Nappaa {name}', giveup: 'Luovuta', vote: 'Äänestä {yes}',
    nameColor: 'Väri: {c}', yes: 'kyllä', no: 'ei', warn: 'Varoita: {name}', dispute: 'Avaa äänestys', help: '{name} auttoi',
    consent: 'Päästetäänkö {name} ({age}) mukaan?', log: 'Tapahtumat', over: 'Peli päättyi',
    ranking: 'Sijoitukset', scores: 'Pisteet', next: 'Seuraava peli', stopMatch: 'Lopeta ottelu', R: 'punainen',
    G: 'vihreä', B: 'sininen', Y: 'keltainen',
    letter_R: 'P', letter_G: 'V', letter_B: 'S', letter_Y: 'K', skip: 'Ohitus', reverse: 'Suunnanvaihto', draw2: 'Nosta 2',
    wild: 'Villi', wild4: 'Villi+Nosta 4', wildFace: 'Villi', blank: 'tyhjä kortti', botLevel_easy: 'helppo botti', botLevel_medium: 'keskitason botti',
    botLevel_hard: 'vaikea botti', botLevel_expert: 'mestaribotti', programBot: '{name}-botti', botName: '{level} {n}',
    rs_mattel: 'Mattel', rs_classic: 'klassinen (1998)', rs_kpgut: 'KPGUT', finished: 'maalissa {place}',
    err_illegal: 'siirto ei käy tässä tilanteessa.', err_not_your_turn: 'ei ole vuorosi.', err_over: 'peli on päättynyt.',
    err_no_game: 'peliä ei ole käynnissä.', err_no_table: 'tällä koodilla ei ole pöytää.', err_bad_token: 'linkki tai avain ei kelpaa tähän.',
    err_seat_taken: 'paikka on varattu.', err_forbidden: 'vain isäntä tai pelaaja voi tehdä sen.', err_rate_limited: 'liian nopeasti: odota hetki.',
    err_refused: 'vanhin pelaaja ei päästänyt sinua mukaan.', err_busy: 'joku muu pyytää parhaillaan päästä mukaan: yritä hetken kuluttua.',
    err_bad_request: 'palvelin ei voinut ottaa sitä vastaan.', err_too_large: 'viesti oli palvelimelle liian pitkä.',
    err_too_many_connections: 'tästä osoitteesta on liian monta yhteyttä auki: sulje sivuja tai odota.',
    shownToYou: 'Pelaajan {name} käsi, näytetty sinulle', dismiss: 'Sulje', gamesScored: '{n}, joista {scored} pisteytetty',
    error: 'Ei sallittu: {m}', sure: 'Luovutatko tämän pelin?',
    otherDevice: 'Pelaa tätä paikkaa toisella laitteella',
    otherDeviceHelp: 'Avaa tämä linkki siellä. Kuka tahansa, jolla linkki on, voi pelata paikallasi: pidä se itselläsi.',
    replaced: 'Paikkasi otettiin käyttöön toisella laitteella.',
    lobby: 'Aula',
    ev_play: '{who} pelasi {cards}', ev_play_wild: '{who} pelasi {cards} ja valitsi värin {color}',
    ev_slide: '{who} sivusujautti {cards}', ev_draw_one: '{who} nosti 1 kortin', ev_draw_many: '{who} nosti {n} korttia',
    ev_turn: 'Vuorossa {who}', ev_skip: '{who} ohitetaan', ev_direction: 'Suunta vaihtuu',
    ev_swap: '{who} vaihtoi kädet pelaajan {target} kanssa', ev_rotate: 'Kaikki kädet siirtyivät eteenpäin', pickSwap: 'Vaihda kädet pelaajan kanssa',
    ev_color: '{who} valitsi värin {color}', ev_pending_one: '{who}: nostettavana 1 kortti',
    ev_pending_many: '{who}: nostettavana {n} korttia', ev_uno: '{who}: UNO!',
    ev_catch: '{who} nappasi pelaajan {target}', ev_challenge: '{who} epäili pelaajaa {target}',
    ev_suspect: '{who} epäili pelaajaa {target}', ev_reveal: 'Pelaajan {who} käsi näytettiin',
    ev_reveal_seen: 'Pelaajan {who} käsi: {cards}',
    ev_verdict_guilty: 'Tuomio: {target} on syyllinen', ev_verdict_innocent: 'Tuomio: {target} on syytön',
    ev_verdict_right: 'Tuomio: epäily oli oikea', ev_verdict_wrong: 'Tuomio: epäily oli väärä',
    ev_reshuffle: 'Pino sekoitettiin pakaksi', ev_finish: '{who} pääsi maaliin {place}', ev_giveup: '{who} luovutti',
    ev_warn: '{who} varoitti pelaajaa {target}', ev_eject: '{target} poistettiin pelistä', ev_join: '{who} liittyi',
    ev_vote: '{who} äänesti', ev_decided: 'Äänestys ratkesi', ev_deal: '{who} jakaa', ev_timeout: '{who} oli poissa',
    ev_over: 'Peli päättyi', ev_dispute: '{who} avasi äänestyksen', ev_first: 'Ensimmäinen kortti: {cards}',
    ev_cut: '{who} nosti {cards}', ev_other: '{type}',
    ev_spectate: 'Katsoja tuli seuraamaan peliä', ev_cheat: 'Pelaajan {who} huijaus huomattiin, kortit takaisin: {cards}',
    ev_help: 'Pöytä katsoo, että {target} auttoi (§3)', ev_help_away: 'Auttanut katsoja lähetettiin pois (§3)',
    ev_allow_help: '{who} sallii katsojan auttaa pelaajaa {target} (§3)',
    handOf: 'Pelaajan {name} kortit', gameTime: 'Peliaika {time}', hourLeft: 'tunti täyttyy {time} kuluttua',
    awayIn: '{name} poissa {s} s kuluttua (§8)', gameN: 'Peli {n}', total: 'Yhteensä', played: 'Pelattuja pelejä',
    average: 'Keskiarvo', session: 'Sessio', match: 'Ottelu', gameOf: 'peli {n}/{of}', leader: 'Johdossa: {name}',
    winner: 'Voittaja: {name}', loser: 'Viimeinen: {name}', history: 'Historia ja uusinnat',
    watchingAs: 'Katsot tätä pöytää.', unoLeft: 'Sano UNO! {s} s', catchIn: 'Nappaa {name} {s} s kuluttua',
    watchLink: 'Katsojat', replayAs: 'Kenen silmin', wholeTable: 'koko pöytä (kaikki kädet)',
    replayOf: 'Pelin {n} uusinta', first: '« Alkuun', back: '‹ Taakse', forward: 'Eteen ›', lastStep: 'Loppuun »',
    stepN: 'Vaihe {n}/{of}', historyOf: 'Pöytä {code}: historia', backToTable: 'Takaisin pöytään',
    noGames: 'Tässä pöydässä ei ole vielä päättynyt yhtään peliä.',
    rulings: 'Pöydän päätökset (varoitus, auttaminen, äänestys)', options: 'Sääntövalinnat', changed: '{n} muutettu', matchPlay: 'Ottelu', playMatch: 'Pelaa ottelu pisterajaan',
    playSession: 'Pelaa useamman pelin sessio', matchTarget: 'Pisteraja', sessionGames: 'Pelejä',
    theTable: 'Pelipöytä', sortedColor: 'Järjestys: väri', sortedValue: 'Järjestys: arvo', mute: 'Äänet pois',
    unoWithPlay: 'UNO! seuraavan kortin kanssa',
    challengeRisk: 'Epäile: jos pelaus oli sallittu, nostat {n}; jos ei, pelaaja nostaa {m}',
    suspectRisk: 'Epäile pelaajaa {name}: jos pelaus oli sallittu, nostat {n}; jos ei, {name} nostaa {m}',
  },
};

let lang = localStorage.getItem('uno.lang') || (navigator.language || 'en').slice(0, 2);
if (!words[lang]) lang = 'en';

export function t(key, values = {}) {
  const text = words[lang][key] ?? words.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ''));
}

// A count in words that agree with it: key_one for 1, key_many for others
// ("1 card", "2 cards"; "1 kortti", "2 korttia").
export function tn(key, n, values = {}) {
  return t(`${key}_${n === 1 ? 'one' : 'many'}`, { ...values, n });
}

// Games played, and where fewer have a score (an ejection's game has
// none) how many the average is taken over: "3, 2 scored".
export function gamesCount(played, scored) {
  return played === scored ? String(played) : t('gamesScored', { n: played, scored });
}

// A place: "2nd" in English, "2." in Finnish.
export function ordinal(n) {
  if (lang === 'fi') return `${n}.`;
  const tens = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${(!tens && ['th', 'st', 'nd', 'rd'][n % 10]) || 'th'}`;
}

// A name as the page's language says it: a bot the server named
// "<level> bot <n>" (config.c) in this language's words, any other as it is.
export function displayName(name) {
  const bot = typeof name === 'string' && name.match(/^(.+) bot (\d+)$/);
  if (!bot) return name;
  const level = words.en[`botLevel_${bot[1]}`] ? t(`botLevel_${bot[1]}`) : t('programBot', { name: bot[1] });
  return t('botName', { level, n: bot[2] });
}

// A refused request in the page's words: the page's own failures (no
// connection to send it on, or lost before the answer came); else the
// server's message in English, and in another language the sentence for
// its error code (the server writes its messages in English).
export function refusal(r) {
  if (r.error === 'offline') return t('notSent');
  if (r.error === 'unanswered') return t('unanswered');
  const own = words.en[`err_${r.error}`] ? `err_${r.error}` : 'err_bad_request';
  return t('error', { m: lang === 'en' ? r.message : t(own) });
}

export function language() { return lang; }

// Another module's words (keeper.js), in each language.
export function addWords(more) {
  for (const [code, table] of Object.entries(more)) Object.assign(words[code], table);
}

export function setLanguage(code) {
  if (!words[code]) return;
  lang = code;
  localStorage.setItem('uno.lang', code);
  document.documentElement.lang = code;
}
