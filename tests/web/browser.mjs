// What the browser tests share: a server with the web table, Debian's
// Chromium driven by npm playwright-core (nothing is downloaded), pages
// whose every WebSocket frame received is kept, and the check that none of
// them carries a card its seat may not see. Screenshots go to UNO_SHOTS
// (CI output).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../server/harness.mjs';

export const SHOTS = process.env.UNO_SHOTS || 'build/test-logs/web';
const WEB = new URL('../../web', import.meta.url).pathname;
export const PHONE = { viewport: { width: 375, height: 667 }, locale: 'en-US' };

export async function startBrowser({ args = [] } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  const srv = await startServer({ args: ['--web', WEB, ...args] });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  return { srv, browser, stop: async () => { await browser.close(); await srv.stop(); } };
}

export function shot(page, name, fullPage = false) {
  return page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

// A page of the web table whose every WebSocket frame received is kept in
// page.frames_in (and its script errors in page.problems). `rewrite(msg)`
// may change what the page sends (the tests script a deal this way).
export async function open(context, port, { hash = '', rewrite = null } = {}) {
  const page = await context.newPage();
  page.frames_in = [];
  page.problems = [];
  page.console = [];
  page.on('pageerror', (e) => page.problems.push(e.message));
  page.on('console', (m) => page.console.push(m.text()));
  await page.routeWebSocket(/.*/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(rewrite ? JSON.stringify(rewrite(JSON.parse(m))) : m));
    server.onMessage((m) => { page.frames_in.push(String(m)); ws.send(m); });
  });
  await page.goto(`http://127.0.0.1:${port}/${hash}`);
  return page;
}

// What a seat's page received may never carry another seat's cards (seat
// null: a spectator who sees no hand).
export function leaks(frames, seat) {
  const found = [];
  for (const text of frames) {
    const m = JSON.parse(text);
    if (text.includes('"hash"')) found.push('a state hash');
    const views = [m.view, ...(m.steps || []).map((s) => s.view)].filter(Boolean);
    for (const v of views) (v.hands || []).forEach((h, s) => { if (h && s !== seat) found.push(`seat ${s}'s hand`); });
    for (const e of [...(m.events || []), ...(m.steps || []).flatMap((s) => s.events)]) {
      if (e.cards && e.type === 'draw' && e.seat !== seat) found.push(`seat ${e.seat}'s draw`);
      if (e.cards && e.type === 'reveal' && e.target !== undefined && e.target !== seat && e.seat !== seat) found.push('a hand shown to another');
    }
  }
  return found;
}

// No card at all in what the page keeps.
export async function storageHasNoCard(page) {
  const storage = await page.evaluate(() => JSON.stringify(localStorage));
  return !/"[RGBY](\d|S|R|\+2)"|"W\+4"/.test(storage);
}

// Buttons, fields and links with no name a screen reader could read.
export function unnamedControls(page) {
  return page.evaluate(() => [...document.querySelectorAll('button, input, select, a, summary')]
    .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim() || el.labels?.[0]?.textContent.trim()))
    .map((el) => el.outerHTML.slice(0, 80)));
}
