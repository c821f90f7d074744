// The seat link and the hand it shows (docs/web.md "A seat link shows the
// hand as it is now"). A seat link opened in a fresh browser can show a
// different hand from the one read on the first device a second earlier.
// Here the seat is handed from browser to fresh browser
// again and again while three bots play on at a pace, and each handover is
// checked: the hand the new browser is sent first is exactly the last one
// the old browser was sent (the server hands the seat over in one step, and
// the old browser hears nothing after "replaced"); each browser draws a
// hand it was sent (no stale or foreign view), the new one its latest; so a
// hand read before that differs from the new browser's is one the game has
// moved on from.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, createAndSit, leaks, open, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.stop(); });

const ME = 0;
const sorted = (hand) => [...hand].sort();
const views = (page) => page.frames_in.map((f) => JSON.parse(f)).filter((m) => m.view);
const shownHand = (page) => page.locator('.hand .card').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')));
const spokenHand = (page, hand) => page.evaluate(async (cards) => {
  const { spoken, sortHand } = await import('/cards.js');
  return sortHand(cards).map(spoken);
}, hand);

// The page draws the hand of the latest view it was sent (given a moment:
// a frame is recorded on its way in, before the page draws it).
async function drawsLatest(page) {
  for (let i = 0; i < 20; i++) {
    const latest = await spokenHand(page, views(page).at(-1).view.hands[ME]);
    if (JSON.stringify(await shownHand(page)) === JSON.stringify(latest)) return true;
    await page.waitForTimeout(50);
  }
  return false;
}

test('a seat handed from browser to fresh browser while bots play: the same hand at each handover, or the game moved on', async () => {
  let context = await env.browser.newContext(PHONE);
  let page = await open(context, env.srv.port);
  await createAndSit(page, { pace: 150, seats: { 1: 'easy' } });
  await page.waitForSelector('.hand .card');
  let movedOn = 0, handovers = 0;
  for (let round = 0; round < 10 && !(await page.locator('.over').count()); round++) {
    // a move where the seat has one, so that the bots play on while the hand is read
    const lit = page.locator('.hand button.card:not([disabled]), .actions .act-draw, .actions .act-pass, .actions .act-take');
    if (await lit.count()) {
      await lit.first().click({ timeout: 2000 }).catch(() => {});
      const choice = page.locator('dialog.choice[open] button').first();
      if (await choice.count()) await choice.click();
    }
    const read = await shownHand(page);
    await page.click('details.seat-link summary');
    const link = (await page.textContent('details.seat-link code')).trim();
    await page.waitForTimeout(round * 40); // the bots play on meanwhile, a little longer each round

    const nextContext = await env.browser.newContext(PHONE);
    const next = await open(nextContext, env.srv.port, { hash: link.slice(link.indexOf('#')) });
    await page.waitForSelector('text=Your seat was taken up on another device.');
    await next.waitForSelector('.hand .card');
    const replacedAt = page.frames_in.findIndex((f) => f.includes('"replaced"'));
    const first = views(next)[0];
    assert.deepEqual(sorted(first.view.hands[ME]), sorted(views(page).at(-1).view.hands[ME]),
      `round ${round}: the new browser's first hand is the old one's last`);
    assert.equal(page.frames_in.slice(replacedAt + 1).filter((f) => f.includes('"view"')).length, 0, 'nothing after "replaced"');
    assert.ok(await drawsLatest(next), `round ${round}: the new browser draws its latest view`);
    // the hand read was one the old browser had been sent (its latest, or
    // one the game has moved on from since)
    const sent = [];
    for (const m of views(page)) sent.push(JSON.stringify(await spokenHand(page, m.view.hands[ME])));
    const at = sent.lastIndexOf(JSON.stringify(read));
    assert.ok(at >= 0, `round ${round}: the hand read is one the old browser was sent`);
    if (at < sent.length - 1 && sent.at(-1) !== sent[at]) movedOn++;
    handovers++;
    assert.deepEqual(leaks(page.frames_in, ME), []);
    assert.deepEqual(page.problems, []);
    await context.close();
    [context, page] = [nextContext, next];
  }
  console.log(`# ${handovers} handovers, ${movedOn} of them after the game moved on since the reading`);
  assert.ok(handovers >= 3, 'several handovers');
  await context.close();
});
