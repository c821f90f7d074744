// Bad input of every kind gets a clear error, changes nothing and leaves the
// server up: malformed JSON, oversized messages, unknown ops, another
// seat's or table's token, spoofed seats and viewers, floods.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, Client, startTable, sleep } from './harness.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.stop(); });

// The next push that is an error (answers to messages with no id).
const nextError = (c) => c.waitFor((m) => m.ok === false, 5000, c.pushes.findIndex((m) => m.ok === false) + 1 || c.pushes.length);

test('malformed messages are answered with bad_request and the game does not change', async () => {
  const t = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'human'] });
  const [a, b] = t.clients;
  const view = (await a.request({ op: 'view' })).view;
  for (const junk of ['{', 'null', '[1,2]', '"play"', '{"op":42}', '{"op":""}', '\u0000', '{"op":"play","cards":"R1"}']) {
    const since = a.pushes.length;
    a.send(junk);
    const e = await a.waitFor((m) => m.ok === false, 5000, since);
    assert.equal(e.error, 'bad_request', junk);
  }
  let r = await a.request({ op: 'frobnicate' });
  assert.equal(r.ok, false);
  r = await a.request({ op: 'play', cards: ['Q9'] });
  assert.equal(r.error, 'bad_request');
  assert.match(r.message, /card/);
  r = await a.request({ op: 'state' });
  assert.equal(r.error, 'forbidden', 'no referee state for a client');
  r = await a.request({ op: 'new', rules: 'mattel', players: [{ name: 'x' }, { name: 'y' }] });
  assert.equal(r.error, 'forbidden', 'a client cannot deal a new game');
  r = await a.request({ op: 'tick', t: 99999999 });
  assert.equal(r.error, 'forbidden', 'the clock is the server\'s');
  assert.deepEqual((await a.request({ op: 'view' })).view, { ...view, t: (await a.request({ op: 'view' })).view.t });
  for (const c of [a, b]) await c.close();
});

test('a request acts for the connection\'s own seat and is rendered for it, whatever it says', async () => {
  const t = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'human'] });
  const [a, b] = t.clients;
  const v = await a.request({ op: 'view', seat: 1, as: 'referee', spectator: 0 });
  assert.equal(v.view.hands[1], null, 'seat 0 asking as seat 1 sees seat 0\'s view');
  assert.ok(Array.isArray(v.view.hands[0]));
  const legal = await b.request({ op: 'legal', seat: 0 });
  for (const m of legal.moves) assert.equal(m.seat, 1);
  const bv = await b.request({ op: 'view' });
  const mover = bv.view.turn === 0 ? a : b;
  const other = mover === a ? b : a;
  const draw = await other.request({ op: 'draw', seat: mover.seat, as: 'referee' });
  assert.equal(draw.ok, false, 'out of turn, whatever seat it names');
  assert.equal(draw.error, 'not_your_turn');
  for (const c of [a, b]) await c.close();
});

test('a message over the size limit is dropped with too_large; the connection goes on', async () => {
  const c = await Client.connect(srv.url);
  const since = c.pushes.length;
  c.send(JSON.stringify({ op: 'create', rules: 'mattel', seats: ['human', 'easy'], pad: 'x'.repeat(200 * 1024) }));
  const e = await c.waitFor((m) => m.ok === false, 5000, since);
  assert.equal(e.error, 'too_large');
  const r = await c.request({ op: 'create', rules: 'mattel', seats: ['human', 'easy'] });
  assert.equal(r.ok, true);
  await c.close();
});

test('a flood is cut to the connection\'s rate, then the connection is closed; others are served', async () => {
  const flood = await Client.connect(srv.url);
  const calm = await Client.connect(srv.url);
  for (let i = 0; i < 100; i++) flood.send({ op: 'table', table: 'AAAAAA' });
  const limited = await flood.waitFor((m) => m.error === 'rate_limited', 5000, 0);
  assert.match(limited.message, /too many/);
  const answered = flood.frames.map((f) => JSON.parse(f)).filter((m) => m.error === 'no_table').length;
  assert.ok(answered >= 30 && answered < 100, `answered ${answered} of 100: the burst, the rest dropped`);
  for (let i = 0; i < 1000 && flood.ws.readyState === 1; i++) flood.send({ op: 'table', table: 'AAAAAA' });
  await flood.closed; // a connection that keeps flooding is let go
  const r = await calm.request({ op: 'create', rules: 'kpgut', seats: ['human', 'easy'] });
  assert.equal(r.ok, true, 'the server is up for everyone else');
  await calm.close();
});

test('tokens: another table\'s, a wrong one, the host\'s secret for a seat', async () => {
  const one = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'easy'] });
  const two = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'easy'] });
  const c = await Client.connect(srv.url);
  for (const [table, token] of [[two.code, one.clients[0].token], [one.code, one.host], [one.code, ''], [one.code, 42]]) {
    const r = await c.request({ op: 'resume', table, token });
    assert.equal(r.ok, false);
  }
  let r = await c.request({ op: 'resume', table: 'ZZZZZZ', token: one.clients[0].token });
  assert.equal(r.error, 'no_table');
  r = await c.request({ op: 'draw' });
  assert.equal(r.error, 'no_table', 'no seat, no game ops');
  for (const x of [c, one.hostConn, two.hostConn]) await x.close();
});

test('the server is still up and answers after all this', async () => {
  await sleep(100);
  const c = await Client.connect(srv.url);
  const r = await c.request({ op: 'create', rules: 'classic', seats: ['human', 'easy'] });
  assert.equal(r.ok, true);
  await c.close();
  assert.equal(srv.proc.exitCode, null);
});
