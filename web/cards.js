// Cards as the table protocol writes them ("R7", "G+2", "BS", "YR", "W",
// "W+4", "X"): their face drawn as inline SVG (the colour, a large central
// value or symbol on the white oval, the corner indices with the colour's
// letter, and a pattern of the colour's own, so that no one depends on
// hue), a name for screen readers, and the orders a hand is shown in.
import { t } from './i18n.js';

const VALUES = { S: 'skip', R: 'reverse', '+2': 'draw2' }; // their words' keys in i18n.js
const COLORS = ['R', 'G', 'B', 'Y'];
const FILL = { R: '#c62828', G: '#2e7d32', B: '#1565c0', Y: '#f9a825', W: '#1b1b1b', X: '#eceff1' };
const ACTIONS = ['S', 'R', '+2', 'W', 'W+4', 'X'];
const SVG = 'http://www.w3.org/2000/svg';

export function colorOf(card) {
  return card === 'X' || card.startsWith('W') ? 'W' : card[0];
}

export function valueOf(card) {
  return card === 'X' || card.startsWith('W') ? card : card.slice(1);
}

// The value as the face shows it: a digit, ⊘, ⇄, +2, a Wild's short word, +4, ☐.
function face(card) {
  const v = valueOf(card);
  return { S: '⊘', R: '⇄', '+2': '+2', W: t('wildFace'), 'W+4': '+4', X: '☐' }[v] ?? v;
}

export function spoken(card) {
  if (card === 'W') return t('wild');
  if (card === 'W+4') return t('wild4');
  if (card === 'X') return t('blank');
  const v = valueOf(card);
  return `${t(colorOf(card))} ${VALUES[v] ? t(VALUES[v]) : v}`;
}

const rankOfValue = (c) => (/^\d$/.test(valueOf(c)) ? Number(valueOf(c)) : 10 + ACTIONS.indexOf(valueOf(c)));
const rankOfColor = (c) => (c === 'X' ? 5 : colorOf(c) === 'W' ? 4 : COLORS.indexOf(colorOf(c)));

// A hand in the order the person chose: by colour (then value) or by value
// (then colour). Wilds and blanks come last either way.
export function sortHand(cards, by = 'color') {
  const rank = by === 'value'
    ? (c) => (rankOfColor(c) >= 4 ? 1000 + rankOfColor(c) * 100 + rankOfValue(c) : rankOfValue(c) * 10 + rankOfColor(c))
    : (c) => rankOfColor(c) * 100 + rankOfValue(c);
  return [...cards].sort((a, b) => rank(a) - rank(b));
}

// ------------------------------------------------------------ drawing

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  return el;
}

// Each colour's own pattern over its ground, for those who do not tell the
// hues apart: red diagonal stripes, green dots, blue horizontal bands,
// yellow diamonds.
function pattern(c) {
  const light = { fill: 'none', stroke: '#fff', 'stroke-opacity': '0.28', 'stroke-width': '3' };
  const dot = { fill: '#fff', 'fill-opacity': '0.3' };
  switch (c) {
    case 'R': return [-60, -30, 0, 30, 60].map((d) => svg('line', { ...light, x1: 3 + d, y1: 87, x2: 57 + d, y2: 3 }));
    case 'G': return [12, 30, 48].flatMap((x) => [12, 30, 48, 66, 80].map((y) => svg('circle', { ...dot, cx: x, cy: y, r: 3 })));
    case 'B': return [12, 24, 66, 78].map((y) => svg('line', { ...light, x1: 3, y1: y, x2: 57, y2: y }));
    case 'Y': return [[12, 12], [48, 12], [30, 45], [12, 78], [48, 78]].map(([x, y]) => svg('path', { ...dot, 'fill-opacity': '0.45', d: `M${x} ${y - 6}l6 6-6 6-6-6z` }));
    default: return [];
  }
}

// The white oval, or a Wild's four colours on it.
function oval(c) {
  const at = { transform: 'rotate(-28 30 45)' };
  if (c !== 'W') return [svg('ellipse', { ...at, cx: 30, cy: 45, rx: 21, ry: 33, fill: '#fff' })];
  const quarter = (x, y, fill, d) => svg('path', { ...at, fill, d: `M30 45L${x} ${y}${d}z` });
  return [quarter(30, 12, FILL.R, 'A21 33 0 0 1 51 45'), quarter(51, 45, FILL.B, 'A21 33 0 0 1 30 78'),
    quarter(30, 78, FILL.Y, 'A21 33 0 0 1 9 45'), quarter(9, 45, FILL.G, 'A21 33 0 0 1 30 12'),
    svg('ellipse', { ...at, cx: 30, cy: 45, rx: 21, ry: 33, fill: 'none', stroke: '#fff', 'stroke-width': 2 })];
}

function text(x, y, size, content, attrs = {}) {
  return svg('text', { x, y, 'font-size': size, 'text-anchor': 'middle', 'font-weight': 'bold', 'font-family': 'system-ui, sans-serif', ...attrs }, content);
}

// The corner index: the value and, under it, the colour's letter.
function corner(card, c, rotate) {
  const ink = c === 'Y' || c === 'X' ? '#1b1b1b' : '#fff';
  const letter = COLORS.includes(c) ? t(`letter_${c}`) : '';
  const size = face(card).length > 2 ? 7 : 11;
  return svg('g', rotate ? { transform: 'rotate(180 30 45)' } : {},
    text(10, 15, size, face(card), { fill: ink }), text(10, 25, 8, letter, { fill: ink }));
}

// A card's face (or its back: card null) as an SVG drawing.
function drawing(card) {
  const pic = svg('svg', { viewBox: '0 0 60 90', xmlns: SVG });
  pic.append(svg('rect', { x: 0.5, y: 0.5, width: 59, height: 89, rx: 6, fill: '#fff', stroke: '#333' }));
  if (card === null) {
    pic.append(svg('rect', { x: 3, y: 3, width: 54, height: 84, rx: 4, fill: '#1b1b1b' }),
      svg('ellipse', { transform: 'rotate(-28 30 45)', cx: 30, cy: 45, rx: 21, ry: 33, fill: FILL.R }),
      text(30, 51, 15, 'UNO', { fill: FILL.Y, transform: 'rotate(-28 30 45)', stroke: '#1b1b1b', 'stroke-width': 0.8 }));
    return pic;
  }
  const c = card === 'X' ? 'X' : colorOf(card);
  const big = face(card);
  const central = card === 'W' ? [] : [text(30, big.length > 2 ? 52 : 56, big.length > 2 ? 14 : big.length > 1 ? 24 : 30, big,
    { fill: c === 'W' || c === 'X' ? '#1b1b1b' : FILL[c], stroke: c === 'X' ? 'none' : '#1b1b1b', 'stroke-width': 0.9 })];
  pic.append(svg('rect', { x: 3, y: 3, width: 54, height: 84, rx: 4, fill: FILL[c] }), ...pattern(c),
    ...(c === 'X' ? [svg('rect', { x: 9, y: 9, width: 42, height: 72, rx: 4, fill: 'none', stroke: '#90a4ae', 'stroke-dasharray': '4 3' })] : oval(c)),
    ...central, corner(card, c, false), corner(card, c, true));
  return pic;
}

// The drawing as an image (a data: address, which the page's security
// headers allow), made once for each card in each language: the page
// holds no text of the face, so the element's name is its only words.
const pictures = new Map();
function picture(card) {
  const key = `${card}|${t('letter_R')}${t('wildFace')}`;
  if (!pictures.has(key)) {
    pictures.set(key, `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(drawing(card)))}`);
  }
  const img = document.createElement('img');
  img.className = 'face';
  img.alt = '';
  img.src = pictures.get(key);
  return img;
}

// A card as an element: a button where it can be played, else a picture,
// named by what it shows ("red 7"; "punainen 7").
export function cardElement(card, { onClick, disabled } = {}) {
  const el = document.createElement(onClick ? 'button' : 'span');
  el.className = `card c-${colorOf(card)}`;
  el.append(picture(card));
  el.setAttribute('aria-label', spoken(card));
  el.dataset.card = card;
  if (onClick) {
    el.type = 'button';
    el.disabled = !!disabled;
    el.addEventListener('click', onClick);
  } else {
    el.setAttribute('role', 'img');
  }
  return el;
}

// A card's back, seen from the table (a stock, a seat's fan).
export function cardBack(cls) {
  const el = document.createElement('span');
  el.className = cls;
  el.append(picture(null));
  return el;
}
