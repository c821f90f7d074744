// The create form's popular house rules (docs/rules.md "Presets"): the
// engine's presets, from the server's `rules` answer, offered as checkboxes
// named in words and described by the options they set, in English and in
// Finnish; the ones ticked go in the create request's "presets", and the
// game the table starts plays by them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, open, shot, startBrowser, unnamedControls } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.stop(); });

const sent = (page, op) => page.frames_out.map((m) => JSON.parse(m)).filter((m) => m.op === op);
const received = (page) => page.frames_in.map((m) => JSON.parse(m));

test('the popular house rules are offered in words, in English and in Finnish, and a table is made with those ticked', async () => {
  const context = await env.browser.newContext(PHONE);
  const page = await open(context, env.srv.port);
  await page.waitForSelector('fieldset.house-rules');
  assert.equal(await page.textContent('fieldset.house-rules legend'), 'Popular house rules');
  const labelsOf = async () => (await page.locator('fieldset.house-rules label').allTextContents()).map((l) => l.trim());
  const labels = await labelsOf();
  assert.deepEqual(labels, ['stack everything', 'draw to match', 'forced play, no bluffing', 'mercy: out at 25 cards',
    '7-0: swap hands on a 7, pass them on a 0', '7-0 and jump-in']);
  // each described in a sentence, as a player would explain it
  assert.equal(await page.textContent('#hr-stack_everything-help'),
    'Any Draw card may answer a Draw card; the draws add up for the player who cannot answer.');
  assert.equal(await page.textContent('#hr-draw_to_match-help'), 'Whoever draws goes on drawing until a card can be played.');
  assert.match(await page.textContent('#hr-mercy-help'), /25 cards is out/);
  assert.match(await page.textContent('#hr-seven_o-help'), /7 swaps hands with a player you pick; playing a 0 passes every hand on/);
  assert.match(await page.textContent('#hr-seven_o_jump_in-help'), /may play it at once, out of turn; play goes on from them/);
  assert.deepEqual(await unnamedControls(page), []);

  await page.selectOption('#lang', 'fi');
  await page.waitForSelector('fieldset.house-rules legend:has-text("Suositut kotisäännöt")');
  assert.deepEqual(await labelsOf(),
    ['kaikki nostokortit pinoon', 'nosta kunnes sopii', 'pakko pelata, ei bluffeja', 'armo: 25 korttia ja ulos',
      '7-0: seiskalla kädet vaihtuvat, nollalla ne kiertävät', '7–0 ja väliinhyppy']);
  assert.match(await page.textContent('#hr-strict-help'), /^Joka voi pelata, pelaa/);
  await page.selectOption('#lang', 'en');

  await page.check('#hr-stack_everything');
  await page.check('#hr-strict');
  await page.uncheck('#hr-strict'); // a change of mind: only the one ticked goes
  await page.check('#hr-mercy');
  await shot(page, 'house-rules-create');
  await page.fill('input[name=pace]', '0');
  await page.click('form.create button[type=submit]');
  await page.waitForSelector('input[name=age]');
  const [create] = sent(page, 'create');
  assert.deepEqual(create.presets, ['stack_everything', 'mercy']);
  const table = received(page).find((m) => m.rules && m.seats); // the table as the server keeps it
  assert.deepEqual(table.presets, ['stack_everything', 'mercy']);
  await page.waitForSelector('.rules-summary p.house-rules');
  assert.equal(await page.textContent('.rules-summary p.house-rules'), 'Popular house rules: stack everything, mercy: out at 25 cards');

  await page.fill('input[name=name]', 'Aino');
  await page.fill('input[name=age]', '30');
  await page.click('form:has(input[name=age]) button[type=submit]');
  await page.click('button.start');
  await page.waitForSelector('.hand');
  // the game's rules are the presets' over Mattel's
  const view = received(page).map((m) => m.view ?? m.state).find((v) => v?.options);
  assert.equal(view.options.stack_draw2_on_wd4, true);
  assert.equal(view.options.hand_limit, 25);
  assert.equal(view.options.draw_rule, 'until_playable');
  assert.equal(view.options.forced_play, false);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a create request naming an unknown preset is refused with the known ones named', async () => {
  const context = await env.browser.newContext(PHONE);
  const page = await open(context, env.srv.port, {
    rewrite: (m) => (m.op === 'create' ? { ...m, presets: ['stack_it_all'] } : m),
  });
  await page.waitForSelector('fieldset.house-rules');
  await page.click('form.create button[type=submit]');
  await page.waitForSelector('.error');
  const refusal = received(page).find((m) => m.ok === false);
  assert.equal(refusal.error, 'bad_request');
  assert.match(refusal.message, /unknown preset 'stack_it_all' \(stack_everything, draw_to_match, strict, mercy, seven_o, seven_o_jump_in\)/);
  await context.close();
});
