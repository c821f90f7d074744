// The web table: a lobby to create or join a table, and the table itself,
// over `uno serve`'s WebSocket protocol (docs/protocol.md "The server").
// What the page shows of a game comes from the server's views only: a seat
// is sent its own hand and every other seat's count, nothing more.
import { h } from './dom.js';
import { t, language, setLanguage, displayName, refusal } from './i18n.js';
import { cardElement, sortHand, spoken } from './cards.js';
import { board, handShown, logLines, nameOf, outcome, scoreTable } from './board.js';
import { pref, setPref } from './prefs.js';
import { soundFor } from './sound.js';
import { fly, where } from './motion.js';
import { focusKey, keepFocus, handKeys } from './focus.js';
import { countdown, seconds, startTicking, syncClock } from './clocks.js';
import { historyScreen, loadHistory } from './history.js';
import { createForm } from './create.js';
import { keeperInit, keeperRoute, keeperPush, keeperActive, keeperPanel, keeperScreen } from './keeper.js';
import { shareBlock } from './share.js';
import { rulesSummary } from './presets.js';
import { publicPanel } from './public.js';
import { reactionBar, takeReaction, showReactions } from './reactions.js';
import { rematchButton, takeInvite, inviteDialog } from './rematch.js';

const app = document.getElementById('app');
const statusLine = document.getElementById('status');
const announcer = document.getElementById('announce'); // the one live region: other players' moves

// --------------------------------------------------------- connection

const state = {
  ws: null, nextId: 1, waiting: new Map(), lag: null, heartbeat: null, retries: 0,
  link: 'connecting', // the connection as the status line tells it: connecting, connected, reconnecting
  code: null, page: null, me: null, watching: false, table: null, game: null, log: [], joinAsk: null,
  shown: null, // a hand shown to this seat (a challenge, a suspicion): { seat, cards, verdict }
  error: null, history: null, rulesInfo: null,
  rematch: null, // the host's invitation to a rematch's seat: { table, seat, token }
  open: { seatLink: false, rulings: false }, // folded sections the person opened, kept across renders
  moved: null, // the last update's events, for the next render's motion
  unoWithPlay: false, // the person chose to say UNO with the card they play next
};

// What this browser holds for a table: its seat's token, the host's secret.
const saved = {
  get: (code) => JSON.parse(localStorage.getItem(`uno.table.${code}`) || '{}'),
  put: (code, more) => localStorage.setItem(`uno.table.${code}`, JSON.stringify({ ...saved.get(code), ...more })),
};

// The server pings every connection every 5 s (docs/server.md, lag): a
// page that has heard nothing for HEARTBEAT_MS takes the connection for
// dead, whether or not the browser has noticed (a connection that does not
// open in that time too), and connects again, waiting longer after each
// failed try.
const HEARTBEAT_MS = 7000;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];

function connect() {
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`, 'uno');
  state.ws = ws;
  state.link = state.retries ? 'reconnecting' : 'connecting';
  showStatus();
  // a connection given up on says nothing more (the server may still
  // answer on it, and will close it when the seat is taken up again)
  const current = (f) => (e) => { if (state.ws === ws) f(e); };
  heard();
  ws.addEventListener('open', current(() => {
    state.retries = 0;
    state.link = 'connected';
    showStatus();
    route();
    if (!state.rulesInfo) request({ op: 'rules' }).then((r) => { if (r.ok) { state.rulesInfo = r; render(); } });
  }));
  ws.addEventListener('message', current((e) => { heard(); receive(JSON.parse(e.data)); }));
  ws.addEventListener('close', current(lost));
}

function heard() {
  clearTimeout(state.heartbeat);
  state.heartbeat = setTimeout(lost, HEARTBEAT_MS);
}

// The connection closed or went silent: every request still waiting is
// answered as unanswered (its sender shows it), and the page connects again.
function lost() {
  clearTimeout(state.heartbeat);
  const ws = state.ws;
  state.ws = null;
  ws.close();
  for (const { resolve } of state.waiting.values()) resolve({ ok: false, error: 'unanswered' });
  state.waiting.clear();
  setTimeout(connect, BACKOFF_MS[Math.min(state.retries++, BACKOFF_MS.length - 1)]);
  state.link = 'reconnecting';
  showStatus();
}

// Every request goes through here and always resolves: with the server's
// answer, or {ok: false, error: 'offline'} when there is no connection to
// send it on (nothing is kept to send later: the table may have moved on),
// or error 'unanswered' when the connection was lost before the answer came.
function request(obj) {
  if (state.ws?.readyState !== WebSocket.OPEN) return Promise.resolve({ ok: false, error: 'offline' });
  const id = state.nextId++;
  return new Promise((resolve) => {
    state.waiting.set(id, { resolve });
    state.ws.send(JSON.stringify({ ...obj, id }));
  });
}

function receive(msg) {
  if (msg.type === 'ping') {
    state.ws.send(JSON.stringify({ op: 'pong', n: msg.n }));
    return;
  }
  if (msg.id !== undefined && state.waiting.has(msg.id)) {
    const { resolve } = state.waiting.get(msg.id);
    state.waiting.delete(msg.id);
    if (msg.view) takeUpdate(msg);
    resolve(msg);
    return;
  }
  if (msg.type === 'keeper') return keeperPush(msg);
  if (msg.type === 'hello') {
    state.bots = msg.bots; // the levels, and the programs the server's operator registered
  } else if (msg.type === 'table') {
    state.table = msg;
    if (state.me !== null) state.lag = msg.seats[state.me]?.lag ?? null;
    showStatus();
  } else if (msg.type === 'update') {
    takeUpdate(msg);
  } else if (msg.type === 'join') {
    state.joinAsk = msg;
  } else if (msg.type === 'reaction') {
    takeReaction(msg, render);
  } else if (msg.type === 'rematch') {
    if (!takeInvite(msg, saved)) state.rematch = msg;
  } else if (msg.error === 'too_many_connections') {
    // refused: this address has its connections open (the server closes
    // this one; the page tries again, waiting longer each time)
    state.error = refusal(msg);
  } else if (msg.type === 'replaced') {
    // the seat went to another device: this browser forgets the token, so
    // that coming back (a reconnect, a reload) does not take it back
    state.me = null;
    saved.put(state.code, { token: null });
    state.error = t('replaced');
  }
  render();
}

// The log keeps each update's events with its view (the names as they were)
// and is written out at each render, in the page's language of the moment.
// An update also brings its sounds, its motion (at the next render) and
// the other players' moves told to screen readers.
function takeUpdate(msg) {
  const wasMyTurn = state.game?.view?.turn === state.me;
  state.game = msg;
  syncClock(msg.now);
  const events = msg.events || [];
  if (events.length) state.log = [...state.log, { events, view: msg.view }].slice(-200);
  state.shown = handShown(events, state.me) ?? state.shown;
  if (!events.length) return;
  state.moved = events;
  if (msg.view.hands?.[state.me]?.length !== 2) state.unoWithPlay = false;
  soundFor(events, state.me, state.me !== null && msg.view.turn === state.me && !wasMyTurn);
  const others = events.filter((e) => e.seat !== state.me || e.type === 'turn');
  if (others.length) announcer.textContent = logLines(others, msg.view, state.table).join('. ');
}

function showStatus() {
  const lag = state.link === 'connected' && state.lag !== null ? ` · ${t('lag', { ms: state.lag })}` : '';
  statusLine.textContent = t(state.link) + lag;
}

// ------------------------------------------------------------- routing

// #/t/CODE: a table (its waiting room, then the game); #/w/CODE[/KEY]: watch
// it (KEY: the spectator key of a table whose spectators see hands);
// #/t/CODE/history: its finished games and their replays.
function route() {
  if (takeSeatLink()) return; // the hash changes again
  const m = location.hash.match(/^#\/([tw])\/([A-Za-z0-9]{6})(?:\/([0-9a-f]{32}|history))?$/);
  if (state.me !== null || state.watching) request({ op: 'leave' }); // one role per connection
  Object.assign(state, { code: m ? m[2].toUpperCase() : null, game: null, log: [], shown: null, me: null, watching: false,
    table: null, history: null, page: !m ? 'lobby' : m[1] === 'w' ? 'watch' : m[3] === 'history' ? 'history' : 'table' });
  if (keeperRoute(location.hash)) return render();
  if (!state.code) return render();
  const code = state.code;
  const mine = saved.get(code);
  const enter = state.page === 'watch' ? request({ op: 'watch', table: code, key: m[3] || mine.key })
    : mine.token ? request({ op: 'resume', table: code, token: mine.token })
      : request({ op: 'table', table: code });
  enter.then((r) => {
    if (r.ok && r.seat !== undefined) state.me = r.seat;
    if (r.ok && state.page === 'watch') state.watching = true;
    if (r.ok && r.seats) state.table = { ...r, type: 'table' };
    if (!r.ok) state.error = refusal(r);
    if (!state.table) request({ op: 'table', table: code }).then((d) => { if (d.ok) state.table = { ...d, type: 'table' }; render(); });
    if (state.page === 'history') loadHistory(state);
    render();
  });
}

// a hash that changes while the page is not connected is routed when it connects
window.addEventListener('hashchange', () => { if (state.ws?.readyState === WebSocket.OPEN) route(); });

// #/t/CODE/s/TOKEN, a seat's own link for another device: the token is kept
// as this browser's and the address becomes #/t/CODE at once, before the
// page connects (the page's history entry no longer holds the token; the
// browser's record of visited addresses may). True when it was one.
function takeSeatLink() {
  const link = location.hash.match(/^#\/t\/([A-Za-z0-9]{6})\/s\/([0-9a-f]{32})$/);
  if (!link) return false;
  const code = link[1].toUpperCase();
  saved.put(code, { token: link[2] });
  location.replace(`#/t/${code}`);
  return true;
}

// --------------------------------------------------------------- lobby

function lobbyScreen() {
  const create = createForm({
    request, rulesInfo: state.rulesInfo, bots: state.bots,
    created: (r) => {
      if (!r.ok) { state.error = refusal(r); return render(); }
      saved.put(r.table, { host: r.host, key: r.key });
      location.hash = `#/t/${r.table}`;
    },
  });
  const join = h('form', { class: 'panel', onsubmit: (e) => {
    e.preventDefault();
    const code = new FormData(e.target).get('code').trim().toUpperCase();
    location.hash = `#/t/${code}`;
  } },
  h('h2', {}, t('joinTable')),
  h('label', {}, t('code'), ' ', h('input', { name: 'code', required: true, minlength: 6, maxlength: 6, autocomplete: 'off' })),
  h('button', { type: 'submit' }, t('joinTable')));
  return h('div', { class: 'lobby' }, create, join, publicPanel(request, render), keeperPanel());
}

// ------------------------------------------------------- waiting room

// The spectators' page of this table, with its key where this browser holds
// it (the host's, where spectators see hands).
function watchHref() {
  const key = saved.get(state.code).key;
  return `#/w/${state.code}${key ? `/${key}` : ''}`;
}

function seatForm() {
  return h('form', { class: 'panel', onsubmit: async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const r = await request({ op: 'sit', table: state.code, name: f.get('name'), age: Number(f.get('age')) });
    if (!r.ok) { state.error = refusal(r); return render(); }
    saved.put(state.code, { token: r.token });
    state.me = r.seat;
    render();
  } },
  h('label', {}, t('name'), ' ', h('input', { name: 'name', required: true, maxlength: 23, autocomplete: 'nickname' })),
  h('label', {}, t('age'), ' ', h('input', { name: 'age', type: 'number', min: 0, max: 150, required: true })),
  h('button', { type: 'submit' }, t('sit')),
  h('a', { href: watchHref(), class: 'button' }, t('watch')));
}

function seatsList() {
  const tb = state.table;
  return h('ul', { class: 'seat-list' }, ...tb.seats.map((s) => h('li', {},
    s.kind === 'bot' ? displayName(s.name) : s.taken ? `${s.name}, ${s.age}` : t('free'),
    s.seat === state.me ? ` — ${t('you')}` : '',
    s.kind === 'human' && s.taken && !s.connected ? ` — ${t('away')}` : '',
    s.stand_in ? ` — ${t('standIn')}` : '')));
}

// A folded section that stays open or shut across renders as the person
// left it (state.open[key]).
function folded(key, cls, summary, ...children) {
  return h('details', { class: cls, open: state.open[key], ontoggle: (e) => { state.open[key] = e.target.open; } },
    h('summary', {}, summary), ...children);
}

// The seat's own link (its token), folded away: to go on on another device.
function seatLink() {
  const token = saved.get(state.code).token;
  if (state.me === null || !token) return null;
  return folded('seatLink', 'seat-link', t('otherDevice'),
    h('p', {}, t('otherDeviceHelp')), h('code', {}, `${location.origin}/#/t/${state.code}/s/${token}`));
}

// The reactions' row, for a seat or a spectator of the table.
function reactions() {
  return state.me !== null || state.watching ? reactionBar(send) : null;
}

function waitingScreen() {
  const host = saved.get(state.code).host;
  const everyoneIn = state.table.seats.every((s) => s.kind === 'bot' || s.taken);
  return h('section', { class: 'panel' },
    h('h2', {}, t('table', { code: state.code })),
    shareBlock(state.code, render),
    rulesSummary(state.table, state.rulesInfo),
    state.table.public ? h('p', { class: 'listed' }, t('listed')) : null,
    state.table.spectators !== 'none' ? h('p', {}, t('watchLink'), ': ', h('a', { href: watchHref() }, t('watch'))) : null,
    state.table.games_over > 0 ? h('p', {}, h('a', { href: `#/t/${state.code}/history` }, t('history'))) : null,
    h('h3', {}, t('waiting')), seatsList(), reactions(),
    state.me === null ? seatForm() : seatLink(),
    host ? h('button', { type: 'button', class: 'start', disabled: !everyoneIn, onclick: async () => {
      const r = await request({ op: 'start', table: state.code, host });
      if (!r.ok) { state.error = refusal(r); render(); }
    } }, t('start')) : null);
}

// -------------------------------------------------------------- the game

// The moves that play cards, by the first card they play.
function playsByCard(moves) {
  const plays = new Map();
  for (const m of moves) if (m.op === 'play') {
    const first = m.cards[0];
    if (!plays.has(first)) plays.set(first, []);
    plays.get(first).push(m);
  }
  return plays;
}

// A move; a refusal is shown in words written at each render (so that a
// language switch rewrites it too).
async function send(move) {
  const r = await request(move);
  if (!r.ok) state.error = () => refusal(r);
  render();
}

// Several plays begin with this card: a Wild's colours on a wheel over the
// card (one more tap), anything else (KPGUT's sets and chains) in a
// "which play?" dialog. Both are modal dialogs, closed by Escape.
function choose(options, card) {
  const wheel = options.every((m) => m.color && m.cards.length === 1);
  const title = wheel ? t('pickColor') : t('pickPlay');
  const close = () => { dialog.close(); dialog.remove(); };
  const dialog = h('dialog', { class: `choice${wheel ? ' wheel' : ''}`, 'aria-label': title }, h('h3', {}, title),
    h('div', { class: 'options' }, ...options.map((m) => h('button', {
      type: 'button', class: m.color ? `swatch c-${m.color}` : '', onclick: () => { close(); play(m); },
    }, wheel ? `${t(m.color)} (${t(`letter_${m.color}`)})` : [m.cards.map(spoken).join(' + '), m.color ? ` → ${t(m.color)}` : ''].join('')))),
    h('button', { type: 'button', class: 'cancel', onclick: close }, t('cancel')));
  document.body.append(dialog);
  dialog.showModal();
  if (wheel && card) { // over the card that was tapped, inside the window
    const r = card.getBoundingClientRect();
    const size = dialog.getBoundingClientRect();
    dialog.style.setProperty('--left', `${Math.max(8, Math.min(innerWidth - size.width - 8, r.left + r.width / 2 - size.width / 2))}px`);
    dialog.style.setProperty('--top', `${Math.max(8, Math.min(innerHeight - size.height - 8, r.top + r.height / 2 - size.height / 2))}px`);
    dialog.classList.add('placed');
  }
}

// A play, said with UNO where the person chose so (Mattel lets the call
// come with the play of the next-to-last card): `uno` first, then the play,
// as docs/protocol.md allows.
async function play(move) {
  if (state.unoWithPlay) {
    state.unoWithPlay = false;
    const said = await request({ op: 'uno' });
    if (!said.ok) { state.error = () => refusal(said); return render(); }
  }
  send(move);
}

function moveLabel(m, view) {
  const target = nameOf(m.target, view, state.table);
  switch (m.op) {
    case 'take': return t('take', { n: view.pending });
    case 'catch': case 'warn': case 'help': return t(m.op, { name: target });
    case 'vote': return t('vote', { yes: t(m.yes ? 'yes' : 'no') });
    case 'color': return t('nameColor', { c: t(m.color) });
    case 'challenge': return t('challengeRisk', { n: view.pending + 2, m: view.pending });
    case 'suspect': return t('suspectRisk', { name: target, n: view.pending + 2, m: view.pending });
    default: return t(m.op);
  }
}

function moveButton(m, view) {
  return h('button', { type: 'button', class: `act act-${m.op}${m.color ? ` swatch c-${m.color}` : ''}`,
    'data-key': `act-${m.op}-${m.target ?? ''}-${m.color ?? ''}-${m.yes ?? ''}`, onclick: () => {
    if (m.op === 'giveup' && !confirm(t('sure'))) return;
    send(m);
  } }, moveLabel(m, view));
}

// The real-time windows (docs/web.md "Windows"): a player who did not say
// UNO can say it until their grace ends, and be caught from then on until
// the window closes. The page counts the grace down; when it ends, the
// server pushes an update with the moves (it decides, on its own clock).
// The UNO button goes with the person's actions, a catch on the seat it
// catches.
function unoWindow(view, moves) {
  const mine = (view.clock?.unsaid ?? []).find((u) => u.seat === state.me);
  const saying = moves.find((m) => m.op === 'uno');
  if (!mine || !saying) return null;
  return countdown(h('button', { type: 'button', class: 'act act-uno', 'data-key': 'act-uno---', onclick: () => send(saying) }),
    mine.catch_from, (left) => (left > 0 ? t('unoLeft', { s: seconds(left) }) : t('uno')));
}

function catchButtons(view, moves, seat) {
  if (state.me === null || seat === state.me) return null;
  const catching = moves.find((m) => m.op === 'catch' && m.target === seat);
  if (catching) return moveButton(catching, view);
  const unsaid = (view.clock?.unsaid ?? []).find((u) => u.seat === seat);
  if (!unsaid) return null;
  const name = nameOf(seat, view, state.table);
  return countdown(h('button', { type: 'button', class: 'act act-catch', disabled: true }),
    unsaid.catch_from, (left) => t('catchIn', { name, s: seconds(left) }));
}

// Over the hand: its order (by colour or by value) and the sound, both kept
// on this device; and, when the next play leaves one card and UNO may be
// said, "say UNO with my play".
function handTools(view, moves) {
  const sortBy = pref('sort');
  const muted = pref('mute') === 'on';
  const canSay = moves.some((m) => m.op === 'uno') && moves.some((m) => m.op === 'play') && view.hands[state.me]?.length === 2;
  return h('div', { class: 'hand-tools' },
    h('button', { type: 'button', class: 'sort', 'data-key': 'sort', onclick: () => { setPref('sort', sortBy === 'color' ? 'value' : 'color'); render(); } },
      t(sortBy === 'color' ? 'sortedColor' : 'sortedValue')),
    h('button', { type: 'button', class: 'mute', 'data-key': 'mute', 'aria-pressed': muted ? 'true' : 'false',
      onclick: () => { setPref('mute', muted ? 'off' : 'on'); render(); } }, t('mute')),
    canSay ? h('button', { type: 'button', class: 'act-uno-play', 'data-key': 'uno-play', 'aria-pressed': state.unoWithPlay ? 'true' : 'false',
      onclick: () => { state.unoWithPlay = !state.unoWithPlay; render(); } }, t('unoWithPlay')) : null);
}

function gameScreen() {
  const { view, moves = [] } = state.game;
  const plays = playsByCard(moves);
  const parts = board(view, {
    me: state.me, table: state.table, live: true, sortBy: pref('sort'),
    cardOptions: state.me === null ? null : (card) => {
      const options = plays.get(card);
      return options && ((e) => (options.length === 1 ? play(options[0]) : choose(options, e.currentTarget)));
    },
    onSeat: (seat) => catchButtons(view, moves, seat),
  });
  const uno = unoWindow(view, moves);
  const ruling = (m) => ['dispute', 'help', 'warn'].includes(m.op); // judgements of the table (KPGUT §3, §11, §15)
  const buttons = moves.filter((m) => m.op !== 'play' && m.op !== 'catch' && !ruling(m) && !(uno && m.op === 'uno'))
    .map((m) => moveButton(m, view));
  const rulings = moves.filter(ruling);
  const actions = state.me === null ? null
    : h('section', { class: 'actions', 'aria-label': t('actions') }, uno, ...buttons,
      rulings.length ? folded('rulings', 'rulings', t('rulings'), ...rulings.map((m) => moveButton(m, view))) : null);
  const host = saved.get(state.code).host;
  // the host's, between a match's games: deal the next, or end the match here
  const matchOp = (op, label) => (view.match && !view.match.over && host
    ? h('button', { type: 'button', class: `match-${op}`, onclick: () => request({ op, table: state.code, host }) }, t(label)) : null);
  const over = view.over ? h('section', { class: 'over panel' }, h('h2', {}, t('over')), ...outcome(view, state.table),
    matchOp('next', 'next'), matchOp('stop', 'stopMatch'),
    (!view.match || view.match.over) && host
      ? rematchButton({ request, code: state.code, host, saved, fail: (r) => { state.error = refusal(r); render(); } }) : null,
    h('p', {}, h('a', { href: `#/t/${state.code}/history` }, t('history')))) : null;
  const lines = state.log.flatMap(({ events, view: seen }) => logLines(events, seen, state.table));
  const log = h('section', { class: 'log', 'aria-label': t('log') }, h('h2', {}, t('log')),
    h('ol', {}, ...lines.slice(-12).map((line) => h('li', {}, line))));
  const scores = view.match && (view.over || view.match.game > 0) ? scoreTable(view) : null;
  const hand = parts.hand && state.me !== null && !view.over ? [parts.hand, handTools(view, moves)] : [parts.hand];
  return h('div', { class: 'game' }, state.watching ? h('p', { class: 'watching' }, t('watchingAs')) : null,
    parts.table, shownHand(view), over, actions, ...hand, reactions(), scores, log, seatLink());
}

// The hand a challenge or a suspicion showed to this seat (docs/protocol.md,
// reveal: to the challenger, or KPGUT §14's oldest or suspecter), with the
// verdict, until the person closes it.
function shownHand(view) {
  const shown = state.shown;
  if (!shown) return null;
  const title = t('shownToYou', { name: nameOf(shown.seat, view, state.table) });
  return h('section', { class: 'shown panel', 'aria-label': title }, h('h2', {}, title),
    h('div', { class: 'cards' }, ...sortHand(shown.cards).map((card) => cardElement(card))),
    shown.verdict ? h('p', {}, t(`ev_verdict_${shown.verdict}`, { target: nameOf(shown.seat, view, state.table) })) : null,
    h('button', { type: 'button', onclick: () => { state.shown = null; render(); } }, t('dismiss')));
}

function consentDialog() {
  const ask = state.joinAsk;
  const answer = (yes) => { state.joinAsk = null; send({ op: 'consent', yes }); };
  return h('section', { class: 'panel consent', role: 'alertdialog', 'aria-label': t('consent', ask) },
    h('p', {}, t('consent', ask)),
    h('button', { type: 'button', onclick: () => answer(true) }, t('yes')),
    h('button', { type: 'button', onclick: () => answer(false) }, t('no')));
}

// ---------------------------------------------------------------- render

function render() {
  document.getElementById('lang-label').textContent = t('language');
  showStatus();
  const parts = [];
  if (state.error) parts.push(h('p', { class: 'error', role: 'alert' }, typeof state.error === 'function' ? state.error() : state.error,
    h('button', { type: 'button', 'aria-label': t('dismiss'), onclick: () => { state.error = null; render(); } }, '×')));
  if (state.rematch) parts.push(inviteDialog(state.rematch, () => { state.rematch = null; render(); }));
  if (keeperActive()) parts.push(keeperScreen());
  else if (!state.code) parts.push(lobbyScreen());
  else if (state.page === 'history') parts.push(historyScreen(state, request, render));
  else if (state.game) parts.push(gameScreen());
  else if (state.table) parts.push(waitingScreen());
  if (state.joinAsk) parts.push(consentDialog());
  const focused = focusKey(app);
  const before = state.moved ? where(app) : null;
  app.replaceChildren(...parts);
  keepFocus(app, focused);
  if (state.moved) fly(app, before, state.moved, state.me);
  state.moved = null;
  showReactions(app, (seat) => nameOf(seat, state.game?.view, state.table));
}

keeperInit({ h, request, render, fail: (r) => { state.error = refusal(r); render(); } });
const langSelect = document.getElementById('lang');
langSelect.value = language();
setLanguage(language());
langSelect.addEventListener('change', () => { setLanguage(langSelect.value); announcer.textContent = ''; render(); });
document.getElementById('home').addEventListener('click', (e) => { e.preventDefault(); location.hash = ''; });
startTicking(app);
handKeys(app);
takeSeatLink();
connect();
