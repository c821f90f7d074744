// The table's clocks on the page. The server is the only clock that counts
// (docs/server.md "Real time"): every update carries its game clock "now";
// the page runs it on from the moment the update arrived, only to draw
// countdowns. Nothing the page shows here decides anything: a button that
// becomes usable when its countdown ends is checked again by the server.

let base = { now: 0, at: 0 };

// The server's game clock as of an update that has just arrived.
export function syncClock(now) {
  if (typeof now === 'number') base = { now, at: performance.now() };
}

// The game clock now, as far as the page can tell.
export function gameNow() {
  return base.now + (performance.now() - base.at);
}

export function seconds(ms) {
  return (Math.max(0, ms) / 1000).toFixed(1);
}

export function minutesSeconds(ms) {
  const s = Math.floor(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// An element whose text is redrawn as the clock runs: text(msLeft), counting
// down to `until` (a game-clock time). When a window ends, the server pushes
// the update that says what it changed (docs/server.md "Real time").
export function countdown(el, until, text) {
  el.classList.add('countdown');
  el.countdown = { until, text };
  el.textContent = text(until - gameNow());
  return el;
}

// Redraws every countdown on the page, five times a second.
export function startTicking(root) {
  setInterval(() => {
    for (const el of root.querySelectorAll('.countdown')) {
      const { until, text } = el.countdown;
      el.textContent = text(until - gameNow());
    }
  }, 200);
}
