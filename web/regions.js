// The page is drawn in regions (the table, the hand, the actions, the log,
// a dialog, ...), each drawn again only when what it shows changed. A
// region that is not drawn again is the same element as before, so its
// focus, its scroll position and its open sections stay as the person
// left them, with no care taken for them.
import { language } from './i18n.js';

const drawn = new Map(); // key → { shows, el }

// The region `key`: the element draw() made the last time `shows` (any
// JSON value: what the region shows, the page's language added) was the
// same, else a new one, put in the old one's place on the page.
export function region(key, shows, draw) {
  const sig = JSON.stringify([language(), shows]);
  const last = drawn.get(key);
  if (last && last.shows === sig) return last.el;
  const el = draw();
  if (el && last?.el?.isConnected) last.el.replaceWith(el);
  drawn.set(key, { shows: sig, el });
  return el;
}

// Puts `children` (nulls skipped) in `parent` in this order, touching only
// what changed: the children that stay are never moved (moving an element
// takes the focus from it).
export function place(parent, ...children) {
  const wanted = children.flat().filter(Boolean);
  const keep = new Set(wanted);
  for (const child of [...parent.children]) if (!keep.has(child)) child.remove();
  wanted.forEach((child, i) => { if (parent.children[i] !== child) parent.insertBefore(child, parent.children[i] ?? null); });
  return parent;
}
