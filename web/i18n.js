// The web table's words, in English and Finnish (the KPGUT rules are
// Finnish). t(key, values) fills {name} in the text.
const words = {
  en: {
    language: 'Language', connecting: 'Connecting…', connected: 'Connected', lag: 'lag {ms} ms',
    disconnected: 'Connection lost: trying again…',
    newTable: 'New table', rules: 'Rules', seats: 'Seats', seat: 'Seat {n}', human: 'a person',
    easy: 'bot: easy', medium: 'bot: medium', hard: 'bot: hard', expert: 'bot: expert', program: 'bot: {name}',
    spectators: 'Spectators', none: 'none', counts: 'see card counts', hands: 'see every hand',
    botPace: 'Bots wait (ms)', create: 'Create', joinTable: 'Join a table', code: 'Table code',
    name: 'Your name', age: 'Your age', sit: 'Sit down', watch: 'Watch', share: 'Share this link',
    table: 'Table {code}', waiting: 'Waiting for players', start: 'Start the game', free: 'free',
    you: 'you', bot: 'bot', away: 'away', standIn: 'a bot plays for them', turn: 'in turn',
    cards: '{n} cards', saidUno: 'UNO!', top: 'Top card', colorInForce: 'Colour: {c}',
    direction: 'Direction', clockwise: 'clockwise', counter: 'counter-clockwise',
    pending: 'Draws waiting: {n}', stock: 'Stock {n}', discard: 'Pile {n}', yourHand: 'Your hand',
    actions: 'What you can do', pickColor: 'Pick a colour', pickPlay: 'Which play?', cancel: 'Cancel',
    draw: 'Draw', pass: 'Pass', take: 'Take {n}', challenge: 'Challenge', uno: 'Say UNO!',
    catch: 'Catch {name}', suspect: 'Suspect {name}', giveup: 'Give up', vote: 'Vote {yes}',
    nameColor: 'Name {c}', yes: 'yes', no: 'no', warn: 'Warn {name}', dispute: 'Open a vote', help: '{name} helped',
    consent: 'Let {name} ({age}) join?', log: 'What happened', over: 'Game over', ranking: 'Ranking',
    scores: 'Scores', next: 'Next game', place: '{n}.', R: 'red', G: 'green', B: 'blue', Y: 'yellow',
    error: 'Not allowed: {m}', sure: 'Give up this game?', lobby: 'Lobby',
    otherDevice: 'Play this seat on another device',
    otherDeviceHelp: 'Open this link there. Whoever has it can play your seat: keep it to yourself.',
    replaced: 'Your seat was taken up on another device.',
    ev_play: '{who} played {cards}', ev_slide: '{who} slid in {cards}', ev_draw: '{who} drew {n}',
    ev_turn: "{who}'s turn", ev_skip: '{who} is skipped', ev_direction: 'The direction turns',
    ev_color: '{who} named {color}', ev_pending: '{who} faces {n} cards', ev_uno: '{who}: UNO!',
    ev_catch: '{who} caught {target}', ev_challenge: '{who} challenged {target}', ev_suspect: '{who} suspected {target}',
    ev_reveal: "{who}'s hand was shown", ev_reshuffle: 'The pile became the stock', ev_finish: '{who} finished {n}.',
    ev_giveup: '{who} gave up', ev_warn: '{who} warned {target}', ev_eject: '{target} was ejected',
    ev_join: '{who} joined', ev_vote: '{who} voted', ev_decided: 'The vote is decided', ev_deal: '{who} deals',
    ev_timeout: '{who} was away', ev_over: 'The game is over', ev_dispute: '{who} opened a vote',
    ev_first: 'First card: {cards}', ev_cut: '{who} cut {cards}', ev_other: '{type}',
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
  },
  fi: {
    language: 'Kieli', connecting: 'Yhdistetään…', connected: 'Yhdistetty', lag: 'viive {ms} ms',
    disconnected: 'Yhteys katkesi: yritetään uudelleen…',
    newTable: 'Uusi pöytä', rules: 'Säännöt', seats: 'Paikat', seat: 'Paikka {n}', human: 'ihminen',
    easy: 'botti: helppo', medium: 'botti: keskitaso', hard: 'botti: vaikea', expert: 'botti: mestari', program: 'botti: {name}',
    spectators: 'Katsojat', none: 'ei katsojia', counts: 'näkevät korttimäärät', hands: 'näkevät kaikki kädet',
    botPace: 'Bottien tahti (ms)', create: 'Luo', joinTable: 'Liity pöytään', code: 'Pöydän koodi',
    name: 'Nimesi', age: 'Ikäsi', sit: 'Istu pöytään', watch: 'Katso', share: 'Jaa tämä linkki',
    table: 'Pöytä {code}', waiting: 'Odotetaan pelaajia', start: 'Aloita peli', free: 'vapaa',
    you: 'sinä', bot: 'botti', away: 'poissa', standIn: 'botti pelaa hänen puolestaan', turn: 'vuorossa',
    cards: '{n} korttia', saidUno: 'UNO!', top: 'Päällimmäinen kortti', colorInForce: 'Väri: {c}',
    direction: 'Suunta', clockwise: 'myötäpäivään', counter: 'vastapäivään',
    pending: 'Nostettavana: {n}', stock: 'Pakka {n}', discard: 'Pino {n}', yourHand: 'Kätesi',
    actions: 'Mitä voit tehdä', pickColor: 'Valitse väri', pickPlay: 'Mikä pelataan?', cancel: 'Peru',
    draw: 'Nosta', pass: 'Passaa', take: 'Nosta {n}', challenge: 'Epäile', uno: 'Sano UNO!',
    catch: 'Nappaa {name}', suspect: 'Epäile: {name}', giveup: 'Luovuta', vote: 'Äänestä {yes}',
    nameColor: 'Väri: {c}', yes: 'kyllä', no: 'ei', warn: 'Varoita: {name}', dispute: 'Avaa äänestys', help: '{name} auttoi',
    consent: 'Päästetäänkö {name} ({age}) mukaan?', log: 'Tapahtumat', over: 'Peli päättyi',
    ranking: 'Sijoitukset', scores: 'Pisteet', next: 'Seuraava peli', place: '{n}.', R: 'punainen',
    G: 'vihreä', B: 'sininen', Y: 'keltainen', error: 'Ei sallittu: {m}', sure: 'Luovutatko tämän pelin?',
    otherDevice: 'Pelaa tätä paikkaa toisella laitteella',
    otherDeviceHelp: 'Avaa tämä linkki siellä. Kuka tahansa, jolla linkki on, voi pelata paikallasi: pidä se itselläsi.',
    replaced: 'Paikkasi otettiin käyttöön toisella laitteella.',
    lobby: 'Aula',
    ev_play: '{who} pelasi {cards}', ev_slide: '{who} sivusujautti {cards}', ev_draw: '{who} nosti {n}',
    ev_turn: 'Vuorossa {who}', ev_skip: '{who} ohitetaan', ev_direction: 'Suunta vaihtuu',
    ev_color: '{who} valitsi värin {color}', ev_pending: '{who}: nostettavana {n}', ev_uno: '{who}: UNO!',
    ev_catch: '{who} nappasi pelaajan {target}', ev_challenge: '{who} epäili pelaajaa {target}',
    ev_suspect: '{who} epäili pelaajaa {target}', ev_reveal: 'Pelaajan {who} käsi näytettiin',
    ev_reshuffle: 'Pino sekoitettiin pakaksi', ev_finish: '{who} pääsi maaliin {n}.', ev_giveup: '{who} luovutti',
    ev_warn: '{who} varoitti pelaajaa {target}', ev_eject: '{target} poistettiin pelistä', ev_join: '{who} liittyi',
    ev_vote: '{who} äänesti', ev_decided: 'Äänestys ratkesi', ev_deal: '{who} jakaa', ev_timeout: '{who} oli poissa',
    ev_over: 'Peli päättyi', ev_dispute: '{who} avasi äänestyksen', ev_first: 'Ensimmäinen kortti: {cards}',
    ev_cut: '{who} nosti {cards}', ev_other: '{type}',
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
  },
};

let lang = localStorage.getItem('uno.lang') || (navigator.language || 'en').slice(0, 2);
if (!words[lang]) lang = 'en';

export function t(key, values = {}) {
  const text = words[lang][key] ?? words.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ''));
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
