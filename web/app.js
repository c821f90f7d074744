// The web table: a lobby to create or join a table, and the table itself,
// over `uno serve`'s WebSocket protocol (docs/protocol.md "The server").
// What the page shows of a game comes from the server's views only: a seat
// is sent its own hand and every other seat's count, nothing more.
import { t, language, setLanguage } from './i18n.js';
import { cardElement, sortHand, spoken } from './cards.js';

// ------------------------------------------------------------ elements

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

const app = document.getElementById('app');
const statusLine = document.getElementById('status');

// --------------------------------------------------------- connection

const state = {
  ws: null, nextId: 1, waiting: new Map(), lag: null,
  code: null, me: null, table: null, game: null, log: [], joinAsk: null, error: null,
};

// What this browser holds for a table: its seat's token, the host's secret.
const saved = {
  get: (code) => JSON.parse(localStorage.getItem(`uno.table.${code}`) || '{}'),
  put: (code, more) => localStorage.setItem(`uno.table.${code}`, JSON.stringify({ ...saved.get(code), ...more })),
};

function connect() {
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`, 'uno');
  state.ws = ws;
  statusLine.textContent = t('connecting');
  ws.addEventListener('open', () => { showStatus(); route(); });
  ws.addEventListener('message', (e) => receive(JSON.parse(e.data)));
  ws.addEventListener('close', () => {
    statusLine.textContent = t('disconnected');
    for (const { reject } of state.waiting.values()) reject(new Error('closed'));
    state.waiting.clear();
    setTimeout(connect, 1000);
  });
}

function request(obj) {
  const id = state.nextId++;
  return new Promise((resolve, reject) => {
    state.waiting.set(id, { resolve, reject });
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
  if (msg.type === 'table') {
    state.table = msg;
    if (state.me !== null) state.lag = msg.seats[state.me]?.lag ?? null;
    showStatus();
  } else if (msg.type === 'update') {
    takeUpdate(msg);
  } else if (msg.type === 'join') {
    state.joinAsk = msg;
  } else if (msg.type === 'replaced') {
    state.me = null;
    state.error = t('error', { m: 'this seat was taken up on another device' });
  }
  render();
}

function takeUpdate(msg) {
  state.game = msg;
  for (const e of msg.events || []) state.log.push(describe(e, msg.view));
  state.log = state.log.slice(-200);
}

function showStatus() {
  statusLine.textContent = state.lag === null ? t('connected') : `${t('connected')} · ${t('lag', { ms: state.lag })}`;
}

// ------------------------------------------------------------- routing

function route() {
  const m = location.hash.match(/^#\/t\/([A-Za-z0-9]{6})$/);
  state.code = m ? m[1].toUpperCase() : null;
  state.game = null;
  state.log = [];
  state.me = null;
  state.table = null;
  if (!state.code) return render();
  const mine = saved.get(state.code);
  const enter = mine.token
    ? request({ op: 'resume', table: state.code, token: mine.token })
    : request({ op: 'table', table: state.code });
  enter.then((r) => {
    if (r.ok && r.seat !== undefined) state.me = r.seat;
    if (r.ok && r.seats) state.table = { ...r, type: 'table' };
    if (!r.ok) state.error = t('error', { m: r.message });
    render();
  });
}

window.addEventListener('hashchange', route);

// --------------------------------------------------------------- lobby

function lobbyScreen() {
  const seatKinds = ['human', 'medium', 'medium', 'medium'];
  const seatList = h('ol', { class: 'seats' });
  const drawSeats = () => {
    seatList.replaceChildren(...seatKinds.map((kind, i) => h('li', {},
      h('label', {}, t('seat', { n: i + 1 }), ' ',
        h('select', { 'data-seat': i, onchange: (e) => { seatKinds[i] = e.target.value; } },
          ...['human', 'easy', 'medium', 'hard', 'expert'].map((k) => h('option', { value: k, selected: k === kind }, t(k))))))));
  };
  drawSeats();
  const more = h('button', { type: 'button', onclick: () => { if (seatKinds.length < 10) seatKinds.push('medium'); drawSeats(); } }, '+');
  const fewer = h('button', { type: 'button', onclick: () => { if (seatKinds.length > 2) seatKinds.pop(); drawSeats(); } }, '−');
  more.setAttribute('aria-label', `${t('seats')} +1`);
  fewer.setAttribute('aria-label', `${t('seats')} −1`);
  const create = h('form', { class: 'panel', onsubmit: async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const r = await request({
      op: 'create', rules: f.get('rules'), seats: seatKinds, spectators: f.get('spectators'),
      bot_pace_ms: Number(f.get('pace')),
    });
    if (!r.ok) { state.error = t('error', { m: r.message }); return render(); }
    saved.put(r.table, { host: r.host, key: r.key });
    location.hash = `#/t/${r.table}`;
  } },
  h('h2', {}, t('newTable')),
  h('label', {}, t('rules'), ' ', h('select', { name: 'rules' }, ...['mattel', 'classic', 'kpgut'].map((r) => h('option', { value: r }, r)))),
  h('fieldset', {}, h('legend', {}, t('seats')), seatList, fewer, more),
  h('label', {}, t('spectators'), ' ', h('select', { name: 'spectators' },
    ...['counts', 'none', 'hands'].map((s) => h('option', { value: s }, t(s))))),
  h('label', {}, t('botPace'), ' ', h('input', { name: 'pace', type: 'number', min: 0, max: 10000, value: 800 })),
  h('button', { type: 'submit' }, t('create')));
  const join = h('form', { class: 'panel', onsubmit: (e) => {
    e.preventDefault();
    const code = new FormData(e.target).get('code').trim().toUpperCase();
    location.hash = `#/t/${code}`;
  } },
  h('h2', {}, t('joinTable')),
  h('label', {}, t('code'), ' ', h('input', { name: 'code', required: true, minlength: 6, maxlength: 6, autocomplete: 'off' })),
  h('button', { type: 'submit' }, t('joinTable')));
  return h('div', { class: 'lobby' }, create, join);
}

// ------------------------------------------------------- waiting room

function seatForm() {
  return h('form', { class: 'panel', onsubmit: async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const r = await request({ op: 'sit', table: state.code, name: f.get('name'), age: Number(f.get('age')) });
    if (!r.ok) { state.error = t('error', { m: r.message }); return render(); }
    saved.put(state.code, { token: r.token });
    state.me = r.seat;
    render();
  } },
  h('label', {}, t('name'), ' ', h('input', { name: 'name', required: true, maxlength: 23, autocomplete: 'nickname' })),
  h('label', {}, t('age'), ' ', h('input', { name: 'age', type: 'number', min: 0, max: 150, required: true })),
  h('button', { type: 'submit' }, t('sit')),
  h('button', { type: 'button', onclick: async () => {
    const r = await request({ op: 'watch', table: state.code, key: saved.get(state.code).key });
    if (!r.ok) state.error = t('error', { m: r.message });
    render();
  } }, t('watch')));
}

function seatsList() {
  const tb = state.table;
  return h('ul', { class: 'seat-list' }, ...tb.seats.map((s) => h('li', {},
    s.kind === 'bot' ? `${s.name} (${t(s.level)})` : s.taken ? `${s.name}, ${s.age}` : t('free'),
    s.seat === state.me ? ` — ${t('you')}` : '',
    s.kind === 'human' && s.taken && !s.connected ? ` — ${t('away')}` : '',
    s.stand_in ? ` — ${t('standIn')}` : '')));
}

function waitingScreen() {
  const link = `${location.origin}/#/t/${state.code}`;
  const host = saved.get(state.code).host;
  const everyoneIn = state.table.seats.every((s) => s.kind === 'bot' || s.taken);
  return h('section', { class: 'panel' },
    h('h2', {}, t('table', { code: state.code })),
    h('p', {}, t('share'), ': ', h('a', { href: link }, link)),
    h('h3', {}, t('waiting')), seatsList(),
    state.me === null ? seatForm() : null,
    host ? h('button', { type: 'button', disabled: !everyoneIn, onclick: async () => {
      const r = await request({ op: 'start', table: state.code, host });
      if (!r.ok) { state.error = t('error', { m: r.message }); render(); }
    } }, t('start')) : null);
}

// -------------------------------------------------------------- the game

function nameOf(seat, view) {
  return view?.players?.[seat]?.name ?? state.table?.seats?.[seat]?.name ?? `#${seat}`;
}

function describe(e, view) {
  const values = {
    who: nameOf(e.seat, view), target: nameOf(e.target, view), n: e.count ?? e.rank ?? '',
    cards: (e.cards || []).map(spoken).join(', '), color: e.color ? t(e.color) : '', type: e.type,
  };
  const key = `ev_${e.type}`;
  return t(t(key) === key ? 'ev_other' : key, values);
}

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

async function send(move) {
  const r = await request(move);
  if (!r.ok) state.error = t('error', { m: r.message });
  render();
}

// Several plays begin with this card (a Wild's colours, KPGUT's sets): a
// choice in a dialog.
function choose(options) {
  const dialog = h('dialog', { class: 'choice', 'aria-label': t('pickPlay') },
    h('h3', {}, options.some((m) => m.color) && options.every((m) => m.cards.length === 1) ? t('pickColor') : t('pickPlay')),
    ...options.map((m) => h('button', {
      type: 'button', class: m.color ? `swatch c-${m.color}` : '',
      onclick: () => { dialog.close(); dialog.remove(); send(m); },
    }, [m.cards.map(spoken).join(' + '), m.color ? ` → ${t(m.color)}` : ''].join(''))),
    h('button', { type: 'button', onclick: () => { dialog.close(); dialog.remove(); } }, t('cancel')));
  document.body.append(dialog);
  dialog.showModal();
}

function moveLabel(m, view) {
  const target = nameOf(m.target, view);
  switch (m.op) {
    case 'take': return t('take', { n: view.pending });
    case 'catch': case 'suspect': case 'warn': case 'help': return t(m.op, { name: target });
    case 'vote': return t('vote', { yes: t(m.yes ? 'yes' : 'no') });
    case 'color': return t('nameColor', { c: t(m.color) });
    default: return t(m.op);
  }
}

function gameScreen() {
  const { view, moves = [] } = state.game;
  const me = state.me;
  const plays = playsByCard(moves);
  const others = view.counts.map((n, s) => h('li', { class: `opponent${view.turn === s ? ' turn' : ''}` },
    h('strong', {}, nameOf(s, view)), s === me ? ` (${t('you')})` : '', ' · ', t('cards', { n }),
    view.uno.includes(s) ? ` · ${t('saidUno')}` : '',
    view.turn === s ? ` · ${t('turn')}` : ''));
  const pile = h('section', { class: 'pile', 'aria-label': t('top') },
    view.top ? cardElement(view.top) : null,
    h('p', {}, view.color ? t('colorInForce', { c: t(view.color) }) : ''),
    h('p', {}, `${t('direction')}: ${t(view.direction > 0 ? 'clockwise' : 'counter')}`),
    view.pending ? h('p', { class: 'pending' }, t('pending', { n: view.pending })) : null,
    h('p', { class: 'piles' }, `${t('stock', { n: view.stock })} · ${t('discard', { n: view.discard })}`));
  const hand = me !== null && view.hands[me] ? sortHand(view.hands[me]) : [];
  const handEl = h('section', { class: 'hand', 'aria-label': t('yourHand') }, h('h2', {}, t('yourHand')),
    h('div', { class: 'cards' }, ...hand.map((card) => {
      const options = plays.get(card);
      return cardElement(card, {
        onClick: options ? () => (options.length === 1 ? send(options[0]) : choose(options)) : () => {},
        disabled: !options,
      });
    })));
  const buttons = moves.filter((m) => m.op !== 'play' && m.op !== 'dispute' && m.op !== 'help' && m.op !== 'warn')
    .map((m) => h('button', { type: 'button', class: `act act-${m.op}${m.color ? ` swatch c-${m.color}` : ''}`, onclick: () => {
      if (m.op === 'giveup' && !confirm(t('sure'))) return;
      send(m);
    } }, moveLabel(m, view)));
  const actions = h('section', { class: 'actions', 'aria-label': t('actions') }, ...buttons);
  const host = saved.get(state.code).host;
  const over = view.over ? h('section', { class: 'over panel' }, h('h2', {}, t('over')),
    h('ol', {}, ...view.ranking.map((place) => h('li', {}, place.map((s) => nameOf(s, view)).join(', ')))),
    view.scores.some((x) => x !== null) ? h('p', {}, `${t('scores')}: `,
      view.scores.map((x, s) => `${nameOf(s, view)} ${x ?? '–'}`).join(' · ')) : null,
    view.match && !view.match.over && host ? h('button', { type: 'button', onclick: () => request({ op: 'next', table: state.code, host }) }, t('next')) : null) : null;
  const log = h('section', { class: 'log', 'aria-label': t('log') }, h('h2', {}, t('log')),
    h('ol', { 'aria-live': 'polite' }, ...state.log.slice(-12).map((line) => h('li', {}, line))));
  return h('div', { class: 'game' }, h('ul', { class: 'opponents' }, ...others), pile, over, actions, handEl, log);
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
  const parts = [];
  if (state.error) parts.push(h('p', { class: 'error', role: 'alert' }, state.error,
    h('button', { type: 'button', 'aria-label': t('cancel'), onclick: () => { state.error = null; render(); } }, '×')));
  if (!state.code) parts.push(lobbyScreen());
  else if (state.game) parts.push(gameScreen());
  else if (state.table) parts.push(waitingScreen());
  if (state.joinAsk) parts.push(consentDialog());
  app.replaceChildren(...parts);
}

const langSelect = document.getElementById('lang');
langSelect.value = language();
setLanguage(language());
langSelect.addEventListener('change', () => { setLanguage(langSelect.value); render(); });
document.getElementById('home').addEventListener('click', (e) => { e.preventDefault(); location.hash = ''; });
connect();
