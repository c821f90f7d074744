// A table's history: its finished games, each replayed step by step from a
// seat's view or the whole table's (the server's `replay`; docs/server.md
// says who may see which: a seat's own view at any time, any view once the
// table's last game is over).
import { h } from './dom.js';
import { t, refusal, displayName } from './i18n.js';
import { board, logLines, outcome, scoreTable } from './board.js';

// Opens the history page of state.code (state.table is its description).
export function loadHistory(state) {
  state.history = { game: null, as: state.me ?? 'table', steps: null, step: 0, message: null };
}

async function open(state, request, render, game, as) {
  const r = await request({ op: 'replay', table: state.code, game, as });
  Object.assign(state.history, { game, as, step: 0, steps: r.ok ? r.steps : null, message: r.ok ? null : refusal(r) });
  render();
}

function viewerPicker(state, request, render) {
  const hist = state.history;
  const seats = state.table?.seats ?? [];
  return h('label', {}, t('replayAs'), ' ', h('select', {
    onchange: (e) => {
      const as = e.target.value === 'table' ? 'table' : Number(e.target.value);
      if (hist.game === null) { hist.as = as; render(); } else open(state, request, render, hist.game, as);
    },
  },
  ...seats.map((s) => h('option', { value: s.seat, selected: hist.as === s.seat },
    `${s.name ? displayName(s.name) : t('seat', { n: s.seat + 1 })}${s.seat === state.me ? ` (${t('you')})` : ''}`)),
  h('option', { value: 'table', selected: hist.as === 'table' }, t('wholeTable'))));
}

function stepper(state, render) {
  const hist = state.history;
  const last = hist.steps.length - 1;
  const go = (i) => { hist.step = Math.max(0, Math.min(last, i)); render(); };
  const step = hist.steps[hist.step];
  const me = hist.as === 'table' ? null : hist.as;
  const parts = board(step.view, { me, table: state.table });
  return h('section', { class: 'replay', 'aria-label': t('replayOf', { n: hist.game + 1 }) },
    h('div', { class: 'actions' },
      h('button', { type: 'button', onclick: () => go(0), disabled: hist.step === 0 }, t('first')),
      h('button', { type: 'button', onclick: () => go(hist.step - 1), disabled: hist.step === 0 }, t('back')),
      h('input', { type: 'range', min: 0, max: last, value: hist.step, 'aria-label': t('stepN', { n: hist.step + 1, of: last + 1 }),
        oninput: (e) => go(Number(e.target.value)) }),
      h('button', { type: 'button', onclick: () => go(hist.step + 1), disabled: hist.step === last }, t('forward')),
      h('button', { type: 'button', onclick: () => go(last), disabled: hist.step === last }, t('lastStep')),
      h('span', { role: 'status' }, t('stepN', { n: hist.step + 1, of: last + 1 }))),
    h('ol', { class: 'log' }, ...logLines(step.events, step.view, state.table).map((line) => h('li', {}, line))),
    parts.table, parts.hand,
    step.view.over ? h('section', { class: 'over panel' }, h('h2', {}, t('over')), ...outcome(step.view, state.table)) : null,
    step.view.over ? scoreTable(step.view) : null);
}

// What the history page shows, to draw it again only when it changed.
export function historyShows(state) {
  const hist = state.history;
  return [state.code, state.me, state.table?.games_over, state.table?.seats?.map((s) => s.name),
    hist && [hist.game, hist.as, hist.step, Boolean(hist.steps), hist.message]];
}

export function historyScreen(state, request, render) {
  const hist = state.history;
  const played = state.table?.games_over ?? 0;
  return h('section', { class: 'panel history' },
    h('h2', {}, t('historyOf', { code: state.code })),
    h('p', {}, h('a', { href: `#/t/${state.code}` }, t('backToTable'))),
    played === 0 ? h('p', {}, t('noGames')) : null,
    hist ? viewerPicker(state, request, render) : null,
    h('ul', { class: 'games' }, ...Array.from({ length: played }, (_, i) => h('li', {},
      h('button', { type: 'button', 'aria-pressed': hist?.game === i ? 'true' : 'false',
        onclick: () => open(state, request, render, i, hist.as) }, t('gameN', { n: i + 1 }))))),
    hist?.message ? h('p', { class: 'error', role: 'alert' }, hist.message) : null,
    hist?.steps ? stepper(state, render) : null);
}
