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

// An element whose text is redrawn as the clock runs: text(msLeft) until
// `until` (a game-clock time), then done() once (it may re-render).
export function countdown(el, until, text, done) {
  el.classList.add('countdown');
  el.countdown = { until, text, done };
  el.textContent = text(until - gameNow());
  return el;
}

// Redraws every countdown on the page, five times a second.
export function startTicking(root) {
  setInterval(() => {
    for (const el of root.querySelectorAll('.countdown')) {
      const { until, text, done } = el.countdown;
      const left = until - gameNow();
      el.textContent = text(left);
      if (left <= 0 && done) {
        el.countdown.done = null;
        done();
      }
    }
  }, 200);
}
