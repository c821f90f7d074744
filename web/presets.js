// Named house-rule presets for the create form: a rule set and the options
// that make it one of the shipped variants (docs/examples/*.rules); the
// engine's presets of house rules (docs/rules.md "Presets"), chosen over
// any rule set; and a
// rules summary for the waiting room in words, with the turn timer where
// the rules have one (KPGUT §8).
import { h } from './dom.js';
import { t } from './i18n.js';
import { houseRuleMeaning, houseRuleWords, optionsInWords } from './around-words.js';

export const PRESETS = [
  { id: 'mattel', rules: 'mattel', options: {} },
  { id: 'mattel_booklet', rules: 'mattel',
    options: { blanks: 4, uno_penalty: 4, uno_self_catch: true, first_wild: 'return', first_reverse: 'right_of_dealer' } },
  { id: 'mattel_stacking', rules: 'mattel', options: { stack_draw2: true, stack_wd4: true } },
  { id: 'mattel_partners', rules: 'mattel', options: { partners: true, min_players: 4, max_players: 4 }, seats: 4 },
  { id: 'classic', rules: 'classic', options: {} },
  { id: 'kpgut', rules: 'kpgut', options: {} },
  { id: 'kpgut_no_slides', rules: 'kpgut', options: { side_slide: false } },
  { id: 'kpgut_english', rules: 'kpgut', options: { suspect_shown_to: 'suspecter', giveup_into: 'stock' } },
];

const same = (a, b) => Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

// The preset a rule set and its changed options are, or null.
export function presetOf(rules, options) {
  return PRESETS.find((p) => p.rules === rules && same(p.options, options)) ?? null;
}

// The select of presets; choose(preset) fills the form.
export function presetField(rules, options, choose) {
  const current = presetOf(rules, options);
  return h('label', {}, t('preset'), ' ', h('select', { name: 'preset', onchange: (e) => choose(PRESETS.find((p) => p.id === e.target.value)) },
    current ? null : h('option', { value: '', selected: true }, t('preset_custom')),
    ...PRESETS.map((p) => h('option', { value: p.id, selected: p === current }, t(`preset_${p.id}`)))));
}

// The engine's presets of house rules (the server's `rules` answer), each a
// checkbox named in words and described in a sentence; toggle(name, on)
// records the choice. They apply over any rule set.
export function houseRulesField(rulesInfo, chosen, toggle) {
  const presets = rulesInfo?.presets ?? [];
  if (!presets.length) return null;
  return h('fieldset', { class: 'house-rules' }, h('legend', {}, t('houseRules')),
    ...presets.map((p) => {
      const id = `hr-${p.name}`;
      return h('div', {},
        h('label', {}, h('input', { id, type: 'checkbox', name: 'presets', value: p.name, checked: chosen.includes(p.name),
          'aria-describedby': `${id}-help`, onchange: (e) => toggle(p.name, e.target.checked) }), ' ', houseRuleWords(p.name)),
        h('p', { id: `${id}-help`, class: 'meaning' }, houseRuleMeaning(p)));
    }));
}

// The rules of a table in the waiting room: the preset's name (or the rule
// set's), the popular house rules it was created with, the options its host changed in words (the create form's), and
// the turn timer.
export function rulesSummary(table, rulesInfo) {
  const options = table.options ?? {};
  const preset = presetOf(table.rules, options);
  const defaults = rulesInfo?.rule_sets?.[table.rules] ?? {};
  const all = { ...defaults, ...options };
  const changed = preset ? '' : optionsInWords(options);
  const away = all.away_ms ?? 0;
  return h('section', { class: 'rules-summary', 'aria-label': t('rules') },
    h('p', {}, `${t('rules')}: `, h('strong', {}, preset ? t(`preset_${preset.id}`) : t(`rs_${table.rules}`))),
    table.presets?.length ? h('p', { class: 'house-rules' }, `${t('houseRules')}: ${table.presets.map(houseRuleWords).join(', ')}`) : null,
    changed ? h('p', {}, t('changedOptions', { list: changed })) : null,
    h('p', { class: 'turn-timer' }, away > 0 ? t('turnTimer', { s: Math.round(away / 1000), n: all.away_draw ?? 0 }) : t('noTurnTimer')));
}
