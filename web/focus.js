// Focus that stays where the person was: the page is drawn anew after
// every update, so before drawing it notes which control had the focus
// (by what it is, not by the element) and gives the focus back to the same
// control afterwards, or to its neighbour in the same region when it went
// (a card just played: the card next to it). Arrow keys move in the hand.

const FOCUSABLE = 'button:not([disabled]), a[href], input, select, summary, [tabindex="0"]';

function identity(el) {
  if (el.dataset.key) return el.dataset.key;
  if (el.dataset.card) {
    const same = [...el.closest('section, div').querySelectorAll(`[data-card="${el.dataset.card}"]`)];
    return `card:${el.dataset.card}:${same.indexOf(el)}`;
  }
  return `${el.tagName}.${el.className}|${el.getAttribute('aria-label') ?? el.textContent}`;
}

const regionOf = (el) => el.closest('section[aria-label], [aria-label].felt, form, details');
const regionName = (r) => r && `${r.tagName}.${r.className}|${r.getAttribute('aria-label') ?? ''}`;

// What has the focus inside `root`, to find it again after a redraw.
export function focusKey(root) {
  const el = document.activeElement;
  if (!el || el === document.body || !root.contains(el)) return null;
  const region = regionOf(el);
  const inRegion = region ? [...region.querySelectorAll(FOCUSABLE)] : [];
  return { id: identity(el), region: regionName(region), index: inRegion.indexOf(el) };
}

export function keepFocus(root, key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  const same = [...root.querySelectorAll(`${FOCUSABLE}, [data-card]`)].find((el) => !el.disabled && identity(el) === key.id);
  if (same) return same.focus({ preventScroll: true });
  const region = [...root.querySelectorAll('section[aria-label], [aria-label].felt, form, details')].find((r) => regionName(r) === key.region);
  const near = region ? [...region.querySelectorAll(FOCUSABLE)] : [];
  near[Math.min(Math.max(key.index, 0), near.length - 1)]?.focus({ preventScroll: true });
}

// ← → (and Home, End) move between the hand's playable cards.
export function handKeys(root) {
  root.addEventListener('keydown', (e) => {
    const card = e.target.closest?.('.hand .card');
    if (!card || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    const cards = [...card.parentElement.querySelectorAll('.card:not([disabled])')];
    const i = cards.indexOf(card);
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: cards.length - 1 }[e.key];
    if (cards[to]) { cards[to].focus(); e.preventDefault(); }
  });
}
