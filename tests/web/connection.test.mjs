// A connection that tells the truth (docs/web.md "The connection"): the
// browser set offline in the middle of a game shows "reconnecting…" within
// a few seconds, a move made meanwhile is refused in words (never lost
// without a word), and the page comes back to the same seat when the
// network does; a reload then returns to the same seat and hand. In Finnish, so that the
// connection's words are checked in Finnish too. The page is opened
// without Playwright's WebSocket routing, so that going offline reaches its
// real connection.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, createAndSit, handOf, shot, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.stop(); });

const lit = '.hand button.card:not([disabled])';
const myTurn = '.opponent.turn:has-text("(sinä)")';

// Plays the first lit card (a Wild: its first colour), else draws.
async function play(page) {
  if (!(await page.locator(lit).count())) return page.click('.actions .act-draw');
  await page.locator(lit).first().click();
  const choice = page.locator('dialog.choice[open] button').first();
  if (await choice.count()) await choice.click();
}


test('offline in the middle of a game: reconnecting within seconds, a move meanwhile refused in words, the same seat after', async () => {
  const context = await env.browser.newContext({ ...PHONE, locale: 'fi-FI' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`http://127.0.0.1:${env.srv.port}/`);
  await createAndSit(page);
  // the bots (no pace) have played up to this seat's turn: a card to play, or a draw
  await page.waitForSelector(`${lit}, .actions .act-draw`);

  await context.setOffline(true);
  const cut = Date.now();
  await play(page); // into a connection that may no longer carry it
  await page.waitForSelector('#status:has-text("Yhdistetään uudelleen…")', { timeout: 15000 });
  const noticed = Date.now() - cut;
  console.log(`# offline noticed after ${noticed} ms`);
  assert.ok(noticed < 9000, `noticed within the heartbeat (${noticed} ms)`);
  const error = page.locator('.error');
  await error.waitFor();
  assert.match(await error.textContent(), /Yhteys katkesi ennen palvelimen vastausta: pöytä näyttää nyt palvelimen tilanteen/);
  await page.click('.error button');
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

  // a reload in the middle of the game (in this seat's turn, so that the
  // bots wait) comes back to the same seat and hand
  await page.waitForSelector(myTurn);
  const before = await handOf(page);
  await page.reload();
  await page.waitForSelector(myTurn);
  assert.deepEqual(await handOf(page), before);
  await shot(page, 'reloaded-fi');
  assert.deepEqual(problems, []);
  await context.close();
});
