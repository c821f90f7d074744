// The table's motion: a played card flies from its player to the pile,
// drawn cards fly from the stock to the hand or to the drawing seat, the
// arrows of the direction of play turn over on a Reverse.
// Before a render the page notes where things are (where()); after it,
// fly() moves what is new from where it came from. Off where the person
// asks for reduced motion.
const reduced = matchMedia('(prefers-reduced-motion: reduce)');

const centreOf = (el) => { const r = el.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; };

// Where the seats, the stock and the hand's cards are now.
export function where(root) {
  const at = { seats: new Map(), hand: new Map() };
  for (const seat of root.querySelectorAll('.felt [data-seat]')) at.seats.set(Number(seat.dataset.seat), centreOf(seat));
  const stock = root.querySelector('.felt .stock');
  if (stock) at.stock = centreOf(stock);
  for (const card of root.querySelectorAll('.hand .card')) if (!at.hand.has(card.dataset.card)) at.hand.set(card.dataset.card, centreOf(card));
  return at;
}

// Cards in flight: a flight measured on one layout lands at once when the
// window changes size (from where it began, it could fly off the page).
const flying = new Set();
addEventListener('resize', () => { for (const flight of flying) flight.finish(); });

function flyFrom(el, from, ms = 380) {
  if (!el || !from) return;
  const to = centreOf(el);
  const dx = from.x - to.x, dy = from.y - to.y;
  if (Math.abs(dx) + Math.abs(dy) < 4) return;
  const flight = el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.7)` }, { transform: 'none' }],
    { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' });
  flying.add(flight);
  flight.finished.then(() => flying.delete(flight), () => flying.delete(flight));
}

// Moves this update's cards: `events` the update's, `me` the viewer's seat.
export function fly(root, before, events, me) {
  if (reduced.matches || !before) return;
  for (const e of events) {
    if (e.type === 'play') {
      const pile = root.querySelector('.felt .pile .card');
      flyFrom(pile, e.seat === me ? before.hand.get(e.cards?.at(-1)) ?? before.seats.get(e.seat) : before.seats.get(e.seat));
    } else if (e.type === 'direction') { // the arrows round the table turn over
      const arrows = root.querySelector('.felt .direction');
      const now = arrows?.classList.contains('ccw') ? -1 : 1;
      arrows?.animate([{ transform: `scaleX(${-now})` }, { transform: `scaleX(${now})` }], { duration: 600, easing: 'ease-in-out' });
    } else if (e.type === 'draw' && before.stock) {
      if (e.seat === me) {
        for (const card of new Set(e.cards ?? [])) {
          for (const el of root.querySelectorAll(`.hand .card[data-card="${card}"]`)) flyFrom(el, before.stock, 480);
        }
      } else {
        flyFrom(root.querySelector(`.felt [data-seat="${e.seat}"] .fan`), before.stock, 480);
      }
    }
  }
}
