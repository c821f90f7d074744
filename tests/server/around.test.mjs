// Around the game (docs/protocol.md "The server"): quick reactions told to
// the whole table, public tables listed in the lobby, through real
// WebSocket connections.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, Client, startTable, sleep } from './harness.mjs';

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
  const nobody = await Client.connect(srv.url);
  assert.equal((await nobody.request({ op: 'react', emote: 'wow' })).error, 'no_table');
  await sleep(300);
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
