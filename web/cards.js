// Cards as the table protocol writes them ("R7", "G+2", "BS", "YR", "W",
// "W+4", "X"): their colour, a label that never relies on colour alone, a
// name for screen readers, and the order a hand is shown in.
import { t } from './i18n.js';

const VALUES = { S: 'skip', R: 'reverse', '+2': 'draw2' }; // their words' keys in i18n.js
const ORDER = ['R', 'G', 'B', 'Y', 'W', 'X'];

export function colorOf(card) {
  return card === 'X' || card.startsWith('W') ? 'W' : card[0];
}

export function valueOf(card) {
  return card === 'X' || card.startsWith('W') ? card : card.slice(1);
}

// What the card face shows: its value and its colour's letter in the
// page's language (R, G, B, Y; P, V, S, K in Finnish, as the KPGUT book
// writes P8 for a red 8), a Wild its word's short form.
export function label(card) {
  const v = valueOf(card);
  const face = { S: '⊘', R: '⇄', '+2': '+2', W: t('wildFace'), 'W+4': '+4', X: '☐' }[v] ?? v;
  const c = colorOf(card);
  return c === 'W' ? face : `${face} ${t(`letter_${c}`)}`;
}

export function spoken(card) {
  if (card === 'W') return t('wild');
  if (card === 'W+4') return t('wild4');
  if (card === 'X') return t('blank');
  const v = valueOf(card);
  return `${t(colorOf(card))} ${VALUES[v] ? t(VALUES[v]) : v}`;
}

export function sortHand(cards) {
  const rank = (c) => ORDER.indexOf(colorOf(c)) * 100 + (/^\d$/.test(valueOf(c)) ? Number(valueOf(c)) : 10 + ['S', 'R', '+2', 'W', 'W+4', 'X'].indexOf(valueOf(c)));
  return [...cards].sort((a, b) => rank(a) - rank(b));
}

// A card as an element: a button where it can be played, else a figure.
export function cardElement(card, { onClick, disabled } = {}) {
  const el = document.createElement(onClick ? 'button' : 'span');
  el.className = `card c-${colorOf(card)}`;
  el.textContent = label(card);
  el.setAttribute('aria-label', spoken(card));
  if (onClick) {
    el.type = 'button';
    el.disabled = !!disabled;
    el.addEventListener('click', onClick);
  } else {
    el.setAttribute('role', 'img');
  }
  return el;
}
