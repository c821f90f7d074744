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
