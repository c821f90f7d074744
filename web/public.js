// The lobby's list of open public tables (the server's `tables`, docs/
// server.md "Public tables"): asked for when the lobby is shown and every
// REFRESH_MS while it stays; each with its rules, its free seats and a
// button to join it.
import { h } from './dom.js';
import { t } from './i18n.js';
import { presetOf } from './presets.js';

const REFRESH_MS = 15000;
let listed = null;
let timer = null;

function ask(request, rerender) {
  request({ op: 'tables' }).then((r) => {
    if (r.ok) { listed = r.tables; rerender(); }
  });
}

// Keeps the list fresh while the lobby is shown (called at each of its renders).
export function watchPublic(request, rerender) {
  if (timer) return;
  ask(request, rerender);
  timer = setInterval(() => {
    if (!document.querySelector('.public-tables')) { clearInterval(timer); timer = null; return; }
    ask(request, rerender);
  }, REFRESH_MS);
}

// The tables listed, as the panel shows them.
export const publicTables = () => listed;

export function publicPanel() {
  const panel = h('section', { class: 'panel public-tables' }, h('h2', {}, t('publicTables')));
  if (!listed?.length) panel.append(h('p', {}, t('noPublic')));
  else panel.append(h('ul', {}, ...listed.map((e) => {
    const preset = presetOf(e.rules, e.options ?? {});
    const rules = preset ? t(`preset_${preset.id}`) : t(`rs_${e.rules}`);
    return h('li', { 'data-table': e.table }, t('publicEntry', { rules, free: e.free, seats: e.seats }), ' ',
      h('a', { class: 'button', href: `#/t/${e.table}` }, t('joinThis', { code: e.table })));
  })));
  return panel;
}
