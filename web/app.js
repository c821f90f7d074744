// The web table: a lobby to create or join a table, and the table itself,
// over `uno serve`'s WebSocket protocol (docs/protocol.md "The server").
// What the page shows of a game comes from the server's views only: a seat
// is sent its own hand and every other seat's count, nothing more.
import { h } from './dom.js';
import { t, tn, language, setLanguage, displayName, refusal } from './i18n.js';
import { cardElement, sortHand } from './cards.js';
import { felt, handShown, logLines, nameOf, outcome, scoreTable } from './board.js';
import { region, place } from './regions.js';
import { handSection, showHand } from './hand.js';
import { playsIn, canAdd, stillLegal, goesOn, playsOf } from './picks.js';
import { pref, setPref } from './prefs.js';
import { soundFor } from './sound.js';
import { fly, where } from './motion.js';
import { handKeys } from './focus.js';
import { countdown, seconds, startTicking, syncClock } from './clocks.js';
import { historyScreen, historyShows, loadHistory } from './history.js';
import { createForm } from './create.js';
import { keeperInit, keeperRoute, keeperPush, keeperActive, keeperShows, keeperPanel, keeperScreen } from './keeper.js';
import { shareBlock } from './share.js';
import { rulesSummary } from './presets.js';
import { watchPublic, publicTables, publicPanel } from './public.js';
import { reactionBar, takeReaction, showReactions } from './reactions.js';
import { rematchButton, takeInvite, inviteDialog } from './rematch.js';

const app = document.getElementById('app');
const statusLine = document.getElementById('status');
const announcer = document.getElementById('announce'); // the one live region: other players' moves

// --------------------------------------------------------- connection

const state = {
  ws: null, path: '/', nextId: 1, waiting: new Map(), lag: null, heartbeat: null, retries: 0,
  link: 'connecting', // the connection as the status line tells it: connecting, connected, reconnecting
  code: null, page: null, me: null, watching: false, table: null, game: null, log: [], joinAsk: null,
  shown: null, // a hand shown to this seat (a challenge, a suspicion): { seat, cards, verdict }
  error: null, history: null, rulesInfo: null,
  rematch: null, // the host's invitation to a rematch's seat: { table, seat, token }
  rulingsOpen: false, // the person opened the table's rulings (kept while their list changes)
  moved: null, // the last update's events, for the next render's motion
  unoWithPlay: false, // the person chose to say UNO with the card they play next
  picked: [], // the cards picked so far for a play of several (tap-to-add, picks.js)
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

// The socket's path names the table the page is at: /t/CODE for a card
// table (#/t/CODE, #/w/CODE, its history), /k/CODE for a scorekeeper table
// (#/k/CODE), so that a router in front of several servers sends it to the
// table's server (docs/scaling.md); elsewhere it is /. A server closes a
// socket with 4013 when the table moves to another server or it stops:
// the page connects again, as after any lost connection.
function socketPath() {
  const m = location.hash.match(/^#\/([twk])\/([A-Za-z0-9]{6})/);
  return m ? `/${m[1] === 'k' ? 'k' : 't'}/${m[2].toUpperCase()}` : '/';
}

function connect() {
  state.path = socketPath();
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${state.path}`, 'uno');
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

// The connection closed or went silent: the page connects again, waiting
// longer after each failed try.
function lost() {
  reconnect(BACKOFF_MS[Math.min(state.retries++, BACKOFF_MS.length - 1)]);
}

// The connection is let go: every request still waiting is answered as
// unanswered (its sender shows it), and the page connects again after delay ms.
function reconnect(delay) {
  clearTimeout(state.heartbeat);
  const ws = state.ws;
  state.ws = null;
  ws.close();
  for (const { resolve } of state.waiting.values()) resolve({ ok: false, error: 'unanswered' });
  state.waiting.clear();
  setTimeout(connect, delay);
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

// A request whose refusal is shown to the person (in words written at each
// render, so that a language switch rewrites them too); the page is drawn
// again either way. Answers the server's answer.
async function act(obj) {
  const r = await request(obj);
  if (!r.ok) state.error = () => refusal(r);
  render();
  return r;
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
    state.error = () => refusal(msg);
  } else if (msg.type === 'replaced') {
    // the seat went to another device: this browser forgets the token, so
    // that coming back (a reconnect, a reload) does not take it back
    state.me = null;
    saved.put(state.code, { token: null });
    state.error = () => t('replaced');
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
    if (!r.ok) state.error = () => refusal(r);
    if (!state.table) request({ op: 'table', table: code }).then((d) => { if (d.ok) state.table = { ...d, type: 'table' }; render(); });
    if (state.page === 'history') loadHistory(state);
    render();
  });
}

// a hash that changes while the page is not connected is routed when it
// connects; one that names another table moves the socket to its path
window.addEventListener('hashchange', () => {
  if (state.ws && socketPath() !== state.path) return reconnect(0);
  if (state.ws?.readyState === WebSocket.OPEN) route();
});

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

function joinForm() {
  return h('form', { class: 'panel', onsubmit: (e) => {
    e.preventDefault();
    const code = new FormData(e.target).get('code').trim().toUpperCase();
    location.hash = `#/t/${code}`;
  } },
  h('h2', {}, t('joinTable')),
  h('label', {}, t('code'), ' ', h('input', { name: 'code', required: true, minlength: 6, maxlength: 6, autocomplete: 'off' })),
  h('button', { type: 'submit' }, t('joinTable')));
}

function lobbyScreen() {
  watchPublic(request, render);
  return place(region('lobby', null, () => h('div', { class: 'lobby' })),
    region('create', [Boolean(state.rulesInfo), state.bots], () => createForm({
      request: act, rulesInfo: state.rulesInfo, bots: state.bots,
      created: (r) => {
        if (!r.ok) return;
        saved.put(r.table, { host: r.host, key: r.key });
        location.hash = `#/t/${r.table}`;
      },
    })),
    region('join', null, joinForm),
    region('public', publicTables(), publicPanel),
    region('keeper-panel', null, keeperPanel));
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
    const r = await act({ op: 'sit', table: state.code, name: f.get('name'), age: Number(f.get('age')) });
    if (!r.ok) return;
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

// The seat's own link (its token), folded away: to go on on another device.
function seatLink() {
  const token = saved.get(state.code).token;
  return region('seat-link', [state.code, state.me, token], () => (state.me === null || !token ? null
    : h('details', { class: 'seat-link' }, h('summary', {}, t('otherDevice')),
      h('p', {}, t('otherDeviceHelp')), h('code', {}, `${location.origin}/#/t/${state.code}/s/${token}`))));
}

// The reactions' row, for a seat or a spectator of the table.
function reactions() {
  return state.me !== null || state.watching ? region('reactions', null, () => reactionBar(act)) : null;
}

// The table's code, its link, its rules, the spectators' and history's links.
function tableAbout() {
  const tb = state.table;
  return h('div', { class: 'about' },
    h('h2', {}, t('table', { code: state.code })),
    shareBlock(state.code),
    rulesSummary(tb, state.rulesInfo),
    tb.public ? h('p', { class: 'listed' }, t('listed')) : null,
    tb.spectators !== 'none' ? h('p', {}, t('watchLink'), ': ', h('a', { href: watchHref() }, t('watch'))) : null,
    tb.games_over > 0 ? h('p', {}, h('a', { href: `#/t/${state.code}/history` }, t('history'))) : null);
}

function waitingScreen() {
  const tb = state.table;
  const host = saved.get(state.code).host;
  const everyoneIn = tb.seats.every((s) => s.kind === 'bot' || s.taken);
  const seats = tb.seats.map(({ kind, name, age, taken, connected, stand_in }) => [kind, name, age, taken, connected, stand_in]);
  return place(region('waiting', state.code, () => h('section', { class: 'panel waiting' })),
    region('about', [state.code, tb.rules, tb.options, tb.public, tb.spectators, tb.games_over, Boolean(state.rulesInfo), watchHref()], tableAbout),
    region('seats', [seats, state.me], () => h('div', {}, h('h3', {}, t('waiting')), seatsList())),
    reactions(),
    state.me === null ? region('sit', [state.code, watchHref()], seatForm) : seatLink(),
    region('start', [host, everyoneIn], () => (host ? h('button', { type: 'button', class: 'start', disabled: !everyoneIn,
      onclick: () => act({ op: 'start', table: state.code, host }) }, t('start')) : null)));
}

// -------------------------------------------------------------- the game

// A play of these cards: at once where the server lists one play of them,
// else (the plays of a Wild, or of a set ending in Wilds, one for each
// colour; a 7 under the house rule 7-0, one for each player to swap hands
// with) the choices on a wheel over the card tapped last: a modal dialog,
// closed by Escape.
function playCards(cards, card) {
  const options = playsOf(playsIn(state.game.moves ?? []), cards);
  state.picked = [];
  if (!options.length) return render(); // (the moves changed under the tap)
  if (options.length === 1) return play(options[0]);
  const swap = options[0].target !== undefined;
  const title = t(swap ? 'pickSwap' : 'pickColor');
  const close = () => { dialog.close(); dialog.remove(); };
  const { view } = state.game;
  const choice = (m) => (swap // a player, and how many cards they hold
    ? h('button', { type: 'button', class: 'swap', onclick: () => { close(); play(m); } },
      `${nameOf(m.target, view, state.table)} (${view.counts[m.target]})`)
    : h('button', { type: 'button', class: `swatch c-${m.color}`, onclick: () => { close(); play(m); } },
      `${t(m.color)} (${t(`letter_${m.color}`)})`));
  const dialog = h('dialog', { class: 'choice wheel', 'aria-label': title }, h('h3', {}, title),
    h('div', { class: 'options' }, ...options.map(choice)),
    h('button', { type: 'button', class: 'cancel', onclick: close }, t('cancel')));
  document.body.append(dialog);
  dialog.showModal();
  render(); // the hand without the picked cards
  if (card?.isConnected) { // over the card that was tapped, inside the window
    const r = card.getBoundingClientRect();
    const size = dialog.getBoundingClientRect();
    dialog.style.setProperty('--left', `${Math.max(8, Math.min(innerWidth - size.width - 8, r.left + r.width / 2 - size.width / 2))}px`);
    dialog.style.setProperty('--top', `${Math.max(8, Math.min(innerHeight - size.height - 8, r.top + r.height / 2 - size.height / 2))}px`);
    dialog.classList.add('placed');
  }
}

// A card tapped in the hand (tap-to-add, picks.js): it goes on the cards
// picked so far where a play goes on with it, a picked card tapped again
// is put back (with those picked after it), any other card starts anew.
// Cards that no play can go on from are played at once.
function tapCard(card, el) {
  const plays = playsIn(state.game.moves ?? []);
  const picked = state.picked;
  let next;
  if (el.classList.contains('picked')) next = picked.slice(0, picked.lastIndexOf(card));
  else if (canAdd(plays, picked, card)) next = [...picked, card];
  else next = [card];
  if (next.length && !goesOn(plays, next)) return playCards(next, el);
  state.picked = next;
  render();
}

// A play, said with UNO where the person chose so (Mattel lets the call
// come with the play of the next-to-last card): `uno` first, then the play,
// as docs/protocol.md allows.
async function play(move) {
  if (state.unoWithPlay) {
    state.unoWithPlay = false;
    const said = await act({ op: 'uno' });
    if (!said.ok) return;
  }
  act(move);
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
    act(m);
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
  return countdown(h('button', { type: 'button', class: 'act act-uno', 'data-key': 'act-uno---', onclick: () => act(saying) }),
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

// What names the seats: their names, and the lag each is shown with.
const seatNames = (view) => [view.players?.map((p) => p.name), state.table?.seats?.map((s) => [s.name, s.lag])];

// The table round the felt, with the catch buttons on the seats.
function tableRegion(view, moves) {
  const catches = moves.filter((m) => m.op === 'catch');
  return region('felt', [view, catches, seatNames(view), state.me], () => felt(view, {
    me: state.me, table: state.table, live: true, onSeat: (seat) => catchButtons(view, moves, seat),
  }));
}

// The person's actions, each button a region of its own (a button that
// stays keeps its focus): the UNO window, a button for every move the
// server lists that is not a card (draw, pass, take, challenge, ...), and
// the judgements of the table (KPGUT §3, §11, §15) folded away.
function actionsRegion(view, moves) {
  if (state.me === null) return null;
  const mine = (view.clock?.unsaid ?? []).find((u) => u.seat === state.me);
  const saying = moves.find((m) => m.op === 'uno');
  const uno = region('act-uno', [mine, saying], () => unoWindow(view, moves));
  const ruling = (m) => ['dispute', 'help', 'warn'].includes(m.op);
  const listed = moves.filter((m) => m.op !== 'play' && m.op !== 'catch' && !(uno && m.op === 'uno'));
  const button = (m) => region(`act:${JSON.stringify(m)}`, [view.pending, seatNames(view)], () => moveButton(m, view));
  const rulings = listed.filter(ruling);
  return place(region('actions', state.code, () => h('section', { class: 'actions', 'aria-label': t('actions') })),
    uno, ...listed.filter((m) => !ruling(m)).map(button),
    region('rulings', [rulings, seatNames(view)], () => (rulings.length
      ? h('details', { class: 'rulings', open: state.rulingsOpen, ontoggle: (e) => { state.rulingsOpen = e.target.open; } },
        h('summary', {}, t('rulings')), ...rulings.map((m) => moveButton(m, view)))
      : null)));
}

// The hand (hand.js): the cards a play can begin with raised, the cards
// picked for a play of several marked, the others readable but not
// pressable.
function handRegion(view, moves) {
  const cards = state.me !== null && view.hands[state.me]?.length ? sortHand(view.hands[state.me], pref('sort')) : null;
  if (!cards) return null;
  const section = region('hand', [state.code, state.me], () => handSection(() => { state.picked = []; render(); }));
  const plays = playsIn(moves);
  const picked = new Map();
  for (const card of state.picked) picked.set(card, (picked.get(card) ?? 0) + 1);
  showHand(section, cards, (card, nth) => {
    const isPicked = nth < (picked.get(card) ?? 0);
    const raised = canAdd(plays, state.picked, card);
    return { enabled: isPicked || raised || canAdd(plays, [], card), raised, picked: isPicked };
  }, tapCard);
  return section;
}

// Under the hand, each button a region of its own: the cards picked for a
// play of several, with "Play these N cards" and "Cancel"; the hand's order (by colour or by value) and the
// sound, both kept on this device; and, when the next play leaves one card
// and UNO may be said, "say UNO with my play".
function handTools(view, moves) {
  if (state.me === null || !view.hands[state.me]?.length || view.over) return null;
  const sortBy = pref('sort');
  const muted = pref('mute') === 'on';
  const canSay = moves.some((m) => m.op === 'uno') && moves.some((m) => m.op === 'play') && view.hands[state.me].length === 2;
  const picked = state.picked;
  const playable = picked.length > 0 && playsOf(playsIn(moves), picked).length > 0;
  return place(region('hand-tools', state.code, () => h('div', { class: 'hand-tools' })),
    region('play-picked', [picked, playable], () => (picked.length ? h('button', { type: 'button', class: 'play-picked', 'data-key': 'play-picked',
      disabled: !playable, onclick: () => playCards(picked) }, tn('playPicked', picked.length)) : null)),
    region('unpick', picked.length > 0, () => (picked.length ? h('button', { type: 'button', class: 'unpick', 'data-key': 'unpick',
      onclick: () => { state.picked = []; render(); } }, t('cancel')) : null)),
    region('sort', sortBy, () => h('button', { type: 'button', class: 'sort', 'data-key': 'sort',
      onclick: () => { setPref('sort', sortBy === 'color' ? 'value' : 'color'); render(); } }, t(sortBy === 'color' ? 'sortedColor' : 'sortedValue'))),
    region('mute', muted, () => h('button', { type: 'button', class: 'mute', 'data-key': 'mute', 'aria-pressed': muted ? 'true' : 'false',
      onclick: () => { setPref('mute', muted ? 'off' : 'on'); render(); } }, t('mute'))),
    region('uno-play', [canSay, state.unoWithPlay], () => (canSay ? h('button', { type: 'button', class: 'act-uno-play', 'data-key': 'uno-play',
      'aria-pressed': state.unoWithPlay ? 'true' : 'false', onclick: () => { state.unoWithPlay = !state.unoWithPlay; render(); } }, t('unoWithPlay')) : null)));
}

// At a game's end: the ranking and scores, the host's next game of a match
// or play again, the history.
// The host's, between a match's games: deal the next, or end the match here.
const matchOp = (view, host, op, label) => (view.match && !view.match.over && host
  ? h('button', { type: 'button', class: `match-${op}`, onclick: () => act({ op, table: state.code, host }) }, t(label)) : null);

function overRegion(view) {
  const host = saved.get(state.code).host;
  return region('over', [view.over, view.ranking, view.scores, view.match?.over, view.match?.game, host, seatNames(view)], () => (view.over
    ? h('section', { class: 'over panel' }, h('h2', {}, t('over')), ...outcome(view, state.table),
      matchOp(view, host, 'next', 'next'), matchOp(view, host, 'stop', 'stopMatch'),
      (!view.match || view.match.over) && host ? rematchButton({ request: act, code: state.code, host, saved }) : null,
      h('p', {}, h('a', { href: `#/t/${state.code}/history` }, t('history'))))
    : null));
}

// The log: a line is added for each event as it comes (the list is never
// drawn again within a table, so that a log scrolled back stays where it
// was), and it follows the newest line while it is scrolled to its end.
const LOG_LINES = 300;
function logRegion() {
  const section = region('log', state.code, () => h('section', { class: 'log', 'aria-label': t('log') }, h('h2', {}, t('log')),
    h('ol', { tabindex: '0', 'aria-label': t('log') })));
  const list = section.querySelector('ol');
  const from = state.log.indexOf(list.last) + 1;
  if (list.last && from === 0) list.replaceChildren(); // a new log (the table routed again)
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  for (const { events, view } of state.log.slice(from)) list.append(...logLines(events, view, state.table).map((line) => h('li', {}, line)));
  while (list.children.length > LOG_LINES) list.firstChild.remove();
  list.last = state.log.at(-1);
  if (atEnd) list.scrollTop = list.scrollHeight;
  return section;
}

// A match's or session's score table, from its second game on.
function scoresRegion(view) {
  return region('scores', [view.match, view.over], () => (view.match && (view.over || view.match.game > 0) ? scoreTable(view) : null));
}

function gameScreen() {
  const { view, moves = [] } = state.game;
  if (!stillLegal(playsIn(moves), state.picked)) state.picked = [];
  return place(region('game', state.code, () => h('div', { class: 'game' })),
    state.watching ? region('watching', null, () => h('p', { class: 'watching' }, t('watchingAs'))) : null,
    tableRegion(view, moves), shownHand(view), overRegion(view), actionsRegion(view, moves),
    handRegion(view, moves), handTools(view, moves), reactions(), scoresRegion(view), logRegion(), seatLink());
}

// The hand a challenge or a suspicion showed to this seat (docs/protocol.md,
// reveal: to the challenger, or KPGUT §14's oldest or suspecter), with the
// verdict, until the person closes it.
function shownHand(view) {
  const shown = state.shown;
  return region('shown', [shown, seatNames(view)], () => {
    if (!shown) return null;
    const title = t('shownToYou', { name: nameOf(shown.seat, view, state.table) });
    return h('section', { class: 'shown panel', 'aria-label': title }, h('h2', {}, title),
      h('div', { class: 'cards' }, ...sortHand(shown.cards).map((card) => cardElement(card))),
      shown.verdict ? h('p', {}, t(`ev_verdict_${shown.verdict}`, { target: nameOf(shown.seat, view, state.table) })) : null,
      h('button', { type: 'button', onclick: () => { state.shown = null; render(); } }, t('dismiss')));
  });
}

function consentDialog() {
  const ask = state.joinAsk;
  return region('consent', ask, () => {
    if (!ask) return null;
    const answer = (yes) => { state.joinAsk = null; act({ op: 'consent', yes }); };
    return h('section', { class: 'panel consent', role: 'alertdialog', 'aria-label': t('consent', ask) },
      h('p', {}, t('consent', ask)),
      h('button', { type: 'button', onclick: () => answer(true) }, t('yes')),
      h('button', { type: 'button', onclick: () => answer(false) }, t('no')));
  });
}

// ---------------------------------------------------------------- render

function errorLine() {
  const text = state.error?.() ?? null;
  return region('error', text, () => text && h('p', { class: 'error', role: 'alert' }, text,
    h('button', { type: 'button', 'aria-label': t('dismiss'), onclick: () => { state.error = null; render(); } }, '×')));
}

function screen() {
  if (keeperActive()) return region('keeper', keeperShows(), keeperScreen);
  if (!state.code) return lobbyScreen();
  if (state.page === 'history') return region('history', historyShows(state), () => historyScreen(state, request, render));
  if (state.game) return gameScreen();
  if (state.table) return waitingScreen();
  return null;
}

// The page, region by region (regions.js): what did not change stays as it
// is. A card's flight is measured before and after (motion.js).
function render() {
  document.getElementById('lang-label').textContent = t('language');
  showStatus();
  const before = state.moved ? where(app) : null;
  place(app, errorLine(),
    region('invite', state.rematch, () => state.rematch && inviteDialog(state.rematch, () => { state.rematch = null; render(); })),
    screen(), consentDialog());
  if (state.moved) fly(app, before, state.moved, state.me);
  state.moved = null;
  showReactions(app, (seat) => nameOf(seat, state.game?.view, state.table));
}

keeperInit({ h, request, render, fail: (r) => { state.error = () => refusal(r); render(); } });
const langSelect = document.getElementById('lang');
langSelect.value = language();
setLanguage(language());
langSelect.addEventListener('change', () => { setLanguage(langSelect.value); announcer.textContent = ''; render(); });
document.getElementById('home').addEventListener('click', (e) => { e.preventDefault(); location.hash = ''; });
startTicking(app);
handKeys(app);
takeSeatLink();
connect();
