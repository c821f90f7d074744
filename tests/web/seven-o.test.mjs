// The house rule 7-0 at the web table (docs/rules.md "House rules"): a 7
// played there asks whom to swap hands with, on the wheel a Wild's colour
// uses, each player named with their card count; the hands change owners,
// the log says so, and no frame shows the person another seat's cards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, createAndSit, dealing, handOf, leaks, open, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser({ args: ['--allow-decks'] }); });
after(async () => { await env?.stop(); });

// Seat 0 (the youngest, who opens under KPGUT with any card) holds one 7.
const HANDS = [['R7', 'R1', 'G2', 'B3', 'Y4', 'R5', 'B6'], ['G5', 'G6', 'G7', 'G8', 'G9', 'B5', 'B2'],
  ['B7', 'B8', 'B9', 'Y5', 'Y6', 'Y7', 'Y8'], ['Y9', 'R6', 'G3', 'R8', 'R9', 'G1', 'B1']];
const deck = dealing(HANDS);
const sevenO = { rewrite: (m) => (m.op === 'create' ? { ...m, deck, dealer: 3, options: { ...m.options, seven_o: true } } : m) };

test('a 7 asks whom to swap hands with, and the hands change owners', async () => {
  const context = await env.browser.newContext(PHONE);
  const page = await open(context, env.srv.port, sevenO);
  await createAndSit(page, { rules: 'kpgut', age: 20, pace: 400 });
  await page.waitForSelector('.hand button.card:not([disabled])');
  await page.locator('.hand button.card[aria-label="red 7"]').click();
  const wheel = page.locator('dialog.choice[open]');
  assert.equal(await wheel.locator('h3').textContent(), 'Swap hands with');
  const choices = await wheel.locator('button.swap').allTextContents();
  assert.equal(choices.length, 3, `one choice per other player: ${choices}`);
  assert.ok(choices.every((c) => / \(7\)$/.test(c)), `each with their 7 cards: ${choices}`);
  await wheel.locator('button.swap').first().click();
  await page.waitForFunction(() => [...document.querySelectorAll('.log li')].some((l) => l.textContent.includes('swapped hands with')));
  const hand = await handOf(page);
  assert.equal(hand.length, 7, `seat 1's seven cards: ${hand}`);
  assert.ok(hand.includes('green 5') && !hand.includes('red 1'), `seat 1's cards: ${hand}`);
  assert.deepEqual(leaks(page.frames_in, 0), []);
  assert.deepEqual(page.problems, []);
  await context.close();
});
