// A game as one viewer sees it, drawn from a view alone: the live table,
// the spectators' page and the replay all use it. The view is the server's
// rendering for that viewer (a seat's own hand, every count; every hand only
// where the viewer may see them), so nothing drawn here can show more.
import { h } from './dom.js';
import { t, tn, ordinal, displayName, gamesCount } from './i18n.js';
import { cardElement, sortHand, spoken } from './cards.js';
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

// Every seat: name, count, UNO said, in turn; and its cards where the view
// holds them (a spectator who sees hands, the whole table's replay).
function seatsList(view, me, table) {
  const counts = view.counts ?? view.hands.map((hand) => hand.length); // the whole table's view: every hand
  return h('ul', { class: 'opponents' }, ...counts.map((n, s) => {
    const hand = s !== me && view.hands[s] ? sortHand(view.hands[s]) : null;
    const place = n === 0 ? (view.ranking ?? []).findIndex((p) => p.includes(s)) : -1;
    return h('li', { class: `opponent${view.turn === s ? ' turn' : ''}` },
      h('strong', {}, nameOf(s, view, table)), s === me ? ` (${t('you')})` : '', ' · ',
      place >= 0 ? t('finished', { place: ordinal(place + 1) }) : tn('cards', n),
      view.uno.includes(s) ? ` · ${t('saidUno')}` : '',
      view.turn === s ? ` · ${t('turn')}` : '',
      hand ? h('div', { class: 'cards small', 'aria-label': t('handOf', { name: nameOf(s, view, table) }) },
        ...hand.map((card) => cardElement(card))) : null);
  }));
}

function pile(view) {
  return h('section', { class: 'pile', 'aria-label': t('top') },
    view.top ? cardElement(view.top) : null,
    h('p', {}, view.color ? t('colorInForce', { c: t(view.color) }) : ''),
    h('p', {}, `${t('direction')}: ${t(view.direction > 0 ? 'clockwise' : 'counter')}`),
    view.pending ? h('p', { class: 'pending' }, t('pending', { n: view.pending })) : null,
    h('p', { class: 'piles' }, `${t('stock', { n: view.stock })} · ${t('discard', { n: view.discard })}`));
}

// The clocks the rules run (KPGUT's game time and hour, §8's away timer),
// counting on the page between updates. `live`: a game going on now (a
// replay's clocks stand still at their step).
export function clocks(view, table, live) {
  const c = view.clock;
  if (!c || view.over) return null;
  const parts = [];
  const at = (until, text) => (live ? countdown(h('span'), until, text) : h('span', {}, text(until - view.t)));
  if (c.limit_at !== null) {
    parts.push(at(Infinity, () => t('gameTime', { time: minutesSeconds((live ? gameNow() : view.t) - c.start) })));
    parts.push(at(c.limit_at, (left) => t('hourLeft', { time: minutesSeconds(left) })));
  }
  if (c.away_at !== null && view.turn !== null)
    parts.push(at(c.away_at, (left) => t('awayIn', { name: nameOf(view.turn, view, table), s: seconds(left) })));
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
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ''), ...names.map((n) => h('th', { scope: 'col' }, n)))),
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

// The board: every seat, the pile, the clocks, and the viewer's own hand
// (`cardOptions(card)`: the plays it begins, or none).
export function board(view, { me = null, table = null, live = false, cardOptions = null } = {}) {
  const own = me !== null && view.hands[me]?.length ? sortHand(view.hands[me]) : null;
  const hand = own ? h('section', { class: 'hand', 'aria-label': t('yourHand') }, h('h2', {}, t('yourHand')),
    h('div', { class: 'cards' }, ...own.map((card) => {
      const onClick = cardOptions && cardOptions(card);
      return cardOptions ? cardElement(card, { onClick: onClick || (() => {}), disabled: !onClick }) : cardElement(card);
    }))) : null;
  return { seats: seatsList(view, me, table), pile: pile(view), clocks: clocks(view, table, live), hand };
}
