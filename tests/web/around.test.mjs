// Around the game, in the browser: the create form's presets and options
// in words, the link copied to the clipboard and its QR code drawn, a
// public table listed and joined from another browser (a private one never
// listed), a reaction seen on its sender's seat by the others, and a
// rematch taken by four people in four browsers with the same seats (one
// of them after closing the invitation, by the new table's link).
// Screenshots go to UNO_SHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, open, playOn, shot, startBrowser, unnamedControls } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.stop(); });

const sit = async (page, name, age) => {
  await page.fill('input[name=name]', name);
  await page.fill('input[name=age]', String(age));
  await page.click('form:has(input[name=age]) button[type=submit]');
  await page.waitForSelector(`.seat-list li:has-text("${name}, ${age}")`);
};
const codeOf = (page) => page.url().match(/#\/t\/(\w{6})/)[1];

test('a preset fills the create form, whose options read in words, in English and in Finnish', async () => {
  const context = await env.browser.newContext(PHONE);
  const page = await open(context, env.srv.port);
  await page.waitForSelector('details.options');
  await page.selectOption('select[name=preset]', 'mattel_booklet');
  assert.equal(await page.inputValue('select[name=rules]'), 'mattel');
  await page.click('details.options summary');
  assert.equal(await page.inputValue('#opt-blanks'), '4');
  assert.equal(await page.inputValue('#opt-uno_penalty'), '4');
  assert.equal(await page.inputValue('#opt-first_wild'), 'return');
  assert.equal(await page.locator('#opt-first_wild option:checked').textContent(), 'returned, another turned up');
  assert.match(await page.textContent('details.options summary'), /5 changed/);
  await shot(page, 'around-preset');
  await page.selectOption('select[name=preset]', 'kpgut_no_slides');
  assert.equal(await page.inputValue('select[name=rules]'), 'kpgut');
  await page.click('details.options summary').catch(() => {});
  if (!(await page.isVisible('#opt-side_slide'))) await page.click('details.options summary');
  assert.equal(await page.isChecked('#opt-side_slide'), false);
  assert.equal(await page.locator('#opt-draw_rule option:checked').textContent(), 'draw until playable');
  await page.selectOption('#opt-draw_rule', 'draw_one'); // a change of one's own: no preset any more
  assert.equal(await page.inputValue('select[name=preset]'), '');
  await page.selectOption('#lang', 'fi');
  assert.equal(await page.locator('#opt-draw_rule option:checked').textContent(), 'nosta yksi kortti');
  assert.equal(await page.locator('select[name=preset] option:checked').textContent(), 'oma valinta');
  assert.deepEqual(await unnamedControls(page), []);
  await page.selectOption('#lang', 'en');
  await context.close();
});

test('the waiting room copies the link, draws its QR code and says the rules with their turn timer', async () => {
  const context = await env.browser.newContext(PHONE);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://127.0.0.1:${env.srv.port}` });
  const page = await open(context, env.srv.port);
  await page.waitForSelector('details.options');
  await page.selectOption('select[name=preset]', 'kpgut');
  await page.click('details.options summary');
  await page.fill('#opt-away_ms', '20000'); // §8's timer is an option, off by default
  await page.dispatchEvent('#opt-away_ms', 'input');
  await page.click('form.create button[type=submit]');
  await page.waitForSelector('.share');
  const code = codeOf(page);
  const link = `http://127.0.0.1:${env.srv.port}/#/t/${code}`;
  assert.equal(await page.inputValue('.share input.link'), link);
  await page.click('button.copy-link');
  await page.waitForSelector('.copy-note:has-text("Copied")');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  await page.waitForFunction(() => document.querySelector('img.qr')?.complete && document.querySelector('img.qr').naturalWidth > 0);
  assert.equal(await page.getAttribute('img.qr', 'src'), `/qr.svg?t=${code}`);
  assert.match(await page.textContent('.rules-summary'), /Rules: KPGUT/);
  assert.match(await page.textContent('.rules-summary'), /House rules changed: turn timer, ms: 20000/);
  assert.equal(await page.textContent('.rules-summary .turn-timer'), 'Turn timer: 20 s, then 2 drawn and the turn passes (§8)');
  await sit(page, 'Aino', 30);
  await shot(page, 'around-waiting', true);
  await context.close();
});

test('without the clipboard, copying selects the link for the person to copy', async () => {
  const context = await env.browser.newContext(PHONE);
  const page = await open(context, env.srv.port);
  await page.waitForSelector('details.options');
  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } }));
  await page.click('form.create button[type=submit]');
  await page.click('button.copy-link');
  await page.waitForSelector('.copy-note:has-text("Selected")');
  const selected = await page.evaluate(() => { const f = document.querySelector('.share input.link'); return f.value.slice(f.selectionStart, f.selectionEnd); });
  assert.equal(selected, await page.inputValue('.share input.link'));
  assert.match(await page.textContent('.rules-summary .turn-timer'), /No turn timer/, 'Mattel has none');
  await context.close();
});

test('a public table is listed in another browser\'s lobby and joined from there; a private one never', async () => {
  const [hostCtx, otherCtx] = await Promise.all([1, 2].map(() => env.browser.newContext(PHONE)));
  const host = await open(hostCtx, env.srv.port);
  await host.waitForSelector('details.options');
  await host.click('form.create button[type=submit]'); // private
  await host.waitForSelector('.share');
  const hidden = codeOf(host);
  await host.goto(`http://127.0.0.1:${env.srv.port}/`);
  await host.waitForSelector('details.options');
  await host.selectOption('select[data-seat="1"]', 'human');
  await host.check('input[name=public]');
  await host.click('form.create button[type=submit]');
  await host.waitForSelector('.listed');
  const listed = codeOf(host);
  await sit(host, 'Aino', 30);
  const other = await open(otherCtx, env.srv.port);
  await other.waitForSelector(`.public-tables li[data-table="${listed}"]`);
  assert.equal(await other.locator(`.public-tables li[data-table="${hidden}"]`).count(), 0);
  assert.match(await other.textContent(`.public-tables li[data-table="${listed}"]`), /Mattel, official: 1 of 4 seats free/);
  await other.locator('.public-tables').scrollIntoViewIfNeeded();
  await shot(other, 'around-public');
  await other.click(`.public-tables li[data-table="${listed}"] a`);
  await sit(other, 'Bo', 31);
  assert.equal(codeOf(other), listed);
  await Promise.all([hostCtx.close(), otherCtx.close()]);
});

test('a reaction shows on its sender\'s seat for the others', async () => {
  const [aCtx, bCtx] = await Promise.all([1, 2].map(() => env.browser.newContext(PHONE)));
  const a = await open(aCtx, env.srv.port);
  await a.waitForSelector('details.options');
  await a.selectOption('select[data-seat="1"]', 'human');
  await a.click('form.create button[type=submit]');
  await sit(a, 'Aino', 30);
  const b = await open(bCtx, env.srv.port, { hash: `#/t/${codeOf(a)}` });
  await sit(b, 'Bo', 31);
  await a.click('button.react[data-emote="laugh"]');
  const bubble = b.locator('.seat-list > li').nth(0).locator('.reaction-bubble');
  await bubble.waitFor();
  assert.equal(await bubble.textContent(), '😂');
  assert.equal(await bubble.getAttribute('aria-label'), 'Aino: laughing');
  await b.waitForTimeout(300); // the bubble at its fullest
  await shot(b, 'around-reaction');
  await b.locator('.reaction-bubble').waitFor({ state: 'detached', timeout: 10000 }); // gone after a few seconds
  await Promise.all([aCtx.close(), bCtx.close()]);
});

const PEOPLE = [['Aino', 20], ['Bo', 30], ['Cai', 40], ['Dana', 50]];

test('a rematch is taken by four people in four browsers, each in the same seat', async () => {
  const contexts = await Promise.all(PEOPLE.map(() => env.browser.newContext(PHONE)));
  const host = await open(contexts[0], env.srv.port);
  await host.waitForSelector('details.options');
  await host.click('details.options summary');
  await host.fill('#opt-hand_size', '2');
  for (let i = 1; i < 4; i++) await host.selectOption(`select[data-seat="${i}"]`, 'human');
  await host.click('form.create button[type=submit]');
  await host.waitForSelector('.share');
  const first = codeOf(host);
  const pages = [host];
  for (let i = 1; i < 4; i++) pages.push(await open(contexts[i], env.srv.port, { hash: `#/t/${first}` }));
  for (const [i, page] of pages.entries()) await sit(page, ...PEOPLE[i]);
  await host.click('button.start');
  await playOn(pages, 'mattel');
  for (const page of pages.slice(1)) assert.equal(await page.locator('button.rematch').count(), 0, 'the host\'s alone');
  await host.click('button.rematch');
  await host.waitForFunction((code) => !location.hash.includes(code), first);
  const second = codeOf(host);
  for (const page of pages.slice(1)) {
    await page.waitForSelector('.rematch-invite');
    assert.match(await page.textContent('.rematch-invite'), new RegExp(`rematch at table ${second}`));
  }
  await shot(pages[1], 'around-rematch-invite');
  for (const page of pages.slice(1, 3)) await page.click('button.rematch-join');
  // the last closes the invitation, and opens the new table's link later: the seat is theirs
  await pages[3].click('.rematch-invite button:not(.rematch-join)');
  assert.equal(await pages[3].locator('.rematch-invite').count(), 0);
  await pages[3].evaluate((code) => { location.hash = `#/t/${code}`; }, second);
  for (const [i, page] of pages.entries()) {
    await page.waitForSelector(`.seat-list > li:nth-child(${i + 1}):has-text("${PEOPLE[i][0]}, ${PEOPLE[i][1]} — you")`);
    assert.equal(codeOf(page), second);
  }
  assert.match(await host.textContent('.rules-summary'), /cards dealt: 2/, 'the same options');
  await host.click('button.start');
  for (const page of pages) await page.waitForSelector('.hand .card');
  await Promise.all(contexts.map((c) => c.close()));
});
