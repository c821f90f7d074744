// Fewer taps (tap-to-add): under KPGUT a play of several cards is picked
// card by card in the hand (Enter or Space on a focused card does the same)
// and played by the tap that completes it or by "Play these N cards"; the
// only dialog left is a Wild's colour wheel. Measured over whole KPGUT
// games with bots: how many card taps open a dialog (docs/web.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, createAndSit, dealing, handOf, leaks, open, shot, startBrowser } from './browser.mjs';

let env;
before(async () => { env = await startBrowser({ args: ['--allow-decks'] }); });
after(async () => { await env?.stop(); });

// Seat 0 (the youngest, who opens under KPGUT with any card) gets a pair of
// red 1s, a green and a red Draw Two and a Wild.
const HANDS = [['W', 'R1', 'R1', 'G+2', 'R+2', 'Y4', 'R5'], ['G5', 'G6', 'G7', 'G8', 'G9', 'B5', 'B6'],
  ['B7', 'B8', 'B9', 'Y5', 'Y6', 'Y7', 'Y8'], ['Y9', 'R6', 'R7', 'R8', 'R9', 'G1', 'B1']];
const deck = dealing(HANDS);
const scripted = { rewrite: (m) => (m.op === 'create' ? { ...m, deck, dealer: 3 } : m) };

async function kpgutTable(page, pace) {
  await createAndSit(page, { rules: 'kpgut', age: 20, pace });
  await page.waitForSelector('.hand button.card:not([disabled])');
}

const card = (page, name, more = '') => page.locator(`.hand button.card[aria-label="${name}"]${more}`);
const lastPlay = async (page) => (await page.locator('.log li').allTextContents()).filter((l) => l.startsWith('Aino played')).at(-1);

test('a set picked by tapping its cards: marked, the others lit only where they go on, played by the tap that completes it', async () => {
  const context = await env.browser.newContext(PHONE);
  const page = await open(context, env.srv.port, scripted);
  await kpgutTable(page, 400);
  await card(page, 'green Draw Two').click();
  assert.equal(await page.locator('dialog[open]').count(), 0, 'no dialog');
  assert.equal(await card(page, 'green Draw Two').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.textContent('.hand-tools .play-picked'), 'Play this card');
  const lit = await page.locator('.hand button.card.playable').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')));
  assert.deepEqual(lit, ['red Draw Two'], 'only the card that goes on with it is raised');
  await shot(page, 'taps-picked');
  await card(page, 'red Draw Two').click(); // nothing goes on from the two: played at once
  await page.waitForFunction(() => [...document.querySelectorAll('.log li')].some((l) => l.textContent.startsWith('Aino played')));
  assert.equal(await lastPlay(page), 'Aino played green Draw Two, red Draw Two');
  assert.ok(!(await handOf(page)).some((c) => c.endsWith('Draw Two')));
  assert.equal(await page.locator('dialog[open]').count(), 0, 'no dialog at all');
  assert.deepEqual(leaks(page.frames_in, 0), []);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the keyboard picks the same way: Enter picks, Enter on a picked card puts it back, Space adds, "Play this card" plays one', async () => {
  const context = await env.browser.newContext(PHONE);
  const page = await open(context, env.srv.port, scripted);
  await kpgutTable(page, 400);
  await card(page, 'red 1').first().focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('.hand .card.picked').count(), 1);
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'red 1', 'the focus stays on the card');
  await page.keyboard.press('Enter'); // put back
  assert.equal(await page.locator('.hand .card.picked').count(), 0);
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight'); // to the other red 1, lit because it goes on
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'red 1');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('playable')), true);
  await page.click('.hand-tools .play-picked'); // the one picked, alone
  await page.waitForFunction(() => [...document.querySelectorAll('.log li')].some((l) => l.textContent.startsWith('Aino played')));
  assert.equal(await lastPlay(page), 'Aino played red 1');
  assert.equal((await handOf(page)).filter((c) => c === 'red 1').length, 1);
  await context.close();
});

test('KPGUT games with bots: the card taps that open a dialog (only a Wild\'s colour wheel)', async () => {
  let taps = 0, dialogs = 0, wilds = 0, plays = 0;
  for (let game = 0; game < 3; game++) {
    const context = await env.browser.newContext(PHONE);
    const page = await open(context, env.srv.port);
    await kpgutTable(page, 0);
    for (let i = 0; !(await page.locator('.over').count()); i++) {
      assert.ok(i < 3000, 'the game ends');
      // a person's choice: the first colour on a wheel; say UNO; add the
      // first card that goes on with those picked, else play them; else
      // the first lit card; else draw, pass or take
      const next = await page.evaluate(() => {
        const has = (sel) => document.querySelector(sel) && sel;
        return has('dialog.choice[open] button') || has('.actions .act-uno:not([disabled])')
          || has('.hand button.card.playable:not(.picked):not([disabled])') || has('.hand-tools .play-picked:not([disabled])')
          || has('.hand button.card:not([disabled])') || has('.actions .act-draw') || has('.actions .act-pass') || has('.actions .act-take');
      });
      if (!next) { await page.waitForTimeout(30); continue; }
      const target = page.locator(next).first();
      const isCard = next.includes('.card');
      const name = isCard ? await target.getAttribute('aria-label').catch(() => null) : null;
      if (!(await target.click({ timeout: 2000 }).then(() => true, () => false))) continue;
      if (next.includes('play-picked') || (isCard && !(await page.locator('.hand .card.picked').count()))) plays++;
      if (!isCard) continue;
      taps++;
      if (await page.locator('dialog[open]').count()) {
        dialogs++;
        assert.equal(await page.locator('dialog.wheel[open]').count(), 1, 'a dialog is a colour wheel');
        if (/^Wild/.test(name)) wilds++;
      }
    }
    assert.deepEqual(leaks(page.frames_in, 0), []);
    assert.deepEqual(page.problems, []);
    await context.close();
  }
  console.log(`# dialog rate: ${dialogs} of ${taps} card taps opened a dialog (${(100 * dialogs / taps).toFixed(1)}%), ` +
    `${wilds} of them on a Wild; ${plays} plays`);
  assert.ok(taps > 20, 'the games had card taps');
  assert.equal(dialogs, wilds, 'only a Wild\'s tap opens a dialog: its colour wheel');
});
