// Keys in the hand: ← → (and Home, End) move between its playable cards.
// (Focus needs no other care: the page is drawn in regions, regions.js.)
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
