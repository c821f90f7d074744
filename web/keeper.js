// The scorekeeper (docs/scorekeeper.md): KPGUT's session scoring for a group
// playing with real cards. No card is dealt: the page taps finishes,
// give-ups, warnings and joins, the time-keeper starts the clock, and at the
// hour the cards of those still in are counted in; the server scores with
// the engine's own functions and keeps everything. Routes: #/k/CODE to
// watch (or change, with this browser's secret), #/k/CODE/SECRET to take a
// secret handed over (the time-keeper's link), kept in localStorage.
import { t, tn, addWords, gamesCount } from './i18n.js';

addWords({
  en: {
    k_panel: 'Scorekeeper (KPGUT, real cards)', k_intro: 'Keep the score of a KPGUT session played with real cards: the players, their ages, a tap when someone finishes.',
    k_player: 'Player {n}', k_name: 'Name', k_age: 'Age', k_create: 'Create the scorekeeper', k_open: 'Open a scorekeeper table',
    k_title: 'Scorekeeper {code}', k_game: 'Game {n}', k_roles: '{old} deals, keeps the time, warns and breaks ties; {young} opens and warns {old}.',
    k_start: 'Start the clock', k_notStarted: 'The clock has not started', k_hourUp: 'The hour is up: count the cards of those still in (§6).',
    k_playing: 'playing', k_stillIn: 'still in at the end', k_finishedAt: 'finished at {m} min', k_gaveUp: 'gave up', k_ejected: 'ejected', k_warnings_one: '1 warning', k_warnings_many: '{n} warnings',
    k_finish: 'Finished', k_giveup: 'Gives up', k_warn: 'Warn', k_undo: 'Undo the last tap', k_join: 'Joins (§13)',
    k_sitout: 'Sits this game out', k_away: 'Not in this game', k_back: 'Back in',
    k_counts: 'Cards of those still in', k_cards: 'Cards', k_numbers: 'Number cards by value (0–9)', k_end: 'Rank them (§6)',
    k_endEarly: 'Both piles ran out (§5)', k_next: 'Next game', k_over: 'Game {n} is over', k_rank: '{n}.', k_points: '{n} points',
    k_session: 'Session', k_games: 'Games', k_average: 'Avg.', k_total: 'Total', k_winner: 'Winner: {name}', k_loser: 'Loser: {name}',
    k_out: 'out of the session', k_csv: 'Download CSV', k_watchLink: 'Watchers’ link', k_clockLink: 'Time-keeper’s link (can change the table)',
    k_viewOnly: 'You are watching: only the host and the time-keeper change this table.',
  },
  fi: {
    k_panel: 'Pistelasku (KPGUT, oikeat kortit)', k_intro: 'Pidä kirjaa oikeilla korteilla pelatun KPGUT-session pisteistä: pelaajat, iät ja napautus, kun joku pääsee maaliin.',
    k_player: 'Pelaaja {n}', k_name: 'Nimi', k_age: 'Ikä', k_create: 'Luo pistelasku', k_open: 'Avaa pistelasku',
    k_title: 'Pistelasku {code}', k_game: 'Peli {n}', k_roles: '{old} jakaa, pitää aikaa, varoittaa ja ratkaisee tasatilanteet; {young} aloittaa ja varoittaa pelaajaa {old}.',
    k_start: 'Käynnistä kello', k_notStarted: 'Kello ei ole käynnissä', k_hourUp: 'Tunti on täynnä: laske mukana olevien kortit (§6).',
    k_playing: 'pelaa', k_stillIn: 'mukana lopussa', k_finishedAt: 'maalissa {m} min', k_gaveUp: 'luovutti', k_ejected: 'poistettu', k_warnings_one: '1 varoitus', k_warnings_many: '{n} varoitusta',
    k_finish: 'Maalissa', k_giveup: 'Luovuttaa', k_warn: 'Varoita', k_undo: 'Peru viimeisin', k_join: 'Liittyy (§13)',
    k_sitout: 'Jää pois tästä pelistä', k_away: 'Ei tässä pelissä', k_back: 'Palaa peliin',
    k_counts: 'Mukana olevien kortit', k_cards: 'Kortit', k_numbers: 'Numerokortit arvoittain (0–9)', k_end: 'Järjestä (§6)',
    k_endEarly: 'Pakka ja pino loppuivat (§5)', k_next: 'Seuraava peli', k_over: 'Peli {n} päättyi', k_rank: '{n}.', k_points: '{n} pistettä',
    k_session: 'Sessio', k_games: 'Pelit', k_average: 'Ka.', k_total: 'Yhteensä', k_winner: 'Voittaja: {name}', k_loser: 'Häviäjä: {name}',
    k_out: 'poissa sessiosta', k_csv: 'Lataa CSV', k_watchLink: 'Katsojien linkki', k_clockLink: 'Ajanottajan linkki (voi muuttaa pöytää)',
    k_viewOnly: 'Katselet: vain isäntä ja ajanottaja voivat muuttaa tätä pöytää.',
  },
});

let ui = null; // { h, request, render, fail } from app.js
const ks = { code: null, data: null, at: 0, timer: null };
const secrets = {
  get: (code) => JSON.parse(localStorage.getItem(`uno.keeper.${code}`) || '{}'),
  put: (code, more) => localStorage.setItem(`uno.keeper.${code}`, JSON.stringify({ ...secrets.get(code), ...more })),
};

export function keeperInit(hooks) { ui = hooks; }
export function keeperActive() { return ks.code !== null; }
// What the scorekeeper's page shows, to draw it again only when it changed
// (its clock runs on by itself).
export function keeperShows() { return [ks.code, ks.data, Boolean(secrets.get(ks.code).token)]; }

// #/k/CODE or #/k/CODE/SECRET: true when the hash is a scorekeeper's.
export function keeperRoute(hash) {
  const m = hash.match(/^#\/k\/([A-Za-z0-9]{6})(?:\/([0-9a-f]{32}))?$/);
  ks.code = m ? m[1].toUpperCase() : null;
  ks.data = null;
  if (!m) return false;
  if (m[2]) { secrets.put(ks.code, { token: m[2] }); history.replaceState(null, '', `#/k/${ks.code}`); }
  // (not yet connected: the connection's opening routes again)
  ui.request({ op: 'keeper_watch', table: ks.code }).then(take, () => {});
  return true;
}

// A push from the server: {"type": "keeper"}.
export function keeperPush(msg) { if (msg.table === ks.code) take(msg); }

function take(r) {
  if (!r.ok && r.type !== 'keeper') return ui.fail(r);
  ks.data = r.keeper;
  ks.at = Date.now();
  ui.render();
}

async function act(x) {
  const r = await ui.request({ op: 'keeper_act', table: ks.code, token: secrets.get(ks.code).token, ...x });
  take(r);
}

// ------------------------------------------------------------- the lobby

export function keeperPanel() {
  const { h } = ui;
  const rows = [{ name: '', age: '' }, { name: '', age: '' }, { name: '', age: '' }];
  const list = h('ol', { class: 'k-people' });
  const draw = () => list.replaceChildren(...rows.map((p, i) => h('li', {},
    h('input', { 'aria-label': `${t('k_player', { n: i + 1 })}: ${t('k_name')}`, placeholder: t('k_name'), name: `kname${i}`, required: true, maxlength: 23, value: p.name, oninput: (e) => { p.name = e.target.value; } }),
    h('input', { 'aria-label': `${t('k_player', { n: i + 1 })}: ${t('k_age')}`, placeholder: t('k_age'), name: `kage${i}`, type: 'number', min: 0, max: 200, required: true, value: p.age, oninput: (e) => { p.age = e.target.value; } }))));
  draw();
  const more = h('button', { type: 'button', 'aria-label': `${t('k_player', { n: '' })}+1`, onclick: () => { if (rows.length < 30) rows.push({ name: '', age: '' }); draw(); } }, '+');
  const fewer = h('button', { type: 'button', 'aria-label': `${t('k_player', { n: '' })}−1`, onclick: () => { if (rows.length > 2) rows.pop(); draw(); } }, '−');
  const create = h('form', { class: 'panel keeper-new', onsubmit: async (e) => {
    e.preventDefault();
    const r = await ui.request({ op: 'keeper_create', players: rows.map((p) => ({ name: p.name.trim(), age: Number(p.age) })) });
    if (!r.ok) return ui.fail(r);
    secrets.put(r.table, { token: r.host, clock: r.clock });
    location.hash = `#/k/${r.table}`;
  } },
  h('h2', {}, t('k_panel')), h('p', {}, t('k_intro')), list, fewer, more,
  h('button', { type: 'submit' }, t('k_create')));
  const open = h('form', { class: 'panel', onsubmit: (e) => {
    e.preventDefault();
    location.hash = `#/k/${new FormData(e.target).get('kcode').trim().toUpperCase()}`;
  } },
  h('label', {}, t('k_open'), ' ', h('input', { name: 'kcode', required: true, minlength: 6, maxlength: 6, autocomplete: 'off' })),
  h('button', { type: 'submit' }, t('k_open')));
  return h('div', { class: 'keeper-lobby' }, create, open);
}

// ------------------------------------------------------------ the table

const clockText = (ms) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

function elapsed() {
  const g = ks.data.game;
  return g.started !== null && !g.over ? g.elapsed + (Date.now() - ks.at) : g.elapsed;
}

function tick() {
  const el = document.getElementById('k-clock');
  if (!el || !ks.data) { clearInterval(ks.timer); ks.timer = null; return; }
  el.textContent = clockText(elapsed());
}

function seatLine(s, name, canEdit, game) {
  const { h } = ui;
  const state = s.fate === 'finished' ? t('k_finishedAt', { m: s.minutes })
    : s.fate === 'gave_up' ? t('k_gaveUp') : s.fate === 'ejected' ? t('k_ejected')
      : game.over ? t('k_stillIn') : t('k_playing');
  const live = s.fate === 'playing' && game.started !== null && !game.over && !game.hour_up;
  const seating = game.started === null && !game.over;
  return h('li', { class: `k-seat k-${s.fate}` },
    h('span', { class: 'k-name' }, name), ' ',
    h('span', { class: 'k-state' }, state, s.warnings ? ` · ${tn('k_warnings', s.warnings)}` : ''),
    game.over && s.score !== null ? h('span', { class: 'k-score' }, ` · ${t('k_rank', { n: s.rank })} ${t('k_points', { n: s.score })}`) : null,
    canEdit && live ? h('span', { class: 'k-buttons' },
      h('button', { type: 'button', class: 'k-finish', 'aria-label': `${t('k_finish')}: ${name}`, onclick: () => act({ act: 'finish', player: s.player }) }, t('k_finish')),
      h('button', { type: 'button', 'aria-label': `${t('k_giveup')}: ${name}`, onclick: () => act({ act: 'giveup', player: s.player }) }, t('k_giveup')),
      h('button', { type: 'button', 'aria-label': `${t('k_warn')}: ${name}`, onclick: () => act({ act: 'warn', player: s.player }) }, t('k_warn'))) : null,
    canEdit && seating ? h('span', { class: 'k-buttons' },
      h('button', { type: 'button', class: 'k-sitout', 'aria-label': `${t('k_sitout')}: ${name}`, onclick: () => act({ act: 'sitout', player: s.player }) }, t('k_sitout'))) : null);
}

// The players of the session who are not in this game (sat out, or joined
// later) and not ejected: each may come back while a newcomer could (§13).
function awayList(d, joinable) {
  const { h } = ui;
  const seated = new Set(d.game.seats.map((s) => s.player));
  const away = d.players.map((p, i) => ({ name: p.name, player: i }))
    .filter((p) => !seated.has(p.player) && !d.session.disqualified[p.player]);
  if (!away.length) return null;
  return h('section', { class: 'panel k-away', 'aria-label': t('k_away') },
    h('h3', {}, t('k_away')),
    h('ul', {}, ...away.map((p) => h('li', {}, p.name, ' ', joinable
      ? h('button', { type: 'button', class: 'k-back', 'aria-label': `${t('k_back')}: ${p.name}`, onclick: () => act({ act: 'join', player: p.player }) }, t('k_back'))
      : null))));
}

// What those still in hold, for §6: cards, and number cards by value.
function countsForm(game, names) {
  const { h } = ui;
  const left = game.seats.filter((s) => s.fate === 'playing');
  return h('form', { class: 'panel k-counts', onsubmit: (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    act({ act: 'end', counts: left.map((s) => ({
      player: s.player, cards: Number(f.get(`c${s.player}`)),
      numbers: Array.from({ length: 10 }, (_, v) => Number(f.get(`n${s.player}_${v}`) || 0)),
    })) });
  } },
  h('h3', {}, t('k_counts')),
  ...left.map((s) => h('fieldset', {}, h('legend', {}, names[s.player]),
    h('label', {}, t('k_cards'), ' ', h('input', { name: `c${s.player}`, type: 'number', min: 1, max: 1000, required: true })),
    h('p', { class: 'k-hint' }, t('k_numbers')),
    h('div', { class: 'k-numbers' }, ...Array.from({ length: 10 }, (_, v) => h('label', {}, String(v),
      h('input', { name: `n${s.player}_${v}`, type: 'number', min: 0, max: 1000, value: 0, 'aria-label': `${names[s.player]}: ${v}` })))))),
  h('button', { type: 'submit' }, game.hour_up ? t('k_end') : t('k_endEarly')));
}

function sessionTable(d) {
  const { h } = ui;
  const s = d.session, names = d.players.map((p) => p.name);
  const rank = new Map();
  s.ranking.forEach((place, i) => place.forEach((p) => rank.set(p, i + 1)));
  // the winners and the losers: every player of the first place and of the
  // last (a tie names them all)
  const first = s.ranking[0] ?? [], last = s.ranking.length > 1 ? s.ranking.at(-1) : [];
  const scored = (p) => s.scores.filter((row) => row[p] !== null).length; // the games the average is over
  return h('section', { class: 'panel k-session', 'aria-label': t('k_session') },
    h('h3', {}, t('k_session')),
    h('div', { class: 'k-scroll' }, h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('k_name')),
        ...s.scores.map((_, g) => h('th', {}, String(g + 1))), h('th', {}, t('k_games')), h('th', {}, t('k_average')))),
      h('tbody', {}, ...names.map((n, p) => h('tr', { class: s.disqualified[p] ? 'k-dq' : first.includes(p) ? 'k-win' : last.includes(p) ? 'k-lose' : null },
        h('td', {}, rank.has(p) ? String(rank.get(p)) : '–'),
        h('td', {}, n, s.disqualified[p] ? ` (${t('k_out')})` : ''),
        ...s.scores.map((row) => h('td', {}, row[p] === null ? '–' : String(row[p]))),
        h('td', {}, gamesCount(s.played[p], scored(p))),
        h('td', {}, s.averages[p] === null ? '–' : s.averages[p].toFixed(2))))))),
    first.length ? h('p', { class: 'k-verdict' }, t('k_winner', { name: first.map((p) => names[p]).join(', ') }),
      last.length ? ` · ${t('k_loser', { name: last.map((p) => names[p]).join(', ') })}` : '') : null,
    h('button', { type: 'button', onclick: download }, t('k_csv')));
}

async function download() {
  const r = await ui.request({ op: 'keeper_export', table: ks.code });
  if (!r.ok) return ui.fail(r);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([r.csv], { type: 'text/csv' }));
  a.download = `kpgut-${ks.code}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function keeperScreen() {
  const { h } = ui;
  const d = ks.data;
  if (!d) return h('p', {}, t('connecting'));
  const g = d.game, names = d.players.map((p) => p.name);
  const mine = secrets.get(ks.code), canEdit = Boolean(mine.token);
  if (!ks.timer) ks.timer = setInterval(tick, 1000);
  const head = h('section', { class: 'panel k-head' },
    h('h2', {}, t('k_title', { code: ks.code }), ' · ', t('k_game', { n: g.number + 1 })),
    h('p', { class: 'k-clock-line' }, h('span', { id: 'k-clock', class: 'k-clock', role: 'timer' }, clockText(elapsed())),
      g.started === null ? ` ${t('k_notStarted')}` : ''),
    g.oldest !== null ? h('p', { class: 'k-roles' }, t('k_roles', { old: names[g.oldest], young: names[g.youngest] })) : null,
    g.hour_up ? h('p', { class: 'k-alert', role: 'alert' }, t('k_hourUp')) : null,
    canEdit ? null : h('p', { class: 'k-hint' }, t('k_viewOnly')));
  const seats = h('ul', { class: 'k-seats' }, ...g.seats.map((s) => seatLine(s, names[s.player], canEdit, g)));
  const tools = canEdit ? h('div', { class: 'actions k-tools' },
    g.started === null && !g.over ? h('button', { type: 'button', class: 'k-start', onclick: () => act({ act: 'start' }) }, t('k_start')) : null,
    g.over ? h('button', { type: 'button', class: 'k-next', onclick: () => act({ act: 'next' }) }, t('k_next')) : null,
    h('button', { type: 'button', class: 'k-undo', onclick: () => act({ act: 'undo' }) }, t('k_undo'))) : null;
  const joinable = canEdit && !g.over && !g.hour_up && g.seats.every((s) => s.fate !== 'finished');
  const join = joinable ? h('form', { class: 'panel k-join', onsubmit: (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    act({ act: 'join', name: f.get('jname').trim(), age: Number(f.get('jage')) });
  } }, h('input', { name: 'jname', required: true, maxlength: 23, placeholder: t('k_name'), 'aria-label': `${t('k_join')}: ${t('k_name')}` }),
  h('input', { name: 'jage', type: 'number', min: 0, max: 200, required: true, placeholder: t('k_age'), 'aria-label': `${t('k_join')}: ${t('k_age')}` }),
  h('button', { type: 'submit' }, t('k_join'))) : null;
  const counting = canEdit && g.started !== null && !g.over && g.seats.filter((s) => s.fate === 'playing').length > 1;
  const counts = counting && g.hour_up ? countsForm(g, names) : null;
  const early = counting && !g.hour_up ? h('details', { class: 'k-early' }, h('summary', {}, t('k_endEarly')), countsForm(g, names)) : null;
  const over = g.over ? h('p', { class: 'k-over', role: 'status' }, t('k_over', { n: g.number + 1 })) : null;
  const links = mine.clock ? h('section', { class: 'panel k-links' },
    h('p', {}, t('k_watchLink'), ': ', h('code', {}, `${location.origin}/#/k/${ks.code}`)),
    h('p', {}, t('k_clockLink'), ': ', h('code', {}, `${location.origin}/#/k/${ks.code}/${mine.clock}`))) : null;
  return h('div', { class: 'keeper' }, head, over, seats, tools, counts, join, awayList(d, joinable), early, sessionTable(d), links);
}
