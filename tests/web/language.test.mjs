// Every word in the page's language: a KPGUT table with bots played in
// Finnish from the lobby (and a refusal) through the create form, the
// waiting room, a card picked for a set (tap-to-add) and the game to its end and its
// replay, and no English word of the page's own strings (web/i18n.js,
// web/keeper.js: browser.mjs `foreign`) in its visible text or in what a
// screen reader reads; the same table in English shows no Finnish word.
// The deal is scripted (--allow-decks) so that the person's hand holds a
// pair to open with.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, dealing, foreign, open, shot, startBrowser, step, wordsFrom } from './browser.mjs';

let env;
before(async () => { env = await startBrowser({ args: ['--allow-decks'] }); });
after(async () => { await env?.stop(); });

// Seat 0 (the youngest, who opens under KPGUT) gets W R1 R1 G2 B3 Y4 R5.
const HANDS = [['W', 'R1', 'R1', 'G2', 'B3', 'Y4', 'R5'], ['G5', 'G6', 'G7', 'G8', 'G9', 'B5', 'B6'],
  ['B7', 'B8', 'B9', 'Y5', 'Y6', 'Y7', 'Y8'], ['Y9', 'R6', 'R7', 'R8', 'R9', 'G1', 'B1']];
const deck = dealing(HANDS);

const TEXT = {
  fi: { create: 'Luo', sit: 'Istu pöytään', start: 'Aloita peli', pair: 'punainen 1', pick: 'Pelaa tämä kortti', bot: 'keskitason botti 2',
    changed: 'Muutetut kotisäännöt: tyhjän kortin pisteet: 40, luovutettu käsi menee: nostopakkaan' },
  en: { create: 'Create', sit: 'Sit down', start: 'Start the game', pair: 'red 1', pick: 'Play this card', bot: 'medium bot 2',
    changed: 'House rules changed: points of a blank card: 40, a hand given up goes: into the stock' },
};

for (const lang of ['fi', 'en']) {
  test(`a KPGUT table with bots in ${lang === 'fi' ? 'Finnish has no English' : 'English has no Finnish'} word, lobby to game over`, async () => {
    const say = TEXT[lang];
    const context = await env.browser.newContext({ ...PHONE, locale: lang === 'fi' ? 'fi-FI' : 'en-US' });
    const page = await open(context, env.srv.port, { rewrite: (m) => (m.op === 'create' ? { ...m, deck, dealer: 3 } : m) });
    const found = [];
    const check = async (where) => { for (const w of await wordsFrom(page, foreign[lang])) found.push(`${where}: ${w}`); };
    await page.waitForSelector(`button:has-text("${say.create}")`);
    await page.waitForSelector('details.options');
    await check('lobby');
    await page.fill('input[name=code]', 'ZZZZZZ'); // no such table: the server's refusal, in the page's words
    await page.click('form:has(input[name=code]) button[type=submit]');
    await page.waitForSelector('.error');
    assert.match(await page.textContent('.error'), lang === 'fi' ? /tällä koodilla ei ole pöytää/ : /no table/);
    await check('a refusal');
    await page.click('.error button');
    await page.click('#home');
    await page.waitForSelector('form.create');
    await page.selectOption('select[name=rules]', 'kpgut');
    await page.check('input[name=match]');
    await check('create form');
    await page.uncheck('input[name=match]');
    // two options changed (neither touches this game): the waiting room says them in words
    await page.click('details.options summary');
    await page.fill('#opt-blank_points', '40');
    await page.dispatchEvent('#opt-blank_points', 'input');
    await page.selectOption('#opt-giveup_into', 'stock');
    await page.fill('input[name=pace]', '0');
    await page.click(`button[type=submit]:has-text("${say.create}")`);
    await page.fill('input[name=name]', 'Aino');
    await page.fill('input[name=age]', '20');
    await page.click(`text=${say.sit}`);
    await page.waitForSelector(`text=${say.bot}`);
    assert.equal(await page.textContent('.rules-summary p:nth-child(2)'), say.changed, 'no raw option key in the waiting room');
    await check('waiting room');
    await page.click(`text=${say.start}`);
    await page.waitForSelector('.hand .card');
    await check('table');
    await shot(page, `language-${lang}-table`);
    await page.click(`.hand button.card[aria-label="${say.pair}"]`); // picked for a set (tap-to-add)
    await page.waitForSelector(`.hand-tools .play-picked:has-text("${say.pick}")`);
    await check('a card picked for a set');
    await shot(page, `language-${lang}-picked`);
    await page.click(`.hand button.card[aria-label="${say.pair}"]:not(.picked)`); // the pair, played at once
    for (let i = 0; !(await page.locator('.over').count()); i++) {
      assert.ok(i < 2000, 'the game ends');
      if (i % 10 === 0) await check(`move ${i}`);
      if (!(await step(page))) await page.waitForTimeout(30);
    }
    await check('game over');
    await shot(page, `language-${lang}-over`, true);
    await page.click('.over a[href$="/history"]'); // the history page and a replay
    await page.click('.games button');
    await page.waitForSelector('.replay');
    await page.click('.replay .actions button:nth-child(4)'); // a step on
    await check('a replay');
    assert.deepEqual(found, []);
    // switched to the other language, the page is rewritten whole (the
    // status line, the log): none of this language's words is left, and
    // the check finds the other language's
    const other = lang === 'fi' ? 'en' : 'fi';
    await page.selectOption('#lang', other);
    assert.deepEqual(await wordsFrom(page, foreign[other]), [], 'nothing left in the language switched from');
    assert.ok((await wordsFrom(page, foreign[lang])).length > 10, 'the check bites');
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

test('the log counts in words that agree, names a Wild\'s colour and a finisher\'s place, in both languages', async () => {
  const context = await env.browser.newContext(PHONE);
  const page = await open(context, env.srv.port);
  await page.waitForSelector('form.create');
  const lines = (lang) => page.evaluate(async (code) => {
    const { setLanguage } = await import('/i18n.js');
    const { logLines } = await import('/board.js');
    setLanguage(code);
    const view = { players: [{ name: 'Aino' }, { name: 'medium bot 2' }] };
    return logLines([
      { type: 'draw', seat: 0, count: 1, cards: ['R3'] }, { type: 'draw', seat: 1, count: 2 },
      { type: 'pending', seat: 1, count: 1 }, { type: 'pending', seat: 1, count: 4 },
      { type: 'play', seat: 0, cards: ['W+4'], color: 'G' }, { type: 'play', seat: 0, cards: ['R5'], color: 'R' },
      { type: 'finish', seat: 1, rank: 2 }, { type: 'finish', seat: 0, rank: 3 },
    ], view, null);
  }, lang);
  assert.deepEqual(await lines('en'), ['Aino drew 1 card: red 3', 'medium bot 2 drew 2 cards', 'medium bot 2 faces 1 card',
    'medium bot 2 faces 4 cards', 'Aino played Wild Draw Four and named green', 'Aino played red 5',
    'medium bot 2 finished 2nd', 'Aino finished 3rd']);
  assert.deepEqual(await lines('fi'), ['Aino nosti 1 kortin: punainen 3', 'keskitason botti 2 nosti 2 korttia',
    'keskitason botti 2: nostettavana 1 kortti', 'keskitason botti 2: nostettavana 4 korttia',
    'Aino pelasi Villi+Nosta 4 ja valitsi värin vihreä', 'Aino pelasi punainen 5',
    'keskitason botti 2 pääsi maaliin 2.', 'Aino pääsi maaliin 3.']);
  assert.deepEqual(page.problems, []);
  await context.close();
});
