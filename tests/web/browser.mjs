// What the browser tests share: a server with the web table, Debian's
// Chromium driven by npm playwright-core (nothing is downloaded), pages
// whose every WebSocket frame received is kept, and the check that none of
// them carries a card its seat may not see. Screenshots go to UNO_SHOTS
// (CI output).
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../server/harness.mjs';
import { MEANINGS_FI } from '../../web/options-fi.js';

export const SHOTS = process.env.UNO_SHOTS || 'build/test-logs/web';
const WEB = new URL('../../web', import.meta.url).pathname;
export const PHONE = { viewport: { width: 375, height: 667 }, locale: 'en-US' };
// a phone as the browser knows one: touch, a mobile viewport
export const TOUCH_PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' };
export const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };

export async function startBrowser({ args = [] } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  const srv = await startServer({ args: ['--web', WEB, ...args] });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  return { srv, browser, stop: async () => { await browser.close(); await srv.stop(); } };
}

// (a card in flight is put where it lands: animations are finished first)
export function shot(page, name, fullPage = false) {
  return page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage, animations: 'disabled' });
}

// A page of the web table whose every WebSocket frame received is kept in
// page.frames_in, every message it sends in page.frames_out (and its script
// errors in page.problems). `rewrite(msg)` may change what the page sends
// (the tests script a deal this way).
export async function open(context, port, { hash = '', rewrite = null } = {}) {
  const page = await context.newPage();
  page.frames_in = [];
  page.frames_out = [];
  page.problems = [];
  page.console = [];
  page.on('pageerror', (e) => page.problems.push(e.message));
  page.on('console', (m) => page.console.push(m.text()));
  await page.routeWebSocket(/.*/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      page.frames_out.push(String(m));
      server.send(rewrite ? JSON.stringify(rewrite(JSON.parse(m))) : m);
    });
    server.onMessage((m) => { page.frames_in.push(String(m)); ws.send(m); });
  });
  await page.goto(`http://127.0.0.1:${port}/${hash}`);
  return page;
}

// Creates a table on the lobby page and sits down at it, in any language:
// `seats` sets some seats' kinds ({1: 'easy'}), the bots wait `pace` ms.
export async function createAndSit(page, { rules = 'mattel', name = 'Aino', age = 30, pace = 0, seats = {} } = {}) {
  await page.selectOption('select[name=rules]', rules);
  for (const [i, kind] of Object.entries(seats)) await page.selectOption(`select[data-seat="${i}"]`, kind);
  await page.fill('input[name=pace]', String(pace));
  await page.click('form.create button[type=submit]');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=age]', String(age));
  await page.click('form:has(input[name=age]) button[type=submit]');
  await page.click('button.start');
  await page.waitForSelector('.hand');
}

// The top of a deck that deals these hands (seat 0's first), one card to
// each seat in turn, for a create's "deck" (server --allow-decks).
export const dealing = (hands) => hands[0].flatMap((_, k) => hands.map((hand) => hand[k]));

// Everyone plays on: the first choice of an open dialog (a Wild's colour),
// else say UNO when the button is there, else the first card raised (one
// that begins a play, or goes on with the cards picked), else play the
// cards picked, else the first playable card, else draw, pass or take.
// Returns the number of clicks.
export async function playOn(pages, rules) {
  let clicks = 0;
  for (let round = 0; round < 3000; round++) {
    let acted = false, over = 0;
    for (const page of pages) {
      const next = await page.evaluate(() => {
        if (document.querySelector('.over')) return 'over';
        const pick = ['dialog.choice[open] button', '.actions .act-uno:not([disabled])', '.hand button.card.playable:not(.picked):not([disabled])',
          '.hand-tools .play-picked:not([disabled])', '.hand button.card:not([disabled])',
          '.actions .act-color', '.actions .act-draw', '.actions .act-pass', '.actions .act-take'];
        return pick.find((sel) => document.querySelector(sel)) ?? null;
      });
      if (next === 'over') over++;
      if (!next || next === 'over') continue;
      // an update may redraw the page under the click: then the next round
      // looks again
      await page.locator(next).first().click({ timeout: 2000 }).catch(() => {});
      acted = true;
      clicks++;
    }
    if (over === pages.length) return clicks;
    if (!acted) await pages[0].waitForTimeout(30);
  }
  throw new Error(`the ${rules} game did not end`);
}

// One move: a playable card (the first option of a choice; the card alone
// where it was picked for a play of several), else the first action button
// that moves the game (UNO, a colour, draw, pass, take, challenge). False when there was none, or it went away under the click
// (a card lit out of turn for a KPGUT side slide that a bot took first, a
// UNO window that closed): then the caller tries again.
export async function step(page) {
  const card = page.locator('.hand button.card:not([disabled])').first();
  if (await card.count()) {
    if (!(await card.click({ timeout: 2000 }).then(() => true, () => false))) return false;
    const picked = page.locator('.hand-tools .play-picked:not([disabled])');
    if (await picked.count()) await picked.click({ timeout: 2000 }).catch(() => {});
    const choice = page.locator('dialog.choice[open] button').first();
    if (await choice.count()) await choice.click();
    return true;
  }
  for (const op of ['uno', 'color', 'draw', 'pass', 'take', 'challenge']) {
    const b = page.locator(`.actions .act-${op}`).first();
    if (await b.count()) return b.click({ timeout: 2000 }).then(() => true, () => false);
  }
  return false;
}

// The hand a page shows, by each card's accessible name ("red 7").
export const handOf = (page) => page.locator('.hand .card').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')));

// What a seat's page received may never carry another seat's cards (seat
// null: a spectator who sees no hand).
export function leaks(frames, seat) {
  const found = [];
  for (const text of frames) {
    const m = JSON.parse(text);
    if (text.includes('"hash"')) found.push('a state hash');
    const views = [m.view, ...(m.steps || []).map((s) => s.view)].filter(Boolean);
    for (const v of views) (v.hands || []).forEach((h, s) => { if (h && s !== seat) found.push(`seat ${s}'s hand`); });
    for (const e of [...(m.events || []), ...(m.steps || []).flatMap((s) => s.events)]) {
      if (e.cards && e.type === 'draw' && e.seat !== seat) found.push(`seat ${e.seat}'s draw`);
      if (e.cards && e.type === 'reveal' && e.target !== undefined && e.target !== seat && e.seat !== seat) found.push('a hand shown to another');
    }
  }
  return found;
}

// No card at all in what the page keeps.
export async function storageHasNoCard(page) {
  const storage = await page.evaluate(() => JSON.stringify(localStorage));
  return !/"[RGBY](\d|S|R|\+2)"|"W\+4"/.test(storage);
}

// Buttons, fields and links with no name a screen reader could read.
export function unnamedControls(page) {
  return page.evaluate(() => [...document.querySelectorAll('button, input, select, a, summary')]
    .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim() || el.labels?.[0]?.textContent.trim()))
    .map((el) => el.outerHTML.slice(0, 80)));
}

// The words of the page's own strings in each language: every string of
// the English and of the Finnish tables of web/i18n.js, web/keeper.js and
// web/around-words.js (the options' Finnish meanings too), split into
// lower-case words.
// `foreign.fi` holds the English words that are not also Finnish words,
// names or card notation: none of them may show on the Finnish page;
// `foreign.en` the Finnish words that may not show on the English page.
const NAMES = new Set(['uno', 'kpgut', 'mattel', 'csv', 'ms', 'english', 'suomi', 'wd']);
const wordsOf = (text) => (text.toLowerCase().replace(/\{\w+\}/g, ' ').match(/[a-zåäöé]+/g) || []).filter((w) => w.length > 1);

function tableStrings(file, code) {
  const text = readFileSync(new URL(`../../web/${file}`, import.meta.url), 'utf8');
  const start = text.indexOf(`\n  ${code}: {`);
  const block = text.slice(start, text.indexOf('\n  },', start));
  return [...block.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? m[2]);
}

const uiWords = (strings) => new Set(strings.flatMap(wordsOf));
const WORD_FILES = ['i18n.js', 'keeper.js', 'around-words.js'];
const UI = {
  en: uiWords(WORD_FILES.flatMap((file) => tableStrings(file, 'en'))),
  fi: uiWords(WORD_FILES.flatMap((file) => tableStrings(file, 'fi'))),
};
// the options' Finnish meanings are Finnish words too (they name option
// values as the rules files write them, so they ban nothing on the English page)
const finnish = new Set([...UI.fi, ...uiWords(Object.values(MEANINGS_FI))]);
const only = (mine, theirs) => new Set([...mine].filter((w) => !theirs.has(w) && !NAMES.has(w)));
export const foreign = { fi: only(UI.en, finnish), en: only(UI.fi, UI.en) };

// The words of the other language on a page: in its visible text and in
// what a screen reader reads (aria-label, title, alt, placeholder), each
// with the text it was found in.
export async function wordsFrom(page, banned) {
  const texts = await page.evaluate(() => [document.body.innerText,
    ...[...document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')]
      .flatMap((el) => ['aria-label', 'title', 'alt', 'placeholder'].map((a) => el.getAttribute(a)).filter(Boolean))]);
  const found = [];
  for (const text of texts) for (const line of text.split('\n')) {
    for (const w of wordsOf(line)) if (banned.has(w)) found.push(`${w}: "${line.trim().slice(0, 80)}"`);
  }
  return found;
}

// axe-core (npm) run in the page: its violations, each as "rule: the
// first element's selector" (the page's security headers allow no inline
// script: the tests hand axe to the page through the browser's debugger).
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => (await window.axe.run(document)).violations
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`));
  return found;
}

// The page's width beyond the window's at 360 and 390 px wide (none: []),
// the window put back as it was.
export async function overflowAt(page, widths = [360, 390]) {
  const size = page.viewportSize();
  const found = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: size.height });
    // measured in the next frame, after the page's resize steps
    const wide = await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth))));
    if (wide > width) found.push(`${wide} px wide at ${width} px`);
  }
  await page.setViewportSize(size);
  return found;
}

// Both checks of a stage: what is wrong, with where it was seen.
export async function stageProblems(page, where) {
  return [...await axeViolations(page), ...await overflowAt(page)].map((p) => `${where}: ${p}`);
}
