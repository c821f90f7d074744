// A game as one viewer sees it, drawn from a view alone: the live table,
// the spectators' page and the replay all use it. The view is the server's
// rendering for that viewer (a seat's own hand, every count; every hand only
// where the viewer may see them), so nothing drawn here can show more.
import { h } from './dom.js';
import { t, tn, ordinal, displayName, gamesCount } from './i18n.js';
import { cardBack, cardElement, sortHand, spoken } from './cards.js';
import { countdown, gameNow, minutesSeconds, seconds } from './clocks.js';

export function nameOf(seat, view, table) {
  return displayName(view?.players?.[seat]?.name ?? table?.seats?.[seat]?.name ?? `#${seat}`);
}

const isWild = (card) => card.startsWith('W');

// One event as a line of the log: counts in words that agree with them, a
// Wild's colour, a place, the cards this viewer was shown (their own draw,
// a hand revealed to them).
function describe(e, view, table) {
  const values = {
    who: nameOf(e.seat, view, table), target: nameOf(e.target, view, table),
    cards: (e.cards || []).map(spoken).join(', '), color: e.color ? t(e.color) : '', type: e.type,
    place: e.rank ? ordinal(e.rank) : '',
  };
  switch (e.type) {
    case 'draw': return [tn('ev_draw', e.count, values), e.cards ? `: ${values.cards}` : ''].join('');
    case 'pending': return tn('ev_pending', e.count, values);
    case 'play': return t(e.color && isWild(e.cards.at(-1)) ? 'ev_play_wild' : 'ev_play', values);
    case 'reveal': return t(e.cards ? 'ev_reveal_seen' : 'ev_reveal', values);
    case 'help': return t(e.target === undefined ? 'ev_help_away' : 'ev_help', values);
    default: {
      const key = `ev_${e.type}`;
      return t(t(key) === key ? 'ev_other' : key, values);
    }
  }
}

const accusation = (e) => e.type === 'challenge' || e.type === 'suspect';

// The log's lines for an action's events, in the order of the telling: the
// engine shows the challenged (or suspected) hand and then gives the
// challenge with its result; the log says the challenge, then the hand,
// then the verdict.
export function logLines(events, view, table) {
  const lines = [];
  events.forEach((e, i) => {
    const line = describe(e, view, table);
    const shown = accusation(e) && events[i - 1]?.type === 'reveal' && events[i - 1].seat === e.target;
    if (shown) lines.splice(lines.length - 1, 0, line); else lines.push(line);
    if (accusation(e) && e.result) lines.push(t(`ev_verdict_${e.result}`, { target: nameOf(e.target, view, table) }));
  });
  return lines;
}

// A hand these events showed to seat `me` (a Mattel challenger, KPGUT
// §14's oldest or suspecter), with the verdict that followed it: { seat,
// cards, verdict }, or null.
export function handShown(events, me) {
  const i = events.findIndex((e) => e.type === 'reveal' && e.cards && e.target === me && e.seat !== me);
  if (i < 0) return null;
  const { seat, cards } = events[i];
  const next = events[i + 1];
  return { seat, cards, verdict: next && accusation(next) && next.target === seat ? next.result : null };
}

// Where each seat sits around the oval: the viewer's own at the bottom
// (a spectator's: the first seat's), the others in seating order clockwise
// from the viewer's left; as percentages of the table's width and height.
function seatPlace(s, n, me) {
  const angle = Math.PI / 2 + (((s - (me ?? 0)) + n) % n) * (2 * Math.PI / n);
  const [rx, ry] = n > 10 ? [41, 44] : [37, 40]; // many seats: smaller, nearer the edge
  return { x: 50 + rx * Math.cos(angle), y: 50 + ry * Math.sin(angle) };
}

// A small fan of card backs for a count (at most five drawn).
function fan(n) {
  const backs = Array.from({ length: Math.min(n, 5) }, () => cardBack('back mini'));
  return h('span', { class: `fan fan-${backs.length}`, 'aria-hidden': 'true' }, ...backs);
}

// Every seat around the table: name, count (a fan of backs and its number),
// UNO said, lag, in turn (a glowing ring); its cards where the view holds
// them (a spectator who sees hands, the whole table's replay); on the seat
// in turn §8's away timer. `onSeat(s)` adds what belongs on a seat (a catch
// button, a countdown).
function seatsRing(view, me, table, live, onSeat) {
  const counts = view.counts ?? view.hands.map((hand) => hand.length); // the whole table's view: every hand
  return h('ul', { class: 'opponents' }, ...counts.map((n, s) => {
    const hand = s !== me && view.hands[s] ? sortHand(view.hands[s]) : null;
    const place = n === 0 ? (view.ranking ?? []).findIndex((p) => p.includes(s)) : -1;
    const lag = table?.seats?.[s]?.lag;
    const li = h('li', { class: `opponent${view.turn === s ? ' turn' : ''}${s === me ? ' mine' : ''}`, 'data-seat': s },
      h('strong', {}, nameOf(s, view, table)), s === me ? h('span', { class: 'visually-hidden' }, ` (${t('you')})`) : '', h('span', { class: 'visually-hidden' }, ' · '),
      place >= 0 ? t('finished', { place: ordinal(place + 1) }) : tn('cards', n),
      view.uno.includes(s) ? h('span', { class: 'said-uno' }, ` · ${t('saidUno')}`) : '',
      view.turn === s ? h('span', { class: 'visually-hidden' }, ` · ${t('turn')}`) : '',
      typeof lag === 'number' && s !== me ? h('span', { class: 'seat-lag' }, ` · ${t('lag', { ms: lag })}`) : '',
      place < 0 && n > 0 && !hand && s !== me ? fan(n) : null,
      hand ? h('div', { class: 'cards small', 'aria-label': t('handOf', { name: nameOf(s, view, table) }) },
        ...hand.map((card) => cardElement(card))) : null,
      view.turn === s ? awayClock(view, table, live) : null,
      onSeat ? onSeat(s) : null);
    const at = seatPlace(s, counts.length, me);
    li.style.setProperty('--x', `${at.x}%`);
    li.style.setProperty('--y', `${at.y}%`);
    return li;
  }));
}

// The middle of the table: the stock (a back with its count), the pile
// (the top card, large, in a ring of the colour in force with its name and
// letter: the colour stays clear after a Wild), what is waiting to be drawn,
// the direction of play (an arrow round the table, turned by a Reverse).
function centre(view, clockLine) {
  const color = view.color ? `${t(view.color)} (${t(`letter_${view.color}`)})` : null;
  return h('div', { class: 'centre' },
    h('div', { class: 'stock', 'aria-label': t('stock', { n: view.stock }), role: 'img' }, cardBack('card back'),
      h('span', { class: 'count', 'aria-hidden': 'true' }, String(view.stock))),
    h('section', { class: `pile ring-${view.color ?? 'none'}`, 'aria-label': t('top') },
      view.top ? cardElement(view.top) : null),
    h('div', { class: 'state' },
      color ? h('p', { class: `in-force c-${view.color}` }, t('colorInForce', { c: color })) : null,
      view.pending ? h('p', { class: 'pending' }, t('pending', { n: view.pending })) : null,
      h('p', { class: 'piles' }, `${t('direction')}: ${t(view.direction > 0 ? 'clockwise' : 'counter')} · ${t('discard', { n: view.discard })}`),
      clockLine));
}

// The arrow round the table: clockwise, or turned the other way.
function directionArrow(direction) {
  const arrow = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  arrow.setAttribute('viewBox', '0 0 100 100');
  arrow.setAttribute('preserveAspectRatio', 'none');
  arrow.setAttribute('aria-hidden', 'true');
  arrow.setAttribute('class', `direction ${direction > 0 ? 'cw' : 'ccw'}`);
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  // three arcs of the oval with heads pointing clockwise (the ccw class mirrors them)
  path.setAttribute('d', 'M20 22 A36 32 0 0 1 50 14 l-4 -3 m4 3 l-4 3 M86 48 A36 32 0 0 1 66 82 l5 0 m-5 0 l1 -5 M28 80 A36 32 0 0 1 14 42 l-2 5 m2 -5 l3 4');
  arrow.append(path);
  return arrow;
}

// KPGUT §8's away timer, on the seat in turn.
function awayClock(view, table, live) {
  const c = view.clock;
  if (!c || view.over || c.away_at === null || view.turn === null) return null;
  return h('span', { class: 'away', role: 'timer' },
    clockAt(view, live)(c.away_at, (left) => t('awayIn', { name: nameOf(view.turn, view, table), s: seconds(left) })));
}

// The clocks the rules run for the whole table (KPGUT's game time and
// hour), counting on the page between updates. `live`: a game going on now (a
// replay's clocks stand still at their step).
function clockAt(view, live) {
  return (until, text) => (live ? countdown(h('span'), until, text) : h('span', {}, text(until - view.t)));
}

export function clocks(view, live) {
  const c = view.clock;
  if (!c || view.over) return null;
  const parts = [];
  const at = clockAt(view, live);
  if (c.limit_at !== null) {
    parts.push(at(Infinity, () => t('gameTime', { time: minutesSeconds((live ? gameNow() : view.t) - c.start) })));
    parts.push(at(c.limit_at, (left) => t('hourLeft', { time: minutesSeconds(left) })));
  }
  if (!parts.length) return null;
  return h('p', { class: 'clocks', role: 'timer' }, ...parts.flatMap((p, i) => (i ? [' · ', p] : [p])));
}

// A match's or session's table: each game's scores, the totals, games
// played, a session's averages, the leader and the last.
export function scoreTable(view) {
  const m = view.match;
  if (!m) return null;
  const names = m.players.map((p) => displayName(p.name));
  const row = (label, cells) => h('tr', {}, h('th', { scope: 'row' }, label), ...cells.map((x) => h('td', {}, x ?? '–')));
  const rows = m.scores.map((game, i) => row(t('gameN', { n: i + 1 }), game));
  const scored = (p) => m.scores.filter((game) => game[p] !== null && game[p] !== undefined).length;
  rows.push(row(t('total'), m.totals), row(t('played'), m.played.map((n, p) => gamesCount(n, scored(p)))));
  if (m.averages) rows.push(row(t('average'), m.averages.map((a) => (a === null ? null : Number(a).toFixed(1)))));
  const lead = m.over ? 'winner' : 'leader';
  return h('section', { class: 'scores panel', 'aria-label': t('scores') },
    h('h2', {}, m.kind === 'session' ? t('session') : t('match'), m.games ? ` · ${t('gameOf', { n: m.game + 1, of: m.games })}` : ''),
    h('div', { class: 'scroll' }, h('table', {},
      h('thead', {}, h('tr', {}, h('td', {}), ...names.map((n) => h('th', { scope: 'col' }, n)))), // the corner heads nothing
      h('tbody', {}, ...rows))),
    m.ranking?.length ? h('p', {}, t(lead, { name: m.ranking[0].map((p) => names[p]).join(', ') })) : null,
    m.over && m.loser !== null && m.loser !== undefined ? h('p', {}, t('loser', { name: names[m.loser] })) : null);
}

// How a finished game ended: its ranking and scores.
export function outcome(view, table) {
  return [
    h('ol', {}, ...view.ranking.map((place) => h('li', {}, place.map((s) => nameOf(s, view, table)).join(', ')))),
    view.scores?.some((x) => x !== null) ? h('p', {}, `${t('scores')}: `,
      view.scores.map((x, s) => `${nameOf(s, view, table)} ${x ?? '–'}`).join(' · ')) : null,
  ];
}

// The table: every seat around it, the stock, the pile, the clocks
// (`onSeat`: see seatsRing).
export function felt(view, { me = null, table = null, live = false, onSeat = null } = {}) {
  const seats = (view.counts ?? view.hands).length;
  return h('section', { class: `felt seats-${seats > 10 ? 'many' : seats > 6 ? 'more' : 'few'}`, 'aria-label': t('theTable') },
    directionArrow(view.direction),
    seatsRing(view, me, table, live, onSeat), centre(view, clocks(view, live)));
}

// The board as a replay shows it: the table and the viewer's own hand, to
// look at (the live hand is hand.js's).
export function board(view, { me = null, table = null } = {}) {
  const own = me !== null && view.hands[me]?.length ? sortHand(view.hands[me]) : null;
  const hand = own ? h('section', { class: 'hand', 'aria-label': t('yourHand') }, h('h2', {}, t('yourHand')),
    h('div', { class: 'cards fanned' }, ...own.map((card) => cardElement(card)))) : null;
  return { table: felt(view, { me, table }), hand };
}
