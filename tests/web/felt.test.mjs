// The table as a card table: on a desktop and on a touch phone, in English
// and in Finnish, a Mattel game with bots from the lobby to its end, the
// Wild's colour wheel on the way; at each stage axe-core finds no
// violation and the page is no wider than a 360 or 390 px window. Focus
// stays where the person put it while the others move; reduced motion runs
// no animation; the page's weight and the time from a seat's link to a
// playable table are measured (docs/web.md). Screenshots go to UNO_SHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, TOUCH_PHONE, createAndSit, dealing, open, shot, stageProblems, startBrowser, step } from './browser.mjs';

let env;
before(async () => { env = await startBrowser({ args: ['--allow-decks'] }); });
after(async () => { await env?.stop(); });

// Seat 0 (dealer 3: seat 0 opens) holds a Wild; the others get what follows.
const HANDS = [['W', 'R1', 'G2', 'B3', 'Y4', 'R5', 'G7'], ['G5', 'G6', 'G8', 'G9', 'B5', 'B6', 'B7'],
  ['B8', 'B9', 'Y5', 'Y6', 'Y7', 'Y8', 'Y9'], ['R6', 'R7', 'R8', 'R9', 'G1', 'B1', 'Y1']];
const deck = [...dealing(HANDS), 'R3'];
const scripted = { rewrite: (m) => (m.op === 'create' ? { ...m, deck, dealer: 3 } : m) };

const DEVICES = { desktop: DESKTOP, phone: TOUCH_PHONE };
const WILD = { en: 'Wild', fi: 'Villi' };

for (const [device, options] of Object.entries(DEVICES)) for (const lang of ['en', 'fi']) {
  test(`${device}, ${lang}: lobby, table, the colour wheel and game over pass axe and fit 360 px`, async () => {
    const context = await env.browser.newContext({ ...options, locale: lang === 'fi' ? 'fi-FI' : 'en-US' });
    const page = await open(context, env.srv.port, scripted);
    const problems = [];
    await page.waitForSelector('details.options');
    problems.push(...await stageProblems(page, 'lobby'));
    await createAndSit(page, { pace: 150, name: 'Aino' });
    problems.push(...await stageProblems(page, 'table'));
    await page.click(`.hand button.card[aria-label="${WILD[lang]}"]`);
    await page.waitForSelector('dialog.wheel[open]');
    problems.push(...await stageProblems(page, 'colour wheel'));
    await shot(page, `felt-${device}-${lang}-wheel`);
    await page.click('dialog.wheel[open] button.c-G');
    for (let i = 0; i < 8; i++) if (!(await step(page))) await page.waitForTimeout(100);
    await page.waitForTimeout(400);
    await page.evaluate(() => scrollTo(0, 0)); // the table from the top of the page
    await shot(page, `felt-${device}-${lang}`);
    problems.push(...await stageProblems(page, 'mid-game'));
    for (let i = 0; !(await page.locator('.over').count()); i++) {
      assert.ok(i < 3000, 'the game ends');
      if (!(await step(page))) await page.waitForTimeout(30);
    }
    await page.waitForSelector('.over');
    problems.push(...await stageProblems(page, 'game over'));
    await shot(page, `felt-${device}-${lang}-over`, true);
    assert.deepEqual(problems, []);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

test('focus stays on the control the person was on while the bots move', async () => {
  const context = await env.browser.newContext(DESKTOP);
  const page = await open(context, env.srv.port);
  await createAndSit(page, { pace: 300 });
  const updates = () => page.frames_in.filter((f) => f.includes('"update"')).length;
  for (const key of ['mute', 'sort']) {
    await page.focus(`.hand-tools [data-key="${key}"]`);
    const before = updates();
    // the bots' moves, each redrawing the table; on the person's turn a
    // move made without touching the focus (a script's click)
    for (let i = 0; updates() < before + 3; i++) {
      assert.ok(i < 400, 'the game goes on');
      await page.evaluate(() => document.querySelector(['dialog.choice[open] button', '.hand button.card:not([disabled])',
        '.actions .act-color', '.actions .act-draw', '.actions .act-pass', '.actions .act-take'].join(', '))?.click());
      await page.waitForTimeout(50);
    }
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.key), key, `focus on ${key} after others moved`);
  }
  // the arrow keys move between the playable cards of the hand
  await page.waitForFunction(() => document.querySelectorAll('.hand button.card:not([disabled])').length >= 2 || document.querySelector('.over'),
    null, { timeout: 20000 }).catch(() => {});
  const playable = page.locator('.hand button.card:not([disabled])');
  if (await playable.count() >= 2) {
    const names = await playable.evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')));
    await playable.first().focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), names[1]);
  }
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a log scrolled back, the page scrolled to the hand and an open section stay as they were while the bots move', async () => {
  const context = await env.browser.newContext(TOUCH_PHONE);
  const page = await open(context, env.srv.port);
  await createAndSit(page, { pace: 250 });
  const updates = () => page.frames_in.filter((f) => f.includes('"update"')).length;
  const waitUpdates = async (n) => {
    const before = updates();
    for (let i = 0; updates() < before + n; i++) {
      assert.ok(i < 400, 'the game goes on');
      // on the person's turn a move made without touching the page's scroll or focus
      await page.evaluate(() => document.querySelector(['dialog.choice[open] button', '.hand-tools .play-picked:not([disabled])',
        '.hand button.card:not([disabled])', '.actions .act-color', '.actions .act-draw', '.actions .act-pass', '.actions .act-take'].join(', '))?.click());
      await page.waitForTimeout(50);
    }
  };
  await waitUpdates(12); // a log longer than its box
  assert.ok(await page.evaluate(() => { const log = document.querySelector('.log ol'); return log.scrollHeight > log.clientHeight; }), 'the log scrolls');
  await page.click('details.seat-link summary');
  const kept = await page.evaluate(() => {
    const log = document.querySelector('.log ol');
    log.scrollTop = 8;
    log.focus();
    document.querySelector('.hand').scrollIntoView();
    for (const el of [log, document.querySelector('.hand'), document.querySelector('details.seat-link')]) el.dataset.mark = 'kept';
    return { lines: log.children.length };
  });
  await waitUpdates(4);
  const after = await page.evaluate(() => {
    const log = document.querySelector('.log ol');
    const hand = document.querySelector('.hand').getBoundingClientRect();
    return { handInView: hand.top < innerHeight && hand.bottom > 0, logTop: log.scrollTop, lines: log.children.length, focus: document.activeElement === log,
      same: [log, document.querySelector('.hand'), document.querySelector('details.seat-link')].map((el) => el?.dataset.mark),
      open: document.querySelector('details.seat-link').open };
  });
  assert.ok(after.lines > kept.lines, 'the log went on');
  assert.deepEqual({ ...after, lines: undefined }, { handInView: true, logTop: 8, lines: undefined, focus: true, same: ['kept', 'kept', 'kept'], open: true });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('with reduced motion asked for, nothing on the table moves', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const context = await env.browser.newContext({ ...TOUCH_PHONE, reducedMotion });
    const page = await open(context, env.srv.port);
    await createAndSit(page, { pace: 100 });
    let moving = 0;
    for (let i = 0; i < 12; i++) {
      if (!(await step(page))) await page.waitForTimeout(60);
      moving += await page.evaluate(() => document.getAnimations().length);
    }
    if (reducedMotion === 'reduce') assert.equal(moving, 0, 'no animation at all');
    else assert.ok(moving > 0, 'the check bites: the table moves otherwise');
    await context.close();
  }
});

test('page weight and the time from a seat link to a playable table', async () => {
  const first = await env.browser.newContext(DESKTOP);
  const host = await open(first, env.srv.port);
  await createAndSit(host, { pace: 0 });
  await host.click('details.seat-link summary');
  const link = (await host.textContent('details.seat-link code')).replace(/^https?:\/\/[^/]+\//, '');
  const second = await env.browser.newContext(TOUCH_PHONE);
  const page = await second.newPage();
  // each file's bytes on the wire (headers and the body as sent: gzipped),
  // as the page reads them, and whether the browser asked with its ETag
  let files = new Map(), measuring = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'websocket') return;
    measuring.push((async () => {
      const sizes = await r.request().sizes();
      const read = (await r.body().catch(() => Buffer.alloc(0))).length;
      const revalidated = 'if-none-match' in await r.request().allHeaders();
      files.set(r.url(), { wire: sizes.responseHeadersSize + sizes.responseBodySize, body: sizes.responseBodySize, read, revalidated });
    })());
  });
  // every file asked for has come (no request for half a second: the icon,
  // asked for after the page, included) and been measured
  const allMeasured = async () => {
    await page.waitForLoadState('networkidle');
    await Promise.all(measuring);
  };
  const sum = (key) => [...files.values()].reduce((a, f) => a + f[key], 0);
  await page.goto(`http://127.0.0.1:${env.srv.port}/${link}`);
  await page.waitForSelector('.hand .card');
  const ms = await page.evaluate(() => Math.round(performance.now()));
  await allMeasured();
  const [wire, read] = [sum('wire'), sum('read')];
  console.log(`# page weight: ${wire} bytes on the wire (${read} bytes read) in ${files.size} files; seat link to playable table: ${ms} ms`);
  assert.ok(wire < 100_000, `the page weighs ${wire} bytes on the wire`);
  assert.ok(wire < read / 2, `gzipped: ${wire} bytes on the wire for ${read}`);
  assert.ok(ms < 5000, `a playable table after ${ms} ms`);
  // coming back: every file of the page kept, asked for with its ETag and
  // not sent again (304: Chromium reports the page and the icon as the 200
  // it had); the QR code is never kept (no-store)
  files = new Map();
  measuring = [];
  await page.reload();
  await page.waitForSelector('.hand .card');
  await allMeasured();
  const sentAgain = [...files].filter(([url, f]) => !url.includes('/qr.svg') && (!f.revalidated || f.body > 0));
  assert.deepEqual(sentAgain.map(([url]) => url), [], 'every file revalidated, no body sent again');
  console.log(`# page weight, coming back: ${sum('wire')} bytes on the wire in ${files.size} answers`);
  await first.close();
  await second.close();
});

test('fifteen seats (KPGUT) fit round the table on a 360 px phone, none over another; the away timer on the seat in turn', async () => {
  const context = await env.browser.newContext({ ...TOUCH_PHONE, viewport: { width: 360, height: 640 } });
  const page = await open(context, env.srv.port);
  await page.waitForSelector('form.create');
  const found = await page.evaluate(async () => {
    const { board } = await import('/board.js');
    const n = 15;
    const view = { players: Array.from({ length: n }, (_, s) => ({ name: `Player ${s + 1}` })), counts: Array(n).fill(7),
      hands: Array.from({ length: n }, (_, s) => (s === 0 ? ['R1', 'G2', 'B3', 'Y4', 'W', 'W+4', 'R+2'] : null)),
      turn: 4, uno: [2], direction: -1, top: 'R5', color: 'R', stock: 3, discard: 2, pending: 0, t: 6000,
      clock: { start: 0, limit_at: null, away_at: 30000, unsaid: [] } };
    const parts = board(view, { me: 0 });
    const game = document.createElement('div');
    game.className = 'game';
    game.append(parts.table, parts.hand);
    document.getElementById('app').replaceChildren(game);
    const seats = [...document.querySelectorAll('.opponent')].map((el) => el.getBoundingClientRect());
    const over = [];
    seats.forEach((a, i) => seats.slice(i + 1).forEach((b, j) => {
      if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) over.push(`seats ${i + 1} and ${i + j + 2}`);
    }));
    if (document.documentElement.scrollWidth > innerWidth) over.push(`${document.documentElement.scrollWidth} px wide`);
    const away = document.querySelector('.opponent.turn .away')?.textContent;
    if (away !== 'Player 5 away in 24.0 s (§8)') over.push(`the away timer on the seat in turn: ${away}`);
    return over;
  });
  await shot(page, 'felt-fifteen-phone');
  assert.deepEqual(found, []);
  await context.close();
});
