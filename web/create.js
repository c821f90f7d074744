// The form that creates a table: a named preset (presets.js), the rule
// set, the popular house rules (the engine's presets), its options (each named in words, with its meaning and source, the
// words of `uno rules`, from the server's `rules`; its values in words), a match
// or session, the seats (people, or bots at a level), spectators, the bots'
// pace and whether the lobby lists it for anyone to join. What was filled
// in stays while the page redraws.
import { h } from './dom.js';
import { t, language } from './i18n.js';
import { MEANINGS_FI } from './options-fi.js';
import { optionWords, valueWords } from './around-words.js';
import { houseRulesField, presetField } from './presets.js';

const draft = {
  rules: 'mattel', seats: ['human', 'medium', 'medium', 'medium'], options: {}, presets: [],
  spectators: 'counts', pace: 800, match: false, matchSize: null, public: false,
};

// A preset fills in its rule set and options (and the seats it needs).
function usePreset(p) {
  Object.assign(draft, { rules: p.rules, options: { ...p.options }, matchSize: null });
  while (p.seats && draft.seats.length < p.seats) draft.seats.push('medium');
  if (p.seats) draft.seats.length = p.seats;
}

// The match a rule set plays: Mattel and classic to a target score, KPGUT a
// session of a number of games (its winner has the lowest average).
function matchRequest() {
  if (!draft.match) return undefined;
  return draft.rules === 'kpgut' ? { games: draft.matchSize ?? 3 } : { target: draft.matchSize ?? 500 };
}

function optionInput(info, value, redraw) {
  // a choice redraws the list at once (its count of changes); typing does
  // not, so that the field keeps the focus
  const set = (v, now = true) => {
    if (v === value) delete draft.options[info.name]; else draft.options[info.name] = v;
    if (now) redraw();
  };
  const current = draft.options[info.name] ?? value;
  const id = `opt-${info.name}`;
  const described = `${id}-help`;
  let input;
  if (info.type === 'bool') {
    input = h('input', { id, type: 'checkbox', checked: current, 'aria-describedby': described, onchange: (e) => set(e.target.checked) });
  } else if (info.type === 'enum') {
    input = h('select', { id, 'aria-describedby': described, onchange: (e) => set(e.target.value) },
      ...info.values.map((v) => h('option', { value: v, selected: v === current }, valueWords(info.name, v))));
  } else if (info.type === 'int') {
    input = h('input', { id, type: 'number', value: current, 'aria-describedby': described, oninput: (e) => set(Number(e.target.value), false) });
  } else {
    input = h('input', { id, value: current, 'aria-describedby': described, oninput: (e) => set(e.target.value.trim(), false) });
  }
  return h('div', { class: `option${info.name in draft.options ? ' changed' : ''}` },
    h('label', { for: id }, optionWords(info.name)), ' ', input,
    h('p', { id: described, class: 'meaning' }, (language() === 'fi' && MEANINGS_FI[info.name]) || info.meaning,
      h('br'), h('small', {}, info.source)));
}

function optionsList(rulesInfo, redraw) {
  if (!rulesInfo) return null;
  const values = rulesInfo.rule_sets[draft.rules] ?? {};
  const changed = Object.keys(draft.options).length;
  return h('details', { class: 'options' },
    h('summary', {}, t('options'), changed ? ` (${t('changed', { n: changed })})` : ''),
    ...rulesInfo.options.filter((o) => o.name in values).map((o) => optionInput(o, values[o.name], redraw)));
}

const LEVELS = ['easy', 'medium', 'hard', 'expert'];

function seatsField(redraw, bots) {
  const seatList = h('ol', { class: 'seats' }, ...draft.seats.map((kind, i) => h('li', {},
    h('label', {}, t('seat', { n: i + 1 }), ' ',
      h('select', { 'data-seat': i, onchange: (e) => { draft.seats[i] = e.target.value; } },
        ...['human', ...(bots ?? LEVELS)].map((k) => h('option', { value: k, selected: k === kind },
          LEVELS.includes(k) || k === 'human' ? t(k) : t('program', { name: k }))))))));
  return h('fieldset', {}, h('legend', {}, t('seats')), seatList,
    h('button', { type: 'button', 'aria-label': `${t('seats')} −1`, onclick: () => { if (draft.seats.length > 2) draft.seats.pop(); redraw(); } }, '−'),
    h('button', { type: 'button', 'aria-label': `${t('seats')} +1`, onclick: () => { if (draft.seats.length < 10) draft.seats.push('medium'); redraw(); } }, '+'));
}

function matchField(redraw) {
  const kpgut = draft.rules === 'kpgut';
  return h('fieldset', {}, h('legend', {}, t('matchPlay')),
    h('label', {}, h('input', { type: 'checkbox', name: 'match', checked: draft.match, onchange: (e) => { draft.match = e.target.checked; redraw(); } }),
      ' ', t(kpgut ? 'playSession' : 'playMatch')),
    draft.match ? h('label', {}, t(kpgut ? 'sessionGames' : 'matchTarget'), ' ',
      h('input', { type: 'number', name: 'match_size', min: 1, max: kpgut ? 1000 : 100000, value: draft.matchSize ?? (kpgut ? 3 : 500),
        oninput: (e) => { draft.matchSize = Number(e.target.value); } })) : null);
}

// The form; `created(answer)` gets the server's answer to `create`.
export function createForm({ request, rulesInfo, bots, created }) {
  const form = h('form', { class: 'panel create' });
  const redraw = () => form.replaceChildren(...fields());
  const fields = () => [
    h('h2', {}, t('newTable')),
    presetField(draft.rules, draft.options, (p) => { usePreset(p); redraw(); }),
    h('label', {}, t('rules'), ' ', h('select', { name: 'rules', onchange: (e) => {
      Object.assign(draft, { rules: e.target.value, options: {}, matchSize: null });
      redraw();
    } }, ...['mattel', 'classic', 'kpgut'].map((r) => h('option', { value: r, selected: r === draft.rules }, t(`rs_${r}`))))),
    houseRulesField(rulesInfo, draft.presets, (name, on) => {
      draft.presets = on ? [...draft.presets, name] : draft.presets.filter((p) => p !== name);
    }),
    optionsList(rulesInfo, redraw),
    matchField(redraw),
    seatsField(redraw, bots),
    h('label', {}, t('spectators'), ' ', h('select', { name: 'spectators', onchange: (e) => { draft.spectators = e.target.value; } },
      ...['counts', 'none', 'hands'].map((s) => h('option', { value: s, selected: s === draft.spectators }, t(s))))),
    h('label', {}, t('botPace'), ' ', h('input', { name: 'pace', type: 'number', min: 0, max: 10000, value: draft.pace,
      oninput: (e) => { draft.pace = Number(e.target.value); } })),
    h('label', {}, h('input', { type: 'checkbox', name: 'public', checked: draft.public, onchange: (e) => { draft.public = e.target.checked; } }),
      ' ', t('publicTable')),
    h('button', { type: 'submit' }, t('create')),
  ];
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const options = Object.keys(draft.options).length ? { ...draft.options } : undefined;
    created(await request({
      op: 'create', rules: draft.rules, presets: draft.presets.length ? [...draft.presets] : undefined, options, match: matchRequest(), seats: [...draft.seats],
      spectators: draft.spectators, bot_pace_ms: draft.pace, public: draft.public || undefined,
    }));
  });
  redraw();
  return form;
}
