// Real-time windows on the server's clock (docs/server.md "Real time").
// KPGUT §1: a player left with one card may say UNO for 3 seconds; after
// that anyone may catch them. Clients with injected latency race a UNO call
// against a catch: whichever reaches the server first is applied first, on
// the server's clock. And a catch pressed again and again gains nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startTable, Client, sleep } from './harness.mjs';

let srv;
before(async () => { srv = await startServer({ args: ['--allow-decks'] }); });
after(async () => { await srv.stop(); });

// Three people; seat 0 (the youngest) opens with R5 and is left with R7,
// without saying UNO. Resolves when the play was answered.
async function oneCardLeft() {
  const t = await startTable(srv.url, {
    rules: 'kpgut', seats: ['human', 'human', 'human'], options: { hand_size: 2 },
    deck: ['R5', 'G1', 'B1', 'R7', 'G2', 'B2'],
  });
  const played = await t.clients[0].request({ op: 'play', cards: ['R5'] });
  assert.equal(played.ok, true);
  return { t, at: Date.now() };
}

// Sends obj after `latency` ms (the network's delay before the server sees
// it), `at` ms after `start`; resolves with the answer.
async function sendAt(client, start, at, latency, obj) {
  await sleep(Math.max(0, start + at + latency - Date.now()));
  return client.request(obj);
}

test('a UNO call that reaches the server within the grace beats a catch sent earlier but arriving later', async () => {
  const { t, at } = await oneCardLeft();
  const [a, , c] = t.clients;
  // a says UNO at 2.2 s with 300 ms of latency (there at 2.5 s); c catches
  // at 2.0 s with 1.5 s of latency (there at 3.5 s, after the grace)
  const [call, caught] = await Promise.all([
    sendAt(a, at, 2200, 300, { op: 'uno' }),
    sendAt(c, at, 2000, 1500, { op: 'catch', target: 0 }),
  ]);
  assert.equal(call.ok, true, JSON.stringify(call));
  assert.equal(caught.ok, false);
  assert.equal(caught.error, 'illegal');
  const v = await a.request({ op: 'view' });
  assert.equal(v.view.counts[0], 1, 'no penalty');
  for (const x of t.clients) await x.close();
});

test('a catch that reaches the server after the grace beats a UNO call sent earlier but arriving later', async () => {
  const { t, at } = await oneCardLeft();
  const [a, , c] = t.clients;
  // a says UNO at 2.6 s with 1.2 s of latency (there at 3.8 s); c catches at
  // 3.3 s with no latency
  const [call, caught] = await Promise.all([
    sendAt(a, at, 2600, 1200, { op: 'uno' }),
    sendAt(c, at, 3300, 0, { op: 'catch', target: 0 }),
  ]);
  assert.equal(caught.ok, true, JSON.stringify(caught));
  assert.deepEqual(caught.events.map((e) => e.type), ['catch', 'draw']);
  assert.equal(call.ok, false);
  assert.match(call.message, /too late|nothing to call UNO/); // caught already: three cards
  const v = await a.request({ op: 'view' });
  assert.equal(v.view.counts[0], 3, 'one card and a penalty of two');
  for (const x of t.clients) await x.close();
});

test('the grace is in every view, counted on the server\'s clock; when it runs out the catch is listed without another action', async () => {
  const { t } = await oneCardLeft();
  const [, , c] = t.clients;
  const during = await c.request({ op: 'view' });
  const [unsaid] = during.view.clock.unsaid;
  assert.equal(unsaid.seat, 0);
  assert.equal(unsaid.catch_from, during.view.t + 3001, 'KPGUT §1: three seconds after the play');
  assert.ok(during.now >= during.view.t && during.now < unsaid.catch_from);
  assert.ok(!during.moves.some((m) => m.op === 'catch'), 'no catch within the grace');
  await sleep(unsaid.catch_from - during.now + 200);
  const after = await c.request({ op: 'view' });
  assert.ok(after.now >= unsaid.catch_from);
  assert.ok(after.moves.some((m) => m.op === 'catch' && m.target === 0), 'the catch, once the grace is over');
  for (const x of t.clients) await x.close();
});

test('when the grace runs out, every connection is sent an update listing the catch without asking', async () => {
  const { t } = await oneCardLeft();
  const [a, b, c] = t.clients;
  const since = c.pushes.length;
  const catchable = (m) => m.type === 'update' && m.moves?.some((x) => x.op === 'catch' && x.target === 0);
  const [pushed, pushedB] = await Promise.all([c.waitFor(catchable, 6000, since), b.waitFor(catchable, 6000, since)]);
  const [unsaid] = pushed.view.clock.unsaid;
  assert.equal(unsaid.seat, 0);
  assert.ok(pushed.now >= unsaid.catch_from && pushed.now < unsaid.catch_from + 200,
    `pushed at ${pushed.now}, the grace ended at ${unsaid.catch_from}`);
  assert.deepEqual(pushed.events, [], 'nothing happened but time');
  // the same update to both, each with the clock as it was sent (docs/protocol.md `now`)
  assert.equal(pushedB.actions, pushed.actions);
  assert.deepEqual(pushedB.events, []);
  assert.ok(pushedB.now >= unsaid.catch_from, `pushed to b at ${pushedB.now}`);
  assert.ok(!pushed.view.hands[0], 'the pushed view hides the other hands as any update does');
  const own = await a.waitFor((m) => m.type === 'update' && m.now >= unsaid.catch_from, 1000, since);
  assert.ok(!own.moves.some((x) => x.op === 'uno'), 'too late to say UNO once the grace ran out');
  assert.ok(own.view.hands?.[0], 'the seat sees its own hand');
  for (const x of t.clients) await x.close();
});

test('KPGUT §8: the away timer fires on the server\'s clock and everyone is told, without anyone asking', async () => {
  const t = await startTable(srv.url, {
    rules: 'kpgut', seats: ['human', 'human', 'human'], options: { hand_size: 2, away_ms: 1500 },
    deck: ['R5', 'G1', 'B1', 'R7', 'G2', 'B2', 'Y9'],
  });
  const [a, b] = t.clients;
  const first = await a.request({ op: 'view' });
  const turn = first.view.turn;
  const since = b.pushes.length;
  const timedOut = (m) => m.type === 'update' && m.events.some((e) => e.type === 'timeout');
  const pushed = await b.waitFor(timedOut, 5000, since);
  const timeout = pushed.events.find((e) => e.type === 'timeout');
  assert.equal(timeout.seat, turn);
  assert.equal(pushed.view.counts[turn], 4, '§8: two cards drawn unseen');
  assert.notEqual(pushed.view.turn, turn, 'and the turn lost');
  assert.ok(pushed.now >= first.view.clock.away_at && pushed.now < first.view.clock.away_at + 200,
    `fired at ${pushed.now}, due at ${first.view.clock.away_at}`);
  for (const x of t.clients) await x.close();
});

test('a catch flood gains nothing: one click after the grace wins over a button pressed every 60 ms', async () => {
  const { t, at } = await oneCardLeft();
  const [, b, c] = t.clients;
  const flood = [];
  for (let ms = 0; ms < 4500; ms += 60) flood.push(sendAt(b, at, ms, 0, { op: 'catch', target: 0 }));
  const click = sendAt(c, at, 3500, 0, { op: 'catch', target: 0 });
  const answers = await Promise.all(flood);
  const clicked = await click;
  assert.equal(clicked.ok, true, JSON.stringify(clicked));
  assert.equal(answers.filter((x) => x.ok).length, 0, 'the flooder caught nobody');
  assert.ok(answers.filter((x) => x.error === 'rate_limited').length > 40, 'most presses never reached the referee');
  for (const x of t.clients) await x.close();
});

test('the server answers a WebSocket opened at any path (what a router by table code needs, docs/scaling.md)', async () => {
  const c = new Client(srv.url.replace(/\/$/, '/t/ABCDEF'));
  await c.open();
  const hello = await c.waitFor((m) => m.type === 'hello', 5000, 0);
  assert.equal(hello.server, 'uno');
  assert.equal((await c.request({ op: 'rules' })).ok, true);
  await c.close();
});

// A client whose pongs leave `delay` ms after each ping, and that also sends
// pongs of its own before any ping (guessing numbers), to look faster.
async function laggingClient(url, delay) {
  const c = new Client(url);
  const receive = c.receive.bind(c);
  let guess = 0;
  c.receive = (text) => {
    const msg = JSON.parse(text);
    if (msg.type !== 'ping') return receive(text);
    c.frames.push(text);
    for (let n = 1; n <= 3; n++) c.send({ op: 'pong', n: msg.n + n });
    c.send({ op: 'pong', n: ++guess });
    setTimeout(() => c.send({ op: 'pong', n: msg.n }), delay);
  };
  await c.open();
  return c;
}

test('lag is the server\'s own measure: a slow pong counts, a pong sent before its ping does not', async () => {
  const host = await Client.connect(srv.url);
  const made = await host.request({ op: 'create', rules: 'mattel', seats: ['human', 'easy'] });
  const slow = await laggingClient(srv.url, 300);
  const sat = await slow.request({ op: 'sit', table: made.table, name: 'Slow', age: 30, seat: 0 });
  assert.equal(sat.ok, true, JSON.stringify(sat));
  // the first ping, at connection, is answered 300 ms after it came
  let lag = null;
  for (let tries = 0; lag === null && tries < 50; tries++) {
    await sleep(100);
    lag = (await host.request({ op: 'table', table: made.table })).seats[0].lag;
  }
  assert.ok(lag >= 300 && lag < 2000, `lag ${lag} ms for pongs sent 300 ms after their pings`);
  for (const c of [slow, host]) await c.close();
});
