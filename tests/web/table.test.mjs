// The web table in headless Chromium (Debian's chromium, driven by npm
// playwright-core; nothing is downloaded): a table created and played to its
// end on a phone-sized page, a reload that returns to the same seat, the
// Finnish page, no hidden card in what the page receives or keeps, and an
// accessible name on every control. Screenshots go to UNO_SHOTS (CI output).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../server/harness.mjs';

const SHOTS = process.env.UNO_SHOTS || 'build/test-logs/web';
const WEB = new URL('../../web', import.meta.url).pathname;
let srv, browser;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  srv = await startServer({ args: ['--web', WEB] });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
});
after(async () => { await browser?.close(); await srv?.stop(); });

const PHONE = { viewport: { width: 375, height: 667 }, locale: 'en-US' };

// A page whose every WebSocket frame received is kept.
async function open(context) {
  const page = await context.newPage();
  page.frames_in = [];
  page.problems = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => page.frames_in.push(String(f.payload))));
  page.on('pageerror', (e) => page.problems.push(e.message));
  await page.goto(`http://127.0.0.1:${srv.port}/`);
  return page;
}

async function createAndSit(page, { rules = 'mattel', name = 'Aino', age = 30 } = {}) {
  await page.selectOption('select[name=rules]', rules);
  await page.fill('input[name=pace]', '0');
  await page.click('button[type=submit]:has-text("Create")');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=age]', String(age));
  await page.click('text=Sit down');
  await page.click('text=Start the game');
  await page.waitForSelector('.hand');
}

// One move: a playable card (the first option of a choice), else the first
// action button that moves the game (UNO, a colour, draw, pass, take,
// challenge).
async function step(page) {
  const card = page.locator('.hand button.card:not([disabled])').first();
  if (await card.count()) {
    await card.click();
    const choice = page.locator('dialog.choice[open] button').first();
    if (await choice.count()) await choice.click();
    return true;
  }
  for (const op of ['uno', 'color', 'draw', 'pass', 'take', 'challenge']) {
    const b = page.locator(`.actions .act-${op}`).first();
    if (await b.count()) { await b.click(); return true; }
  }
  return false;
}

async function playToEnd(page, shotEvery = 0) {
  for (let i = 0; i < 2000; i++) {
    if (await page.locator('.over').count()) return i;
    if (shotEvery && i % shotEvery === 0) await page.screenshot({ path: join(SHOTS, `phone-${i}.png`) });
    if (!(await step(page))) await page.waitForTimeout(30);
  }
  throw new Error('the game did not end');
}

// What a seat's page received may never carry another seat's cards.
function leaks(frames, seat) {
  const found = [];
  for (const text of frames) {
    const m = JSON.parse(text);
    if (text.includes('"hash"')) found.push('a state hash');
    (m.view?.hands || []).forEach((h, s) => { if (h && s !== seat) found.push(`seat ${s}'s hand`); });
    for (const e of m.events || []) {
      if (e.cards && e.type === 'draw' && e.seat !== seat) found.push(`seat ${e.seat}'s draw`);
      if (e.cards && e.type === 'reveal' && e.target !== undefined && e.target !== seat && e.seat !== seat) found.push('a hand shown to another');
    }
  }
  return found;
}

test('a whole game on a phone-sized page, to its end, with nothing hidden received', async () => {
  const context = await browser.newContext(PHONE);
  const page = await open(context);
  await page.screenshot({ path: join(SHOTS, 'lobby-phone.png') });
  await createAndSit(page);
  await page.screenshot({ path: join(SHOTS, 'table-phone.png') });
  const moves = await playToEnd(page, 25);
  await page.screenshot({ path: join(SHOTS, 'over-phone.png'), fullPage: true });
  assert.ok(moves > 0);
  assert.deepEqual(leaks(page.frames_in, 0), []);
  const storage = await page.evaluate(() => JSON.stringify(localStorage));
  assert.doesNotMatch(storage, /"[RGBY](\d|S|R|\+2)"|"W\+4"/, 'no card kept in storage');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a reload in the middle of a game comes back to the same seat and hand', async () => {
  const context = await browser.newContext(PHONE);
  const page = await open(context);
  await createAndSit(page, { rules: 'kpgut' });
  for (let i = 0; i < 5; i++) await step(page);
  await page.waitForTimeout(200);
  const hand = await page.locator('.hand .card').allTextContents();
  await page.reload();
  await page.waitForSelector('.hand .card');
  await page.waitForTimeout(200);
  assert.deepEqual(await page.locator('.hand .card').allTextContents(), hand);
  await page.screenshot({ path: join(SHOTS, 'reload-phone.png') });
  await context.close();
});

test('the Finnish page', async () => {
  const context = await browser.newContext({ ...PHONE, locale: 'fi-FI' });
  const page = await open(context);
  await page.waitForSelector('text=Uusi pöytä');
  assert.equal(await page.getAttribute('html', 'lang'), 'fi');
  await page.screenshot({ path: join(SHOTS, 'lobby-fi.png') });
  await page.selectOption('#lang', 'en');
  await page.waitForSelector('text=New table');
  await context.close();
});

test('every control has an accessible name', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(context);
  const check = async (where) => {
    const unnamed = await page.evaluate(() => [...document.querySelectorAll('button, input, select, a')]
      .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim() || el.labels?.[0]?.textContent.trim()))
      .map((el) => el.outerHTML.slice(0, 80)));
    assert.deepEqual(unnamed, [], where);
  };
  await check('lobby');
  await createAndSit(page);
  await check('table');
  await page.screenshot({ path: join(SHOTS, 'table-desktop.png') });
  await context.close();
});
