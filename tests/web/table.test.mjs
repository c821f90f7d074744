// The web table in headless Chromium (Debian's chromium, driven by npm
// playwright-core; nothing is downloaded): a table created and played to its
// end on a phone-sized page, a reload that returns to the same seat, the
// Finnish page, no hidden card in what the page receives or keeps, and an
// accessible name on every control. Screenshots go to UNO_SHOTS (CI output).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, createAndSit, handOf, leaks, open as openPage, overflowAt, shot, startBrowser, step, storageHasNoCard, unnamedControls } from './browser.mjs';

let env, browser;
before(async () => { env = await startBrowser(); browser = env.browser; });
after(async () => { await env?.stop(); });

const open = (context) => openPage(context, env.srv.port);

async function playToEnd(page, shotEvery = 0) {
  for (let i = 0; i < 2000; i++) {
    if (await page.locator('.over').count()) return i;
    if (shotEvery && i % shotEvery === 0) await shot(page, `phone-${i}`);
    if (!(await step(page))) await page.waitForTimeout(30);
  }
  throw new Error('the game did not end');
}

test('a whole game on a phone-sized page, to its end, with nothing hidden received', async () => {
  const context = await browser.newContext(PHONE);
  const page = await open(context);
  await shot(page, 'lobby-phone');
  await createAndSit(page);
  await shot(page, 'table-phone');
  const moves = await playToEnd(page, 25);
  await shot(page, 'over-phone', true);
  assert.ok(moves > 0);
  assert.deepEqual(leaks(page.frames_in, 0), []);
  assert.ok(await storageHasNoCard(page), 'no card kept in storage');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a reload in the middle of a game comes back to the same seat and hand', async () => {
  const context = await browser.newContext(PHONE);
  const page = await open(context);
  await createAndSit(page, { rules: 'kpgut' });
  for (let i = 0; i < 5; i++) await step(page);
  // the bots (no pace) play up to this seat's turn; then its hand stays as it is
  const myTurn = '.hand button.card:not([disabled]), .actions button';
  await page.waitForSelector(myTurn);
  const hand = await handOf(page);
  await page.reload();
  await page.waitForSelector(myTurn);
  assert.deepEqual(await handOf(page), hand);
  await shot(page, 'reload-phone');
  await context.close();
});

test('a seat\'s own link takes the seat to another device, and the first device is told', async () => {
  const first = await browser.newContext(PHONE);
  const a = await open(first);
  await createAndSit(a);
  // the bots (no pace) play up to this seat's turn; then its hand stays as it is
  await a.waitForSelector('.hand button.card:not([disabled]), .actions button');
  const hand = await handOf(a);
  await a.click('details.seat-link summary');
  const link = await a.textContent('details.seat-link code');
  await a.locator('details.seat-link').scrollIntoViewIfNeeded();
  await shot(a, 'seat-link-open');
  const m = link.match(/#\/t\/([A-Z0-9]{6})\/s\/[0-9a-f]{32}$/);
  assert.ok(m, `a seat link: ${link}`);
  // the first device connects again once its connection is closed, and is
  // answered with the table (not the seat it asks for no more)
  let tableAgain;
  const reconnected = a.waitForEvent('websocket', {
    timeout: 15000,
    predicate: (ws) => {
      tableAgain = ws.waitForEvent('framereceived', { timeout: 15000, predicate: (f) => String(f.payload).includes('"seats"') });
      return true;
    },
  });
  const second = await browser.newContext(PHONE);
  const b = await openPage(second, env.srv.port, { hash: m[0] });
  await b.waitForSelector('.hand .card');
  assert.deepEqual(await handOf(b), hand);
  assert.equal(await b.evaluate(() => location.hash), `#/t/${m[1]}`, 'the token leaves the address bar');
  await a.waitForSelector('text=Your seat was taken up on another device.');
  assert.equal(await a.locator('.hand .card').count(), 0, 'the first device no longer shows the hand');
  // the first device reconnects (its connection was closed) and does not take the seat back
  await reconnected;
  await tableAgain;
  assert.equal(await a.locator('.hand .card').count(), 0);
  assert.deepEqual(await handOf(b), hand, 'the seat stays on the second device');
  // the folded link stays open across the updates the page gets
  await b.click('details.seat-link summary');
  const logged = await b.locator('section.log li').count();
  assert.ok(await step(b), 'a move, and the updates it brings');
  await b.waitForFunction((n) => document.querySelectorAll('section.log li').length > n, logged);
  assert.equal(await b.locator('details.seat-link[open]').count(), 1);
  await shot(b, 'seat-link-phone');
  assert.deepEqual([...a.problems, ...b.problems], []);
  await first.close();
  await second.close();
});

test('the Finnish page', async () => {
  const context = await browser.newContext({ ...PHONE, locale: 'fi-FI' });
  const page = await open(context);
  await page.waitForSelector('text=Uusi pöytä');
  assert.equal(await page.getAttribute('html', 'lang'), 'fi');
  await page.waitForSelector('details.options');
  await page.click('details.options summary');
  assert.match(await page.textContent('#opt-play_sets-help'), /useita samanarvoisia kortteja/, "an option's meaning in Finnish");
  await shot(page, 'lobby-fi');
  await page.selectOption('#lang', 'en');
  await page.waitForSelector('text=New table');
  assert.match(await page.textContent('#opt-play_sets-help'), /several cards of one value/);
  await context.close();
});

test('every control has an accessible name', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(context);
  const check = async (where) => assert.deepEqual(await unnamedControls(page), [], where);
  await page.waitForSelector('details.options');
  await page.click('details.options summary');
  await check('lobby, with every option shown');
  await createAndSit(page);
  await check('table');
  await shot(page, 'table-desktop');
  await context.close();
});

test('a KPGUT session: the score table between games and during the next', async () => {
  const context = await browser.newContext(PHONE);
  const page = await open(context);
  page.on('dialog', (d) => d.accept()); // "Give up this game?"
  await page.selectOption('select[name=rules]', 'kpgut');
  await page.check('input[name=match]');
  await page.fill('input[name=match_size]', '2');
  for (let i = 1; i < 4; i++) await page.selectOption(`select[data-seat="${i}"]`, 'easy');
  await page.fill('input[name=pace]', '0');
  await page.click('button[type=submit]:has-text("Create")');
  await page.fill('input[name=name]', 'Aino');
  await page.fill('input[name=age]', '20');
  await page.click('text=Sit down');
  await page.click('text=Start the game');
  await page.click('.actions .act-giveup'); // the bots play on to the last of them
  await page.waitForSelector('.over');
  const table = page.locator('.scores table');
  await table.waitFor();
  assert.match(await page.locator('.scores h2').textContent(), /Session · game 1 of 2/);
  // a column head for each player; the corner is a plain cell (an empty head is no header: axe)
  assert.deepEqual(await table.locator('thead th').allTextContents(), ['Aino', 'easy bot 2', 'easy bot 3', 'easy bot 4']);
  assert.equal(await table.locator('thead tr > :first-child').evaluate((cell) => cell.tagName), 'TD');
  assert.deepEqual(await table.locator('tbody th').allTextContents(), ['Game 1', 'Total', 'Games played', 'Average']);
  await shot(page, 'session-between-games', true);
  assert.deepEqual(await overflowAt(page), [], 'the score table scrolls inside the page at 360 and 390 px');
  await page.click('text=Next game');
  await page.waitForSelector('.hand .card');
  assert.match(await page.locator('.scores h2').textContent(), /game 2 of 2/, 'the table stays in the second game');
  assert.deepEqual(page.problems, []);
  await context.close();
});
