// The house rule jump-in at the web table (docs/rules.md "Options:
// jump-in"): a card identical to the top stays playable out of turn, a tap
// plays it while a bot is in turn, and play goes on from the person; no
// frame shows them another seat's cards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, createAndSit, dealing, leaks, open, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser({ args: ['--allow-decks'] }); });
after(async () => { await env?.stop(); });

// Seat 0 (the person, first to play: the dealer is seat 3) holds both blue 4s.
const HANDS = [['B4', 'B4', 'G2', 'R3', 'Y4', 'R5', 'G6'], ['G5', 'G6', 'G7', 'G8', 'G9', 'R1', 'R2'],
  ['Y5', 'Y6', 'Y7', 'Y8', 'Y9', 'R6', 'R7'], ['Y1', 'Y2', 'Y3', 'R8', 'R9', 'G1', 'G3']];
const deck = [...dealing(HANDS), 'B1'];
const jumpIn = { rewrite: (m) => (m.op === 'create' ? { ...m, deck, dealer: 3, options: { ...m.options, jump_in: true } } : m) };
const received = (page) => page.frames_in.map((m) => JSON.parse(m));

test('a card identical to the top is played out of turn, and play goes on from the person', async () => {
  const context = await env.browser.newContext(PHONE);
  const page = await open(context, env.srv.port, jumpIn);
  await createAndSit(page, { rules: 'mattel', age: 30, pace: 4000 });
  const blue4 = '.hand button.card[aria-label="blue 4"]';
  await page.waitForSelector(`${blue4}:not([disabled])`);
  await page.locator(blue4).first().click();
  // seat 1, a bot, is in turn now; the other blue 4 is still playable
  await page.waitForFunction(() => document.querySelectorAll('.hand .card').length === 6);
  await page.waitForSelector(`${blue4}:not([disabled])`);
  await page.locator(blue4).click();
  await page.waitForFunction(() => document.querySelectorAll('.hand .card').length === 5);
  const plays = page.frames_out.map((m) => JSON.parse(m)).filter((m) => m.op === 'play');
  assert.equal(plays.length, 2);
  const events = received(page).flatMap((m) => [...(m.events ?? []), ...(m.steps ?? []).flatMap((s) => s.events)]);
  const played = events.filter((e) => e.type === 'play').map((e) => `${e.seat}:${e.cards.join()}`);
  assert.deepEqual(played.slice(0, 2), ['0:B4', '0:B4'], `the person played both blue 4s, the bot nothing between: ${played}`);
  const turns = events.filter((e) => e.type === 'turn').map((e) => e.seat);
  assert.deepEqual(turns.slice(0, 3), [0, 1, 1], `after the jump-in seat 1 plays again: ${turns}`);
  assert.deepEqual(leaks(page.frames_in, 0), []);
  assert.deepEqual(page.problems, []);
  await context.close();
});
