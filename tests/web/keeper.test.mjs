// The scorekeeper's page (web/keeper.js, docs/scorekeeper.md) in headless
// Chromium on a 375x667 phone: a whole session of three games kept with
// taps, as a group playing with real cards would — finishes, an undo, a
// join (§13), two warnings and an ejection (§15), the hour with the cards
// of those still in counted (§6), a give-up (§9) — watched live from a
// second phone, in English and Finnish, the CSV downloaded. The server runs
// with --test-clock; the test moves its clock on (keeper_clock) instead of
// waiting an hour. Screenshots go to UNO_SHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, Client } from '../server/harness.mjs';

const SHOTS = process.env.UNO_SHOTS || 'build/test-logs/web';
const WEB = new URL('../../web', import.meta.url).pathname;
const PHONE = { viewport: { width: 375, height: 667 }, locale: 'en-US', acceptDownloads: true };
let srv, browser, clock;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  srv = await startServer({ args: ['--web', WEB, '--test-clock'] });
  clock = await Client.connect(srv.url);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
});
after(async () => { await browser?.close(); await clock?.close(); await srv?.stop(); });

const minutes = (m) => clock.request({ op: 'keeper_clock', advance: m * 60000 });

async function phone() {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(e.message));
  await page.goto(`http://127.0.0.1:${srv.port}/`);
  return page;
}

// The session table's row of a player: its cells' texts.
const row = (page, name) => page.locator('.k-session tbody tr', { hasText: name }).locator('td').allTextContents();
const tap = (page, what, name) => page.click(`button[aria-label="${what}: ${name}"]`);

test('a session of three games kept on a phone, watched on another', async () => {
  const page = await phone();
  const people = [['Aino', 71], ['Bo', 9], ['Cai', 40]];
  for (const [i, [name, age]] of people.entries()) {
    await page.fill(`input[name=kname${i}]`, name);
    await page.fill(`input[name=kage${i}]`, String(age));
  }
  await page.screenshot({ path: join(SHOTS, 'keeper-lobby-phone.png'), fullPage: true });
  await page.click('text=Create the scorekeeper');
  await page.waitForSelector('.k-start');
  const code = page.url().match(/#\/k\/([A-Z0-9]{6})$/)[1];
  assert.match(await page.textContent('.k-roles'), /Aino deals, keeps the time, warns and breaks ties; Bo opens and warns Aino/);

  const watcher = await phone();
  await watcher.goto(`http://127.0.0.1:${srv.port}/#/k/${code}`);
  await watcher.waitForSelector('.k-session');
  assert.match(await watcher.textContent('.keeper'), /only the host and the time-keeper/);
  assert.equal(await watcher.locator('.k-start, .k-finish, .k-undo').count(), 0, 'a watcher has no buttons that change the table');

  // Game 1: Bo out at 7 min; a mistaken tap for Cai, undone; Cai out at 12; Aino last.
  await page.click('.k-start');
  await page.waitForSelector('.k-finish');
  await minutes(7);
  await tap(page, 'Finished', 'Bo');
  await page.waitForSelector('.k-seat.k-finished:has-text("Bo")');
  await tap(page, 'Finished', 'Cai');
  await page.waitForSelector('.k-seat.k-finished:has-text("Cai")');
  await page.click('.k-undo');
  await page.waitForSelector('.k-seat.k-playing:has-text("Cai")');
  await minutes(5);
  await tap(page, 'Finished', 'Cai');
  await page.waitForSelector('.k-over');
  await watcher.waitForSelector('.k-over');
  assert.deepEqual(await row(watcher, 'Aino'), ['2', 'Aino', '12', '1', '12.00'], 'the watcher sees the score live (Bo first with 7)');
  await page.screenshot({ path: join(SHOTS, 'keeper-game1-phone.png'), fullPage: true });

  // Game 2: Dan joins (§13); Cai is warned twice and ejected (§15); the hour.
  await page.click('.k-next');
  await page.click('.k-start');
  await page.waitForSelector('.k-join');
  await page.fill('input[name=jname]', 'Dan');
  await page.fill('input[name=jage]', '30');
  await page.click('.k-join button[type=submit]');
  await page.waitForSelector('.k-seat:has-text("Dan")');
  await tap(page, 'Warn', 'Cai');
  await page.waitForSelector('.k-seat:has-text("1 warning")');
  await tap(page, 'Warn', 'Cai');
  await page.waitForSelector('.k-seat.k-ejected:has-text("Cai")');
  await minutes(61);
  // the server tells every page when the hour passes: no reload, no tap
  for (const p of [page, watcher]) await p.waitForSelector('.k-alert');
  await page.waitForSelector('.k-counts');
  assert.equal(await page.locator('.k-join').count(), 0, 'no one joins once the hour is up');
  await page.fill('input[name=c0]', '3');
  await page.fill('input[name=c1]', '5');
  await page.fill('input[name=c3]', '3');
  await page.fill('input[name=n3_0]', '1'); // Dan holds a 0: a number card more than Aino
  await page.screenshot({ path: join(SHOTS, 'keeper-hour-phone.png'), fullPage: true });
  await page.click('.k-counts button[type=submit]');
  await page.waitForSelector('.k-over');
  assert.match(await page.textContent('.k-seat:has-text("Aino")'), /1\. 65 points/);
  assert.match(await page.textContent('.k-seat:has-text("Dan")'), /2\. 70 points/);
  assert.match(await page.textContent('.k-seat:has-text("Bo")'), /3\. 75 points/);

  // Game 3, without Cai: Bo gives up at 3 min, Dan out at 4, Aino last.
  await page.click('.k-next');
  await page.waitForSelector('.k-start');
  assert.equal(await page.locator('.k-seat:has-text("Cai")').count(), 0, 'the ejected play no further game');
  await page.click('.k-start');
  await page.waitForSelector('.k-finish');
  await minutes(3);
  await tap(page, 'Gives up', 'Bo');
  await page.waitForSelector('.k-seat.k-gave_up:has-text("Bo")');
  await minutes(1);
  await tap(page, 'Finished', 'Dan');
  await page.waitForSelector('.k-over');
  assert.deepEqual(await row(page, 'Aino'), ['1', 'Aino', '12', '65', '4', '3', '27.00']);
  assert.deepEqual(await row(page, 'Dan'), ['2', 'Dan', '–', '70', '4', '2', '37.00']);
  assert.deepEqual(await row(page, 'Bo'), ['3', 'Bo', '7', '75', '60', '3', '47.33'], 'a give-up: the greater of 4 + 30 and 60');
  // ejected in game 2, which has no score for him: his average is over the one game scored, and says so
  assert.deepEqual(await row(page, 'Cai'), ['–', 'Cai (out of the session)', '12', '–', '–', '2, 1 scored', '12.00']);
  assert.match(await page.textContent('.k-verdict'), /Winner: Aino · Loser: Bo/);
  await watcher.waitForSelector('.k-verdict');
  await page.screenshot({ path: join(SHOTS, 'keeper-session-phone.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Download CSV')]);
  const csv = readFileSync(await download.path(), 'utf8');
  assert.match(csv, /^player,age,game 1,game 2,game 3,total,games,average,rank,disqualified\r\n"Aino",71,12,65,4,81,3,27\.00,1,no\r\n/);

  await watcher.selectOption('#lang', 'fi');
  await watcher.waitForSelector('text=Voittaja: Aino');
  await watcher.screenshot({ path: join(SHOTS, 'keeper-session-fi.png'), fullPage: true });
  const unnamed = await page.evaluate(() => [...document.querySelectorAll('button, input, select')]
    .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim() || el.labels?.[0]?.textContent.trim()))
    .map((el) => el.outerHTML));
  assert.deepEqual(unnamed, [], 'every control has an accessible name');
  assert.deepEqual([...page.problems, ...watcher.problems], []);
});

test('a player sits a game out and comes back (the ops sitout and join with player)', async () => {
  const page = await phone();
  for (const [i, [name, age]] of [['Eli', 50], ['Fia', 12], ['Gus', 33]].entries()) {
    await page.fill(`input[name=kname${i}]`, name);
    await page.fill(`input[name=kage${i}]`, String(age));
  }
  await page.click('text=Create the scorekeeper');
  await tap(page, 'Sits this game out', 'Gus');
  await page.waitForSelector('.k-away:has-text("Gus")');
  assert.equal(await page.locator('.k-seat:has-text("Gus")').count(), 0, 'Gus is not at the table');
  await tap(page, 'Back in', 'Gus');
  await page.waitForSelector('.k-seat:has-text("Gus")');
  assert.equal(await page.locator('.k-away').count(), 0);
  await tap(page, 'Sits this game out', 'Gus');
  await page.waitForSelector('.k-away:has-text("Gus")');
  await page.screenshot({ path: join(SHOTS, 'keeper-sitout-phone.png'), fullPage: true });

  await page.click('.k-start');
  await page.waitForSelector('.k-finish');
  assert.equal(await page.locator('.k-sitout').count(), 0, 'no one sits out once the clock runs');
  await minutes(9);
  await tap(page, 'Finished', 'Fia');
  await page.waitForSelector('.k-over');
  assert.deepEqual(await row(page, 'Gus'), ['–', 'Gus', '–', '0', '–'], 'no score for a game sat out, and no game played');
  assert.deepEqual((await row(page, 'Eli')).slice(1), ['Eli', '9', '1', '9.00'], 'the last one left scores the minutes the game ended at');

  await page.click('.k-next');
  await page.waitForSelector('.k-start');
  await page.waitForSelector('.k-away:has-text("Gus")'); // the next game seats those of the last
  await tap(page, 'Back in', 'Gus');
  await page.waitForSelector('.k-seat:has-text("Gus")');
  assert.deepEqual(page.problems, []);
});

test('a tie for the session win names every tied player, and a tie for last every last', async () => {
  const page = await phone();
  await page.click('.keeper-new button[aria-label$="+1"]'); // a fourth player
  const people = [['Hil', 40], ['Ivo', 41], ['Jon', 42], ['Kai', 43]];
  for (const [i, [name, age]] of people.entries()) {
    await page.fill(`input[name=kname${i}]`, name);
    await page.fill(`input[name=kage${i}]`, String(age));
  }
  await page.click('text=Create the scorekeeper');
  await page.click('.k-start');
  await page.waitForSelector('.k-finish');
  await minutes(5);
  await tap(page, 'Finished', 'Hil');
  await page.waitForSelector('.k-seat.k-finished:has-text("Hil")');
  await tap(page, 'Finished', 'Ivo');
  await page.waitForSelector('.k-seat.k-finished:has-text("Ivo")');
  await minutes(3);
  await tap(page, 'Finished', 'Jon'); // Kai is left: the game ends at 8 minutes
  await page.waitForSelector('.k-over');
  assert.match(await page.textContent('.k-verdict'), /^Winner: Hil, Ivo · Loser: Jon, Kai$/);
  assert.equal(await page.locator('.k-session tr.k-win').count(), 2);
  assert.equal(await page.locator('.k-session tr.k-lose').count(), 2);
  await page.selectOption('#lang', 'fi');
  assert.match(await page.textContent('.k-verdict'), /^Voittaja: Hil, Ivo · Häviäjä: Jon, Kai$/);
  assert.deepEqual(page.problems, []);
});
