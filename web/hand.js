// The person's own hand at the table: one element kept for the whole game
// whose cards are matched to the hand at each update (the same card is the
// same element), so that the focus, a card's place and the hand's scroll
// stay; only cards that come are made and only cards that go are removed.
// A card that goes with the focus hands it to its neighbour.
import { h } from './dom.js';
import { t } from './i18n.js';
import { cardElement } from './cards.js';
import { place } from './regions.js';

// The hand's section; escape() is called for Escape in the hand.
export function handSection(escape) {
  const list = h('div', { class: 'cards fanned', tabindex: '-1', 'aria-label': t('yourHand') });
  list.addEventListener('keydown', (e) => { if (e.key === 'Escape') escape(); });
  return h('section', { class: 'hand', 'aria-label': t('yourHand') }, h('h2', {}, t('yourHand')), list);
}

// Shows `cards` (in their order) in the hand's section; look(card, nth)
// says of the nth copy of a card { enabled, raised, picked }; tap(card,
// element) is called when one is tapped (or Enter, Space on it).
export function showHand(section, cards, look, tap) {
  const list = section.querySelector('.cards');
  const had = new Map(); // card → its elements, in order
  for (const el of list.children) had.set(el.dataset.card, [...(had.get(el.dataset.card) ?? []), el]);
  const copies = new Map();
  const els = cards.map((card) => {
    const nth = copies.get(card) ?? 0;
    copies.set(card, nth + 1);
    const el = had.get(card)?.[nth] ?? cardElement(card, { onClick: (e) => tap(card, e.currentTarget) });
    const { enabled, raised, picked } = look(card, nth);
    el.disabled = !enabled;
    el.classList.toggle('playable', raised);
    el.classList.toggle('picked', picked);
    if (picked) el.setAttribute('aria-pressed', 'true'); else el.removeAttribute('aria-pressed');
    return el;
  });
  const focused = list.contains(document.activeElement) ? document.activeElement : null;
  const at = focused ? [...list.children].indexOf(focused) : -1;
  place(list, els);
  if (focused && !focused.isConnected) {
    const near = [...els.slice(at), ...els.slice(0, at).reverse()].find((el) => !el.disabled);
    (near ?? list).focus({ preventScroll: true });
  }
}
