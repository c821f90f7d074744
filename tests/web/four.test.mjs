// Four people at one table, each in their own browser context: the first
// creates the table on the lobby page, the others open its link and sit,
// and they play a whole game to its end by clicking. The deal is scripted
// (the server runs with --allow-decks; the test adds "deck" and "dealer" to
// the page's create request on its way) so that the game has the moments
// the rule books describe: under Mattel's rules a Wild Draw 4 challenged,
// an UNO said with the next-to-last card and an UNO forgotten and caught; under KPGUT's a side slide
// (§7), a Draw 2 chain, and a catch after the 3-second grace (§1) that the
// page counts down (the server pushes its end: no page asks). A spectator
// watches; a finished game is replayed from the history page. No page receives, shows or keeps a card its viewer may
// not see. Aino plays on a desktop, Bo and Dana on touch phones (390x844),
// Cai on a small phone; at each stage of the Mattel game axe-core finds no
// violation on any page and none is wider than a 360 or 390 px window, and
// the focus stays where Aino left it while the others move. Screenshots of
// each step go to UNO_SHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, TOUCH_PHONE, leaks, open, playOn, shot, stageProblems, startBrowser, storageHasNoCard, unnamedControls } from './browser.mjs';

let env;
before(async () => { env = await startBrowser({ args: ['--allow-decks'] }); });
after(async () => { await env?.stop(); });

const PEOPLE = [['Aino', 20], ['Bo', 30], ['Cai', 40], ['Dana', 50]];
const DEVICES = [DESKTOP, TOUCH_PHONE, PHONE, TOUCH_PHONE];

// The first page creates a table of four people (with the rule set's
// hand_size set to 3 in its options list; a match where asked), the others
// join by its link.
async function fourAtTable(rules, script, { match = false } = {}) {
  const contexts = await Promise.all(DEVICES.map((device) => env.browser.newContext(device)));
  const rewrite = (m) => (m.op === 'create' ? { ...m, ...script } : m);
  const host = await open(contexts[0], env.srv.port, { rewrite });
  await host.selectOption('select[name=rules]', rules);
  await host.click('details.options summary');
  await host.fill('#opt-hand_size', '3');
  if (match) await host.check('input[name=match]');
  for (let i = 1; i < 4; i++) await host.selectOption(`select[data-seat="${i}"]`, 'human');
  await host.fill('input[name=pace]', '0');
  await shot(host, `four-${rules}-create`);
  await host.click('button[type=submit]:has-text("Create")');
  await host.waitForSelector('text=Sit down');
  const code = host.url().match(/#\/t\/(\w{6})/)[1];
  const pages = [host];
  for (let i = 1; i < 4; i++) pages.push(await open(contexts[i], env.srv.port, { hash: `#/t/${code}` }));
  for (const [i, page] of pages.entries()) {
    await page.fill('input[name=name]', PEOPLE[i][0]);
    await page.fill('input[name=age]', String(PEOPLE[i][1]));
    await page.click('text=Sit down');
    await page.waitForSelector(`text=${PEOPLE[i][0]}, ${PEOPLE[i][1]} — you`);
  }
  await shot(host, `four-${rules}-waiting`);
  await host.click('text=Start the game');
  for (const page of pages) await page.waitForSelector('.hand .card');
  return { code, pages, contexts };
}

const card = (page, name) => page.click(`.hand button.card[aria-label="${name}"]:not([disabled])`);
const lastLog = (page) => page.locator('.log li').last();

// Each seat's page: nothing hidden received (since the frame `since` of
// each), no other hand drawn, no card kept, no script error.
async function checkSecrets(pages, since = pages.map(() => 0)) {
  for (const [seat, page] of pages.entries()) {
    assert.deepEqual(leaks(page.frames_in.slice(since[seat]), seat), [], `seat ${seat}'s frames`);
    assert.equal(await page.locator('.cards.small').count(), 0, `seat ${seat}'s page shows no other hand`);
    assert.ok(await storageHasNoCard(page), `seat ${seat}'s storage`);
    assert.deepEqual(page.console.filter((line) => /\b[RGBY](\d|S|R|\+2)\b|W\+4/.test(line)), [], `no card in seat ${seat}'s console`);
    assert.deepEqual(page.problems, []);
  }
}

// Each person who was at a table takes the rematch's invitation (the host
// is there already) and sits in the same seat; the new game is dealt.
async function rematch(pages, first) {
  const [host, ...others] = pages;
  await host.click('button.rematch');
  await host.waitForFunction((code) => !location.hash.includes(code), first);
  for (const page of others) await page.click('.rematch-invite button.rematch-join');
  for (const [i, page] of pages.entries()) {
    await page.waitForSelector(`.seat-list > li:nth-child(${i + 1}):has-text("${PEOPLE[i][0]}, ${PEOPLE[i][1]} — you")`);
  }
  await host.click('text=Start the game');
  for (const page of pages) await page.waitForSelector('.hand .card');
}

test('a Mattel match in four browsers: a Wild Draw 4 challenged, UNO said, UNO forgotten and caught; the second game; watched, replayed, a rematch', async () => {
  // seats 0-3 get W+4 R1 R2 | G2 G3 G6 | R3 R4 Y9 | R5 G5 Y5; B5 turns up;
  // then the stock: the challenger's six, a draw, a catch's two, a draw
  const deck = ['W+4', 'G2', 'R3', 'R5', 'R1', 'G3', 'R4', 'G5', 'R2', 'G6', 'Y9', 'Y5', 'B5',
    'G7', 'G8', 'G9', 'Y2', 'Y4', 'Y6', 'Y7', 'Y8', 'B2', 'B3'];
  const { code, pages, contexts } = await fourAtTable('mattel', { deck, dealer: 3 }, { match: true });
  const [a, b, c, d] = pages;
  const watcherContext = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const watcher = await open(watcherContext, env.srv.port, { hash: `#/w/${code}` });
  await watcher.waitForSelector('.opponents');
  await shot(a, 'four-mattel-start');
  const problems = [];
  const stage = async (where, ...who) => { for (const page of who) problems.push(...await stageProblems(page, `${where}, ${page.who}`)); };
  pages.forEach((page, i) => { page.who = PEOPLE[i][0]; });
  watcher.who = 'spectator';
  await stage('start', ...pages, watcher);

  await card(a, 'Wild Draw Four');
  await a.click('dialog.choice[open] button.c-R');
  await shot(b, 'four-mattel-challenge');
  await stage('challenge offered', b);
  assert.match(await b.textContent('.actions .act-challenge'), /if the play was legal you draw 6; if not, they draw 4/, 'the risk in words');
  await b.click('.actions .act-challenge');
  await b.waitForSelector('text=Bo challenged Aino');
  // the challenger is shown Aino's hand as it was at the Wild Draw 4, with
  // the verdict, and the log tells it in order; nobody else sees the hand
  const shown = b.locator('section.shown');
  await shown.waitFor();
  assert.deepEqual(await shown.locator('.card').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label'))), ['red 1', 'red 2']);
  assert.match(await shown.textContent(), /Verdict: Aino is not guilty/);
  const told = await b.locator('.log li').allTextContents();
  assert.ok(told.includes('Aino played Wild Draw Four and named red'), "the log says the Wild's colour");
  const from = told.indexOf('Bo challenged Aino');
  assert.deepEqual(told.slice(from, from + 4), ['Bo challenged Aino', "Aino's hand: red 1, red 2", 'Verdict: Aino is not guilty',
    'Bo drew 6 cards: green 7, green 8, green 9, yellow 2, yellow 4, yellow 6']);
  await shot(b, 'four-mattel-challenged-hand', true);
  await stage('challenged hand shown', b);
  for (const other of [a, c, d]) {
    await other.waitForSelector('text=Verdict: Aino is not guilty');
    assert.equal(await other.locator('section.shown').count(), 0, 'the hand is shown to the challenger only');
  }
  for (const other of [c, d]) assert.equal(await other.locator('.log li', { hasText: "Aino's hand" }).textContent(), "Aino's hand was shown");
  assert.equal(await b.locator('.opponent').nth(1).textContent().then((x) => x.includes('9 cards')), true, 'innocent: the challenger draws 6');
  // Aino's focus stays on her control while Cai and Dana play
  await a.focus('.hand-tools [data-key="sort"]');
  await card(c, 'red 3');
  await card(d, 'red 5');
  await a.waitForSelector('.opponent.turn.mine');
  assert.equal(await a.evaluate(() => document.activeElement?.dataset.key), 'sort', "focus kept after others' moves");
  // Mattel: the call said with the next-to-last card, chosen beside the hand
  await a.click('.hand-tools .act-uno-play');
  assert.equal(await a.getAttribute('.hand-tools .act-uno-play', 'aria-pressed'), 'true');
  await card(a, 'red 1');
  // the call and the play are two actions, so two updates: wait for both
  await a.waitForSelector('.log li:text-is("Aino played red 1")');
  const saidThenPlayed = await a.locator('.log li').allTextContents();
  assert.ok(saidThenPlayed.indexOf('Aino: UNO!') < saidThenPlayed.indexOf('Aino played red 1'), 'UNO said, then the play');
  await b.waitForFunction(() => [...document.querySelectorAll('.opponent')].some((li) => /^Aino · 1 card( ·|$)/.test(li.textContent)),
    null, { timeout: 5000 }); // "1 card", not "1 cards"
  await b.click('.actions .act-draw');
  await card(c, 'red 4'); // one card left, no UNO said
  await d.waitForSelector('.opponent .act-catch:has-text("Catch Cai")');
  await shot(d, 'four-mattel-catch');
  await stage('catch offered', d, c);
  await d.click('.opponent .act-catch');
  await d.waitForSelector('text=Dana caught Cai');
  await d.click('.actions .act-draw');
  await card(a, 'red 2');
  for (const page of [...pages, watcher]) await page.waitForSelector('.over');
  await shot(a, 'four-mattel-over', true);
  await shot(watcher, 'four-mattel-spectator', true);
  await stage('game over', ...pages, watcher);
  assert.match(await a.locator('.over').textContent(), /Aino/);
  for (const other of [b, c, d]) assert.equal(await other.locator('.over button.match-next').count(), 0, 'the host\'s alone');

  // the match's second game, dealt by the host, played by everyone to its
  // end; then the host ends the match there
  await a.click('.over button.match-next');
  for (const page of [...pages, watcher]) await page.waitForSelector('.over', { state: 'detached' });
  await shot(d, 'four-mattel-second-game');
  await stage('second game', ...pages, watcher);
  const clicks = await playOn(pages, 'mattel');
  console.log(`# four browsers, the Mattel match's second game: ${clicks} clicks`);
  await stage('second game over', ...pages, watcher);
  assert.match(await a.locator('.scores').textContent(), /Aino/, 'the match\'s scores');
  if (await a.locator('.over button.match-stop').count()) await a.click('.over button.match-stop');
  await a.waitForSelector('button.rematch');
  await stage('match over', ...pages);
  assert.deepEqual(problems, []);
  await checkSecrets(pages);
  assert.deepEqual(leaks(watcher.frames_in, null), [], 'a spectator who sees counts sees no hand');

  // the history page: the first game, step by step, from Aino's seat and
  // then from the whole table (the match is over)
  await a.click('text=History and replays');
  await a.click('.games button:has-text("Game 1")');
  await a.waitForSelector('.replay');
  await a.click('text=Next ›');
  await a.click('text=Next ›');
  await shot(a, 'four-mattel-replay', true);
  assert.match(await a.locator('.replay [role=status]').textContent(), /Step 3 of \d+/);
  await a.selectOption('.history select', 'table');
  await a.waitForSelector('.replay .cards.small');
  assert.equal(await a.locator('.replay .cards.small').count(), 4, 'the whole table: every hand');
  assert.deepEqual(await unnamedControls(a), [], 'every control of the history page has a name');

  // play again with the same seats: each in their own seat at the new table
  // (the whole table's replay showed Aino every hand of the finished match:
  // the frames are checked from here on)
  const since = pages.map((page) => page.frames_in.length);
  await a.evaluate((table) => { location.hash = `#/t/${table}`; }, code);
  await rematch(pages, code);
  await shot(b, 'four-mattel-rematch');
  await stage('rematch', ...pages);
  assert.deepEqual(problems, []);
  await checkSecrets(pages, since);
  for (const x of [...contexts, watcherContext]) await x.close();
});

test('KPGUT, four browsers: a side slide, a Draw 2 chain, a catch after the counted-down grace, to the last player', async () => {
  // seats 0-3 (ages 20-50: the youngest opens, the oldest deals) get
  // R5 B1 Y1 | R+2 G7 G8 | R5 G+2 B4 | G3 Y9 B6; then Dana's four, Cai's two
  const deck = ['R5', 'R+2', 'R5', 'G3', 'B1', 'G7', 'G+2', 'Y9', 'Y1', 'G8', 'B4', 'B6',
    'Y2', 'Y3', 'Y5', 'Y6', 'B7', 'B8'];
  const { pages, contexts } = await fourAtTable('kpgut', { deck });
  const [a, b, c, d] = pages;
  await card(a, 'red 5');
  await c.waitForSelector('.hand button.card[aria-label="red 5"]:not([disabled])'); // out of turn
  await shot(c, 'four-kpgut-slide');
  await card(c, 'red 5');
  await a.waitForSelector('text=Cai slid in red 5');
  await card(b, 'red Draw Two');
  await c.waitForSelector('text=Draws waiting: 2');
  await card(c, 'green Draw Two'); // the chain: Dana draws 4; Cai keeps one card and says nothing
  // the grace lasts three seconds: both pages are looked at together
  const waiting = a.locator('.opponent .act-catch.countdown');
  await Promise.all([c.waitForSelector('.actions .act-uno.countdown'), waiting.waitFor()]);
  const sentBefore = pages.map((page) => page.frames_out.length);
  assert.equal(await waiting.isDisabled(), true, 'no catch within the grace');
  assert.match(await waiting.textContent(), /Catch Cai in \d\.\d s/);
  await Promise.all([shot(c, 'four-kpgut-grace'), shot(a, 'four-kpgut-catch-countdown')]);
  await d.waitForSelector('text=Dana drew 4');
  await a.click('.opponent .act-catch:not(.countdown):not([disabled])', { timeout: 10000 });
  // the catch came with the server's push when the grace ended: no page asked
  const asked = pages.flatMap((page, i) => page.frames_out.slice(sentBefore[i]).map((m) => JSON.parse(m).op))
    .filter((op) => op !== 'pong' && op !== 'catch');
  assert.deepEqual(asked, [], 'nothing sent during the window but the catch');
  await a.waitForSelector('text=Aino caught Cai');
  const clicks = await playOn(pages, 'kpgut');
  console.log(`# four browsers, kpgut: ${clicks} clicks after the scripted moves`);
  await shot(a, 'four-kpgut-over', true);
  assert.equal(await a.locator('.over ol li').count() >= 3, true, 'ranked to the last player');
  const first = await a.locator('.over ol li').first().textContent();
  assert.match(await a.locator('.opponent', { hasText: first }).textContent(), /finished 1st/, 'a finished player shows their place, not 0 cards');
  assert.ok((await a.locator('.log li').allTextContents()).some((line) => /finished (2nd|3rd)$/.test(line)), 'the log says the place');
  await checkSecrets(pages);
  for (const x of contexts) await x.close();
});
