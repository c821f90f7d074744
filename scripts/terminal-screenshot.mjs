// The README's picture of `uno play` (docs/play.md "A picture of the
// table"): plays a few turns of a seeded game in a tmux terminal of 100x30,
// captures the screen with its attributes (tmux capture-pane -e: colours,
// bold, dim, reverse), and has Debian's chromium (npm playwright-core) show
// it in a terminal emulator (npm @xterm/xterm) and save it as a PNG.
//
//   node scripts/terminal-screenshot.mjs [OUT.png]    (docs/img/terminal.png)
//
// Needs tmux and chromium (Debian; scripts/setup --test installs them) and
// `npm ci`; UNO_BIN names the binary (build/uno), CHROMIUM the browser
// (/usr/bin/chromium).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

const out = resolve(process.argv[2] || 'docs/img/terminal.png');
const uno = resolve(process.env.UNO_BIN || 'build/uno');
const [cols, rows] = [100, 30];
const socket = `uno-screenshot-${process.pid}`;
const xterm = (file) => createRequire(import.meta.url).resolve(`@xterm/xterm/${file}`);

if (!existsSync(uno)) {
  console.error(`terminal-screenshot: no ${uno}: build it with make (or set UNO_BIN)`);
  process.exit(1);
}

const tmux = (...args) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
const screen = (attributes) => tmux('capture-pane', '-p', ...(attributes ? ['-e'] : []));
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function waitFor(text, ms) {
  for (let waited = 0; waited < ms; waited += 100) {
    if (screen(false).includes(text)) return;
    await sleep(100);
  }
  throw new Error(`waited ${ms} ms for "${text}":\n${screen(false)}`);
}

// A turn of the person: Enter plays the card under the cursor (a playable
// one, if there is one), else d draws; a Wild asks for its colour.
async function playTurn() {
  await waitFor('Your turn: Enter play', 20000);
  tmux('send-keys', 'Enter');
  await sleep(400);
  if (screen(false).includes('Cannot play that')) tmux('send-keys', 'd');
  await sleep(400);
  if (screen(false).includes('You drew a playable card')) tmux('send-keys', 'Enter');
  await sleep(400);
  if (screen(false).includes('Which colour?')) tmux('send-keys', 'g');
}

let ansi;
try {
  tmux('new-session', '-d', '-x', String(cols), '-y', String(rows),
    `env LANG=C.UTF-8 LC_ALL=C.UTF-8 '${uno}' play --rules mattel --players 4 --seed 42 --pace 250 ` +
    '--name Tess --no-save');
  for (let turn = 0; turn < 3; turn++) await playTurn();
  await waitFor('Your turn: Enter play', 20000);
  await sleep(300);
  ansi = screen(true).replace(/\n$/, '');
} finally {
  try { tmux('kill-server'); } catch { /* already gone */ }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await page.setContent('<body style="margin:0;background:#000"><div id="t" style="display:inline-block;padding:10px"></div>');
  await page.addStyleTag({ path: xterm('css/xterm.css') });
  await page.addScriptTag({ path: xterm('lib/xterm.js') });
  await page.evaluate(([text, size]) => new Promise((done) => {
    const term = new window.Terminal({
      cols: size[0], rows: size[1], fontSize: 15, cursorInactiveStyle: 'none',
      fontFamily: "'DejaVu Sans Mono', 'Liberation Mono', monospace",
    });
    term.open(document.getElementById('t'));
    term.write(text.replace(/\n/g, '\r\n') + '\x1b[?25l', done); // the cursor hidden, as uno play hides it
  }), [ansi, [cols, rows]]);
  await page.locator('#t').screenshot({ path: out });
} finally {
  await browser.close();
}
console.log(`terminal-screenshot: ${out}`);
