// Around the game (docs/protocol.md "The server"): quick reactions told to
// the whole table, public tables listed in the lobby, a rematch with the
// same seats, through real
// WebSocket connections; the table's QR code over HTTP, read back by a QR
// decoder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import jsQR from 'jsqr';
import { startServer, Client, startTable, playRandomly, latest, rng, sleep } from './harness.mjs';

let srv;
before(async () => { srv = await startServer({ args: ['--rate', '1000'] }); });
after(async () => { await srv.stop(); });

test('a reaction is told to every seat and spectator, with its sender, and is no action', async () => {
  const t = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'human', 'easy'], bot_pace_ms: 10000 });
  const [a, b] = t.clients;
  const watcher = await Client.connect(srv.url);
  assert.equal((await watcher.request({ op: 'watch', table: t.code })).ok, true);
  const before = (await a.request({ op: 'table', table: t.code })).actions;
  const seenB = b.waitFor((m) => m.type === 'reaction');
  const seenW = watcher.waitFor((m) => m.type === 'reaction');
  const answer = await a.request({ op: 'react', emote: 'laugh' });
  assert.equal(answer.ok, true);
  assert.deepEqual(await seenB, { type: 'reaction', emote: 'laugh', seat: 0 });
  assert.deepEqual(await seenW, { type: 'reaction', emote: 'laugh', seat: 0 });
  assert.equal((await a.request({ op: 'table', table: t.code })).actions, before, 'not kept with the game');
  const fromWatcher = b.waitFor((m) => m.type === 'reaction');
  assert.equal((await watcher.request({ op: 'react', emote: 'clap' })).ok, true);
  assert.deepEqual(await fromWatcher, { type: 'reaction', emote: 'clap', spectator: true });
  for (const c of [a, b, watcher]) await c.close();
});

test('a reaction is one of the fixed emotes, one a second, from someone at a table', async () => {
  const t = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'human'] }, { start: false });
  const [a, b] = t.clients;
  const extra = await a.request({ op: 'react', emote: 'wow', text: 'hi all' });
  assert.equal(extra.error, 'bad_request');
  assert.match(extra.message, /unknown field 'text' in react/);
  for (const [emote, why] of [['hello there', /emote/], [undefined, /emote/], [7, /emote/], ['👍', /emote/]]) {
    const refused = await a.request({ op: 'react', emote });
    assert.equal(refused.ok, false);
    assert.equal(refused.error, 'bad_request');
    assert.match(refused.message, why);
  }
  assert.equal((await a.request({ op: 'react', emote: 'wow' })).ok, true, 'in the waiting room too');
  const again = await a.request({ op: 'react', emote: 'wow' });
  assert.equal(again.error, 'rate_limited');
  await sleep(1100);
  assert.equal((await a.request({ op: 'react', emote: 'angry' })).ok, true);
  await b.waitFor((m) => m.type === 'reaction' && m.emote === 'angry', 20000, 0);
  const nobody = await Client.connect(srv.url);
  assert.equal((await nobody.request({ op: 'react', emote: 'wow' })).error, 'no_table');
  // anything the refusals sent b came before b's answer to a request made after them
  assert.equal((await b.request({ op: 'table', table: t.code })).ok, true);
  const told = b.pushes.filter((m) => m.type === 'reaction').map((m) => m.emote);
  assert.deepEqual(told, ['wow', 'angry'], 'refused reactions are told to nobody');
  for (const c of [a, b, nobody]) await c.close();
});

test('tables lists the public tables that wait for people, the newest first, and never a private one', async () => {
  const host = await Client.connect(srv.url);
  const create = async (more) => (await host.request({ op: 'create', rules: 'kpgut', seats: ['human', 'human', 'easy'], ...more })).table;
  const refused = await host.request({ op: 'create', rules: 'mattel', seats: ['human', 'easy'], public: 'yes' });
  assert.equal(refused.error, 'bad_request');
  assert.match(refused.message, /public/);
  const unknown = await host.request({ op: 'tables', rules: 'kpgut' });
  assert.match(unknown.message, /unknown field 'rules' in tables/);
  const secret = await create({});
  const hidden = await create({ public: false });
  const older = await create({ public: true, options: { away_ms: 20000 } });
  const newer = await create({ public: true });
  const listed = async () => (await host.request({ op: 'tables' })).tables.map((t) => t.table);
  let codes = await listed();
  assert.ok(!codes.includes(secret) && !codes.includes(hidden), 'a private table is never listed');
  assert.ok(codes.indexOf(newer) < codes.indexOf(older) && codes.indexOf(newer) >= 0, 'newest first');
  const entry = (await host.request({ op: 'tables' })).tables.find((t) => t.table === older);
  assert.deepEqual(entry, { table: older, rules: 'kpgut', options: { away_ms: 20000 }, seats: 3, people: 0, free: 2 });
  assert.equal((await host.request({ op: 'table', table: older })).public, true);
  assert.equal((await host.request({ op: 'table', table: secret })).public, false);

  const a = await Client.connect(srv.url), b = await Client.connect(srv.url);
  assert.equal((await a.request({ op: 'sit', table: older, name: 'Aino', age: 30 })).ok, true);
  assert.deepEqual((await host.request({ op: 'tables' })).tables.find((t) => t.table === older).free, 1);
  assert.equal((await b.request({ op: 'sit', table: older, name: 'Bo', age: 31 })).ok, true);
  codes = await listed();
  assert.ok(!codes.includes(older), 'a table with no free seat is not listed');
  assert.ok(!JSON.stringify(await host.request({ op: 'tables' })).match(/[0-9a-f]{32}/), 'no secret in the list');
  for (const c of [host, a, b]) await c.close();
});

test('tables lists at most the 50 newest', async () => {
  const host = await Client.connect(srv.url);
  const made = [];
  for (let i = 0; i < 55; i++)
    made.push((await host.request({ op: 'create', rules: 'mattel', seats: ['human', 'easy'], public: true })).table);
  const codes = (await host.request({ op: 'tables' })).tables.map((t) => t.table);
  assert.deepEqual(codes, made.slice(-50).reverse());
  await host.close();
});

// A GET of the server's HTTP side, with the headers given (Host among them).
function get(path, headers = {}, method = 'GET') {
  const { port } = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

// The QR code an SVG of qr.c draws, read back by a QR decoder (npm jsqr):
// its dark runs ("M x y h n v1 h-n z") painted 4 pixels a module.
function decodeSvg(svg) {
  const side = Number(svg.match(/viewBox="0 0 (\d+) \1"/)[1]);
  const scale = 4, w = side * scale;
  const pixels = new Uint8ClampedArray(w * w * 4).fill(255);
  for (const [, x, y, n] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
    for (let py = y * scale; py < (+y + 1) * scale; py++)
      for (let px = x * scale; px < (+x + +n) * scale; px++) pixels.fill(0, (py * w + px) * 4, (py * w + px) * 4 + 3);
  return { side, text: jsQR(pixels, w, w)?.data };
}

test('/qr.svg draws the link to a table from the request\'s Host, and nothing else', async () => {
  const host = await Client.connect(srv.url);
  const { table } = await host.request({ op: 'create', rules: 'mattel', seats: ['human', 'easy'], spectators: 'hands' });
  const qr = await get(`/qr.svg?t=${table.toLowerCase()}`, { Host: 'uno.example:8443' });
  assert.equal(qr.status, 200);
  assert.equal(qr.type, 'image/svg+xml');
  const drawn = decodeSvg(qr.body);
  assert.equal(drawn.text, `http://uno.example:8443/#/t/${table}`);
  assert.ok(drawn.side >= 21 + 8 && (drawn.side - 8 - 21) % 4 === 0, 'a QR code\'s size, 21 + 4k modules, and the quiet zone');
  assert.ok(qr.body.length < 20000);
  const v6 = await get(`/qr.svg?t=${table}`, { Host: '[::1]:80' });
  assert.equal(decodeSvg(v6.body).text, `http://[::1]:80/#/t/${table}`);
  const refusals = [
    [`/qr.svg?t=${table}`, { Host: 'a b' }, 400, /Host/],
    [`/qr.svg?t=${table}`, { Host: 'evil.example/x?' }, 400, /Host/],
    [`/qr.svg?t=${table}`, { Host: 'x:99999999' }, 400, /Host/],
    ['/qr.svg?t=ZZZZZZ', {}, 404, /no table/],
    [`/qr.svg?t=${table}X`, {}, 404, /no table/],
    [`/qr.svg?t=${'A'.repeat(300)}`, {}, 404, /no table/],
    ['/qr.svg', {}, 404, /no table/],
    [`/qr.svg/more?t=${table}`, {}, 404, /not found/],
  ];
  for (const [path, headers, status, why] of refusals) {
    const r = await get(path, headers);
    assert.equal(r.status, status, path);
    assert.match(r.body, why);
  }
  const huge = await get(`/qr.svg?t=${'A'.repeat(5000)}`).catch((e) => ({ status: e.code }));
  assert.equal(huge.status, 'ECONNRESET', 'past libwebsockets\' bound on a request\'s headers: hung up on');
  await host.close();
});

test('/qr.svg says https behind a proxy only where the server trusts the proxy', async () => {
  const host = await Client.connect(srv.url);
  const { table } = await host.request({ op: 'create', rules: 'mattel', seats: ['human', 'easy'] });
  const qr = await get(`/qr.svg?t=${table}`, { Host: 'uno.example', 'X-Forwarded-Proto': 'https' });
  assert.equal(decodeSvg(qr.body).text, `http://uno.example/#/t/${table}`, 'no --trust-proxy: the header is anyone\'s');
  const proxied = await startServer({ args: ['--trust-proxy'] });
  const c = await Client.connect(proxied.url);
  const made = await c.request({ op: 'create', rules: 'mattel', seats: ['human', 'easy'] });
  const { port } = new URL(proxied.url);
  const body = await new Promise((resolve) => http.get({ host: '127.0.0.1', port, path: `/qr.svg?t=${made.table}`,
    headers: { Host: 'uno.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '10.0.0.1' } }, (res) => {
    let b = ''; res.on('data', (d) => { b += d; }); res.on('end', () => resolve(b));
  }));
  assert.equal(decodeSvg(body).text, `https://uno.example/#/t/${made.table}`);
  await c.close();
  await proxied.stop();
  await host.close();
});

// Plays a started table's people at random until its game is over.
async function playToEnd(t, seed) {
  const random = rng(seed);
  await Promise.all(t.clients.filter(Boolean).map((c) => playRandomly(c, random)));
}

test('rematch: the host\'s new table has the same rules and seats, and each person still there is given theirs', async () => {
  const create = { rules: 'mattel', seats: ['human', 'human', 'easy', 'human'], bot_pace_ms: 0, away_bot_ms: 1000, options: { uno_penalty: 4 }, public: true };
  const t = await startTable(srv.url, create);
  const [a, b, , gone] = t.clients;
  const early = await a.request({ op: 'rematch', table: t.code, host: t.host });
  assert.equal(early.error, 'bad_request');
  assert.match(early.message, /over/);
  await gone.close(); // away at the game's end: a stand-in plays on
  t.clients[3] = null;
  await playToEnd(t, 30);
  assert.equal((await b.request({ op: 'rematch', table: t.code, host: 'f'.repeat(32) })).error, 'bad_token');
  const unknown = await a.request({ op: 'rematch', table: t.code, host: t.host, seats: ['human'] });
  assert.match(unknown.message, /unknown field 'seats' in rematch/);
  const invitedB = b.waitFor((m) => m.type === 'rematch');
  const made = await a.request({ op: 'rematch', table: t.code, host: t.host });
  assert.equal(made.ok, true);
  assert.notEqual(made.table, t.code);
  assert.match(made.host, /^[0-9a-f]{32}$/);
  const invitedA = await a.waitFor((m) => m.type === 'rematch', 5000, 0);
  assert.deepEqual([invitedA.table, invitedA.seat], [made.table, 0]);
  assert.deepEqual([(await invitedB).table, (await invitedB).seat], [made.table, 1]);
  assert.notEqual(invitedA.token, a.token, 'a new seat, a new token');
  const info = await a.request({ op: 'table', table: made.table });
  assert.equal(info.status, 'lobby');
  assert.equal(info.rules, 'mattel');
  assert.deepEqual(info.options, { uno_penalty: 4 });
  assert.equal(info.public, true);
  assert.deepEqual(info.seats.map((s) => [s.kind, s.name ?? null, s.taken ?? null]),
    [['human', 'P0', true], ['human', 'P1', true], ['bot', info.seats[2].name, null], ['human', null, false]]);
  assert.equal(info.seats[2].level, 'easy');
  // each takes their seat with the token they were given, the one away sits anew
  for (const [c, inv] of [[a, invitedA], [b, await invitedB]]) {
    await c.request({ op: 'leave' });
    const back = await c.request({ op: 'resume', table: made.table, token: inv.token });
    assert.deepEqual([back.ok, back.seat], [true, inv.seat]);
  }
  const late = await Client.connect(srv.url);
  assert.deepEqual((await late.request({ op: 'sit', table: made.table, name: 'P3', age: 23 })).seat, 3);
  assert.equal((await a.request({ op: 'start', table: made.table, host: made.host })).ok, true);
  for (const c of [a, b, late]) await c.close();
});

test('rematch waits for a match\'s end: its next game is the host\'s next', async () => {
  const t = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'easy'], bot_pace_ms: 0, match: { target: 500 } });
  await playToEnd(t, 31);
  const [a] = t.clients;
  const goesOn = await a.request({ op: 'rematch', table: t.code, host: t.host });
  if ((await a.request({ op: 'view' })).view.match.over !== true) {
    assert.equal(goesOn.error, 'bad_request');
    assert.match(goesOn.message, /next/);
    assert.equal((await a.request({ op: 'stop', table: t.code, host: t.host })).ok, true);
  }
  const made = await a.request({ op: 'rematch', table: t.code, host: t.host });
  assert.equal(made.ok, true);
  const info = await a.request({ op: 'table', table: made.table });
  assert.equal(info.status, 'lobby');
  assert.deepEqual(info.seats.map((s) => s.kind), ['human', 'bot']);
  await a.close();
});
