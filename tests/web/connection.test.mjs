// A connection that tells the truth (docs/web.md "The connection"), in a
// KPGUT game in Finnish with three bots: the browser set offline in the
// middle of the game shows "reconnecting…" within a few seconds, a move
// made meanwhile is refused in words (never lost without a word), and the
// page comes back to the same seat when the network does; a reload then
// returns to the same seat and hand, and the game goes on to its end. At
// each stage: axe-core finds no violation, the page is no wider than a 360
// or 390 px window, no English word shows; the focus stays where the
// person left it while the bots move; no card of another seat is in any
// frame the page received, in the DOM or in its storage. The page is
// opened without Playwright's WebSocket routing, so that going offline
// reaches its real connection (its frames are read as they arrive).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, createAndSit, foreign, handOf, leaks, playOn, shot, stageProblems, startBrowser, storageHasNoCard, wordsFrom } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.stop(); });

const lit = '.hand button.card:not([disabled])';
const myTurn = '.opponent.turn:has-text("(sinä)")';

// Plays the first lit card (a choice: its first option), else draws, takes
// a chain's cards or passes, whichever the seat is offered.
async function play(page) {
  if (!(await page.locator(lit).count())) return page.locator('.actions :is(.act-draw, .act-take, .act-pass)').first().click();
  await page.locator(lit).first().click();
  // a card that begins a set or a chain is only picked (tap-to-add): played as it is
  const picked = page.locator('.hand-tools .play-picked:not([disabled])');
  if (await picked.count()) await picked.click();
  const choice = page.locator('dialog.choice[open] button').first();
  if (await choice.count()) await choice.click();
}

// What is wrong on the page at a stage: axe, the width, English words.
async function stageCheck(page, where) {
  const words = (await wordsFrom(page, foreign.fi)).map((w) => `${where}: ${w}`);
  return [...await stageProblems(page, where), ...words];
}

test('KPGUT in Finnish with bots: offline mid-game (reconnecting within seconds, a move meanwhile refused in words, the same seat after), a reload, and the game goes on to its end', async () => {
  const context = await env.browser.newContext({ ...PHONE, locale: 'fi-FI' });
  const page = await context.newPage();
  const problems = [], found = [], frames = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto(`http://127.0.0.1:${env.srv.port}/`);
  await createAndSit(page, { rules: 'kpgut', pace: 150 });
  const seat = frames.map((f) => JSON.parse(f)).find((m) => m.token && m.seat !== undefined).seat;
  // the bots have played up to this seat's turn: a card to play, or a draw
  await page.waitForSelector(`${lit}, .actions :is(.act-draw, .act-take, .act-pass)`);
  found.push(...await stageCheck(page, 'the table'));

  // the focus stays on the control the person was on while the bots move
  await play(page);
  await page.focus('.hand-tools [data-key="sort"]');
  await page.waitForSelector(myTurn);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.key), 'sort', "focus kept after the bots' moves");

  await context.setOffline(true);
  const cut = Date.now(), sentAt = frames.length;
  await play(page); // into a connection that may no longer carry it
  await page.waitForSelector('#status:has-text("Yhdistetään uudelleen…")', { timeout: 15000 });
  const noticed = Date.now() - cut;
  console.log(`# offline noticed after ${noticed} ms`);
  assert.ok(noticed < 9000, `noticed within the heartbeat (${noticed} ms)`);
  // never lost silently: answered (it left before the cut), or said to be unanswered
  const answered = frames.slice(sentAt).some((f) => { const m = JSON.parse(f); return m.ok === true && m.events; });
  const error = page.locator('.error');
  if (!answered) {
    await error.waitFor();
    assert.match(await error.textContent(), /Yhteys katkesi ennen palvelimen vastausta: pöytä näyttää nyt palvelimen tilanteen/);
  }
  found.push(...await stageCheck(page, 'offline'));
  if (!answered) await page.click('.error button');
  await play(page); // while reconnecting: refused at once
  assert.match(await error.textContent(), /Ei lähetetty: yhteys on poikki/);
  await shot(page, 'offline-fi');

  await context.setOffline(false);
  await page.waitForSelector('#status:has-text("Yhdistetty")', { timeout: 20000 });
  // the same seat again, its hand as the server has it now (the move made
  // before the page noticed may have arrived or not: the page said so)
  await page.waitForSelector(myTurn);
  assert.match(await page.locator('.opponent', { hasText: '(sinä)' }).textContent(), /Aino/);
  const count = (await handOf(page)).length;
  await play(page); // and a move goes through again
  await page.waitForFunction((n) => document.querySelectorAll('.hand .card').length !== n, count);
  found.push(...await stageCheck(page, 'back online'));

  // a reload in the middle of the game (in this seat's turn, so that the
  // bots wait) comes back to the same seat and hand
  await page.waitForSelector(myTurn);
  const before = await handOf(page);
  await page.reload();
  await page.waitForSelector(myTurn);
  assert.deepEqual(await handOf(page), before);
  await shot(page, 'reloaded-fi');
  found.push(...await stageCheck(page, 'reloaded'));

  // and the game goes on, to its end
  await playOn([page], 'kpgut');
  await page.waitForSelector('.over');
  found.push(...await stageCheck(page, 'game over'));
  assert.deepEqual(found, []);
  assert.deepEqual(leaks(frames, seat), [], 'no other seat\'s card in any frame');
  assert.equal(await page.locator('.cards.small').count(), 0, 'no other hand in the DOM');
  assert.ok(await storageHasNoCard(page), 'no card in storage');
  assert.deepEqual(problems, []);
  await context.close();
});
