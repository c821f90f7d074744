// uno serve's lobby and tables through real WebSocket connections:
// create, sit, start, a whole game with people and bots, come back,
// spectators, a match (docs/server.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, Client, startTable, playRandomly, latest, rng, sleep, UNO } from './harness.mjs';

let srv;
before(async () => { srv = await startServer({ args: ['--rate', '1000'] }); });
after(async () => { await srv.stop(); });

test('the server greets a connection and says where to point a browser', async () => {
  const c = await Client.connect(srv.url);
  await c.waitFor((m) => m.type === 'hello', 5000, 0);
  await c.close();
});

test('create checks its request and answers a code and a host secret', async () => {
  const c = await Client.connect(srv.url);
  const bad = [
    [{ op: 'create', rules: 'nosuch', seats: ['human', 'medium'] }, /rule/i],
    [{ op: 'create', rules: 'mattel', seats: ['human'] }, /seats/],
    [{ op: 'create', rules: 'mattel', seats: ['human', 'cmd:rm -rf /'] }, /seat 1/],
    [{ op: 'create', rules: 'mattel', seats: ['human', 'ismcts:100000000'] }, /seat 1/],
    [{ op: 'create', rules: 'mattel', seats: ['human', 'easy'], options: { uno_penalty: 'lots' } }, /uno_penalty/],
    [{ op: 'create', rules: 'mattel', seats: Array(11).fill('easy') }, /players|10/],
    [{ op: 'create', rules: '/etc/passwd', seats: ['human', 'easy'] }, /rule/i],
    [{ op: 'create', rules: 'kpgut', seats: ['human', 'easy'], spectators: 'all' }, /spectators/],
    [{ op: 'create', rules: 'kpgut', seats: ['human', 'easy'], bot_pace_ms: -1 }, /bot_pace_ms/],
    [{ op: 'create', rules: 'mattel', seats: ['human', 'easy'], deck: ['R1'] }, /deck.*--allow-decks/],
    [{ op: 'create', rules: 'mattel', seats: ['human', 'easy'], dealer: 1 }, /dealer.*--allow-decks/],
  ];
  for (const [req, why] of bad) {
    const a = await c.request(req);
    assert.equal(a.ok, false, JSON.stringify(req));
    assert.equal(a.error, 'bad_request');
    assert.match(a.message, why);
  }
  const made = await c.request({ op: 'create', rules: 'kpgut', seats: ['human', 'hard', 'human'] });
  assert.equal(made.ok, true);
  assert.match(made.table, /^[2-9A-HJKMNP-Z]{6}$/);
  assert.match(made.host, /^[0-9a-f]{32}$/);
  const info = await c.request({ op: 'table', table: made.table.toLowerCase() });
  assert.equal(info.ok, true);
  assert.equal(info.status, 'lobby');
  assert.deepEqual(info.seats.map((s) => s.kind), ['human', 'bot', 'human']);
  assert.ok(!JSON.stringify(info).includes(made.host), 'the description carries no secret');
  await c.close();
});

test('rules lists every built-in rule set\'s options, and each option\'s meaning and source', async () => {
  const c = await Client.connect(srv.url);
  const r = await c.request({ op: 'rules' });
  assert.equal(r.ok, true);
  assert.deepEqual(Object.keys(r.rule_sets).sort(), ['classic', 'kpgut', 'mattel']);
  assert.equal(r.rule_sets.kpgut.uno_grace_ms, 3000);
  assert.equal(r.rule_sets.mattel.uno_grace_ms, 0);
  const grace = r.options.find((o) => o.name === 'uno_grace_ms');
  assert.equal(grace.type, 'int');
  assert.match(grace.source, /KPGUT §1/);
  for (const o of r.options) {
    assert.ok(o.meaning && o.source, o.name);
    for (const set of Object.values(r.rule_sets)) assert.ok(o.name in set, `${o.name} has a value in every rule set`);
  }
  await c.close();
});

test('people sit in free seats, only the host starts, and only with every seat taken', async () => {
  const t = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'human', 'easy'] }, { start: false });
  const [a, b] = t.clients;
  assert.equal(a.seat, 0);
  assert.equal(b.seat, 1);
  const late = await Client.connect(srv.url);
  let r = await late.request({ op: 'sit', table: t.code, name: 'Late', age: 40 });
  assert.equal(r.error, 'seat_taken');
  r = await late.request({ op: 'sit', table: t.code, name: 'Late', age: 40, seat: 2 });
  assert.equal(r.error, 'seat_taken', 'a bot seat is no one\'s');
  r = await b.request({ op: 'start', table: t.code, host: b.token });
  assert.equal(r.error, 'bad_token', 'a seat token is not the host secret');
  r = await a.request({ op: 'start', table: t.code, host: t.host });
  assert.equal(r.ok, true);
  const update = await b.waitFor((m) => m.type === 'update', 5000, 0);
  assert.equal(update.view.counts.length, 3);
  assert.equal(update.view.hands[0], null);
  assert.equal(update.view.hands[1].length, update.view.counts[1]);
  r = await late.request({ op: 'sit', table: t.code, name: 'Late', age: 40 });
  assert.equal(r.ok, false, 'no one sits down once the game has started');
  for (const c of [a, b, late]) await c.close();
});

for (const rules of ['mattel', 'classic', 'kpgut']) {
  test(`a whole ${rules} game, two people and two bots, to its end`, async () => {
    const t = await startTable(srv.url, { rules, seats: ['human', 'medium', 'human', 'hard'], bot_pace_ms: 0 });
    const random = rng(7);
    const played = await Promise.all([0, 2].map((s) => playRandomly(t.clients[s], random)));
    assert.ok(played[0] > 0 && played[1] > 0);
    for (const s of [0, 2]) {
      const last = latest(t.clients[s]);
      assert.equal(last.view.over, true);
      assert.equal(last.view.ranking.flat().length > 0, true);
    }
    const info = await t.clients[0].request({ op: 'table', table: t.code });
    assert.equal(info.status, 'over');
    for (const c of t.clients) if (c) await c.close();
  });
}

test('a seat is taken back with its token after the connection dropped, and sees the game as it stands', async () => {
  const t = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'human'], bot_pace_ms: 0 });
  const [a, b] = t.clients;
  const before = await a.request({ op: 'view' });
  await a.close();
  const info = await b.request({ op: 'table', table: t.code });
  assert.equal(info.seats[0].connected, false);
  const back = await Client.connect(srv.url);
  let r = await back.request({ op: 'resume', table: t.code, token: 'f'.repeat(32) });
  assert.equal(r.error, 'bad_token');
  r = await back.request({ op: 'resume', table: t.code, token: a.token });
  assert.equal(r.ok, true);
  assert.equal(r.seat, 0);
  const update = await back.waitFor((m) => m.type === 'update', 5000, 0);
  assert.deepEqual(update.view.hands[0], before.view.hands[0]);
  // the same seat from a second device: the first one is told and let go
  const again = await Client.connect(srv.url);
  r = await again.request({ op: 'resume', table: t.code, token: a.token });
  assert.equal(r.ok, true);
  await back.waitFor((m) => m.type === 'replaced', 5000, 0);
  await back.closed;
  // a token of this table at another table is nothing there
  const other = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'easy'] }, { start: false });
  const stranger = await Client.connect(srv.url);
  r = await stranger.request({ op: 'resume', table: other.code, token: a.token });
  assert.equal(r.error, 'bad_token');
  for (const c of [again, b, stranger, other.hostConn]) await c.close();
});

test('a person away longer than the table allows is played by a bot until they come back', async () => {
  const t = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'human'], bot_pace_ms: 0, away_bot_ms: 1000 });
  const [a, b] = t.clients;
  await a.close();
  const info = await b.waitFor((m) => m.type === 'table' && m.seats[0].stand_in, 5000);
  assert.equal(info.seats[0].connected, false);
  // b plays; the stand-in answers for seat 0
  const random = rng(3);
  await Promise.race([playRandomly(b, random), sleep(1500)]);
  b.onUpdate = null;
  // seat 0's own choices (its person is gone): a card played, a draw in its turn
  const acted = b.frames.map((f) => JSON.parse(f)).filter((m) => m.type === 'update')
    .flatMap((m) => m.events).filter((e) => e.seat === 0 && (e.type === 'play' || (e.type === 'draw' && e.reason === 'draw')));
  assert.ok(acted.length > 0, 'the stand-in played seat 0');
  const back = await Client.connect(srv.url);
  const r = await back.request({ op: 'resume', table: t.code, token: a.token });
  assert.equal(r.ok, true);
  const now = await back.request({ op: 'table', table: t.code });
  assert.equal(now.seats[0].stand_in, false);
  for (const c of [back, b]) await c.close();
});

test('spectators: none, counts only, or every hand with the host\'s key; a seat cannot also watch', async () => {
  const closed = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'easy'], spectators: 'none' });
  const w = await Client.connect(srv.url);
  let r = await w.request({ op: 'watch', table: closed.code });
  assert.equal(r.error, 'forbidden');

  const counts = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'easy'], spectators: 'counts' });
  r = await w.request({ op: 'watch', table: counts.code });
  assert.equal(r.ok, true);
  let u = await w.request({ op: 'view' });
  assert.deepEqual(u.view.hands, [null, null]);
  assert.equal(u.moves, undefined);
  r = await w.request({ op: 'draw' });
  assert.equal(r.error, 'forbidden');
  r = await counts.clients[0].request({ op: 'watch', table: counts.code });
  assert.equal(r.error, 'forbidden', 'one connection, one role');
  await w.request({ op: 'leave' });

  const open = await startTable(srv.url, { rules: 'kpgut', seats: ['human', 'easy'], spectators: 'hands' });
  assert.match(open.key, /^[0-9a-f]{32}$/);
  r = await w.request({ op: 'watch', table: open.code });
  assert.equal(r.error, 'bad_token');
  r = await w.request({ op: 'watch', table: open.code, key: open.key });
  assert.equal(r.ok, true);
  u = await w.request({ op: 'view' });
  assert.equal(u.view.hands[0].length, u.view.counts[0]);
  for (const c of [w, closed.hostConn, counts.hostConn, open.hostConn]) await c.close();
});

test('a Mattel match is played through the server to 500 points, and then no next game is dealt', async () => {
  const t = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'easy'], bot_pace_ms: 0, match: true });
  const [a] = t.clients;
  const random = rng(17);
  let games = 0;
  for (;;) {
    await playRandomly(a, random);
    games++;
    const { match } = latest(a).view;
    assert.equal(match.target, 500);
    if (match.over) {
      assert.ok(Math.max(...match.totals) >= 500, `the match ended at ${JSON.stringify(match.totals)}`);
      break;
    }
    assert.ok(Math.max(...match.totals) < 500);
    const since = a.pushes.length;
    assert.equal((await a.request({ op: 'next', table: t.code, host: t.host })).ok, true);
    await a.waitFor((m) => m.type === 'update' && !m.view.over, 5000, since);
    assert.ok(games < 100, 'a match to 500 ends');
  }
  const r = await a.request({ op: 'next', table: t.code, host: t.host });
  assert.equal(r.error, 'over');
  assert.equal((await a.request({ op: 'table', table: t.code })).status, 'over');
  await a.close();
});

test('a match goes on with the host\'s next, and its scores carry over', async () => {
  const t = await startTable(srv.url, {
    rules: 'mattel', seats: ['human', 'easy'], bot_pace_ms: 0, match: { target: 100000 },
  });
  const [a] = t.clients;
  await playRandomly(a, rng(11));
  const first = latest(a).view;
  assert.ok(first.match, 'the view carries the match');
  let r = await a.request({ op: 'next', table: t.code, host: 'nope' });
  assert.equal(r.error, 'bad_token');
  const since = a.pushes.length;
  r = await a.request({ op: 'next', table: t.code, host: t.host });
  assert.equal(r.ok, true, JSON.stringify(r));
  const second = await a.waitFor((m) => m.type === 'update' && !m.view.over, 5000, since);
  assert.equal(second.view.match.game, first.match.game + 1);
  await a.close();
});

test('a finished game replays bit for bit from the database (uno serve --export, uno replay)', async () => {
  const t = await startTable(srv.url, { rules: 'kpgut', seats: ['human', 'medium', 'human'], bot_pace_ms: 0 });
  await Promise.all([0, 2].map((s) => playRandomly(t.clients[s], rng(5))));
  const dir = mkdtempSync(join(tmpdir(), 'uno-export-'));
  const file = join(dir, 'game.uno');
  // while the server runs: the database is read beside it
  execFileSync(UNO, ['serve', '--db', srv.db, '--export', t.code, file], { stdio: 'pipe' });
  const replayed = execFileSync(UNO, ['replay', file]).toString(); // each line's hash is checked
  const state = JSON.parse(replayed.split('\n').find((l) => l.startsWith('{'))).state;
  for (const s of [0, 2]) {
    const last = latest(t.clients[s]).view;
    assert.deepEqual(state.hands[s], last.hands[s]);
    assert.deepEqual(state.ranking, last.ranking);
  }
  assert.throws(() => execFileSync(UNO, ['serve', '--db', srv.db, '--export', t.code, file], { stdio: 'pipe' }),
    /exists/, 'an existing file is not written over');
  rmSync(dir, { recursive: true, force: true });
  for (const c of t.clients) if (c) await c.close();
});

test('a finished game is replayed step by step from a seat\'s own view, or anyone\'s once the match is over; a game going on is not', async () => {
  const t = await startTable(srv.url, {
    rules: 'mattel', seats: ['human', 'human', 'easy'], bot_pace_ms: 0, match: { target: 100000 },
  });
  const [a, b] = t.clients;
  let r = await a.request({ op: 'replay', table: t.code, game: 0, as: 0 });
  assert.equal(r.error, 'no_game', 'not while it is played');
  await Promise.all([playRandomly(a, rng(21)), playRandomly(b, rng(22))]);
  r = await b.request({ op: 'replay', table: t.code, game: 0, as: 0 });
  assert.equal(r.error, 'forbidden', 'another seat\'s view, not while the match goes on');
  const seen = await a.request({ op: 'replay', table: t.code, game: 0, as: 0 });
  assert.equal(seen.ok, true, JSON.stringify(seen).slice(0, 200));
  const last = seen.steps[seen.steps.length - 1].view;
  assert.equal(last.over, true);
  assert.deepEqual(last.hands[0], latest(a).view.hands[0], 'seat 0\'s view: its own hand');
  for (const step of seen.steps) {
    assert.deepEqual(step.view.hands.slice(1), [null, null], 'and no other');
    for (const e of step.events) if (e.type === 'draw' && e.seat !== 0) assert.equal(e.cards, undefined);
  }
  r = await b.request({ op: 'replay', table: t.code, as: 'table' });
  assert.equal(r.error, 'forbidden', 'not while the match may deal more games from the same seed');
  r = await b.request({ op: 'stop', table: t.code, host: t.host });
  assert.equal(r.ok, true, JSON.stringify(r));
  const whole = await b.request({ op: 'replay', table: t.code, as: 'table' });
  assert.equal(whole.steps.length, seen.steps.length);
  assert.ok(whole.steps[0].view.hands.every((h) => Array.isArray(h)), 'the whole table: every hand');
  assert.ok(!JSON.stringify(whole).includes('"seed"'), 'no request line, no seed');
  for (const c of t.clients) if (c) await c.close();
});

test('KPGUT §13: a newcomer joins a game in progress when the oldest player says yes, and keeps the seat', async () => {
  const t = await startTable(srv.url, {
    rules: 'kpgut', seats: ['human', 'human', 'easy'], options: { join: true }, bot_pace_ms: 10000,
  });
  const [young, old] = t.clients; // ages 20 and 21; the bot is 30, so the bot is the oldest
  const late = await Client.connect(srv.url);
  let r = await late.request({ op: 'join', table: t.code, name: 'Late', age: 19, seat: 1 });
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.seat, 1);
  const v = await late.request({ op: 'view' });
  assert.equal(v.view.counts.length, 4);
  assert.equal(v.view.counts[1], 9, 'the newcomer draws 9 (§13)');
  assert.equal((await old.request({ op: 'view' })).view.hands[2].length > 0, true, 'seat 1 moved up to 2');
  assert.equal(old.seat, 1, 'the client keeps its own number until told');
  const info = await young.request({ op: 'table', table: t.code });
  assert.deepEqual(info.seats.map((s) => s.name), ['P0', 'Late', 'P1', 'easy bot 3']);
  r = await late.request({ op: 'join', table: t.code, name: 'Again', age: 19 });
  assert.equal(r.ok, false, 'one role per connection');
  for (const c of [young, old, late]) await c.close();
});

test('KPGUT §13: the oldest person decides; a no leaves the game as it was', async () => {
  const t = await startTable(srv.url, { rules: 'kpgut', seats: ['human', 'human'], options: { join: true } });
  const [, oldest] = t.clients;
  const late = await Client.connect(srv.url);
  const asked = late.request({ op: 'join', table: t.code, name: 'Late', age: 50 });
  const request = await oldest.waitFor((m) => m.type === 'join', 5000, 0);
  assert.deepEqual([request.name, request.age, request.seat], ['Late', 50, 2]);
  let r = await t.clients[0].request({ op: 'consent', yes: true });
  assert.equal(r.error, 'forbidden', 'only the oldest');
  r = await oldest.request({ op: 'consent', yes: false });
  assert.equal(r.ok, true);
  const answer = await asked;
  assert.equal(answer.error, 'refused');
  assert.equal((await oldest.request({ op: 'view' })).view.counts.length, 2);
  const again = late.request({ op: 'join', table: t.code, name: 'Late', age: 50, seat: 0 });
  await oldest.waitFor((m) => m.type === 'join', 5000, oldest.pushes.length);
  await oldest.request({ op: 'consent', yes: true });
  const seated = await again;
  assert.equal(seated.ok, true);
  assert.equal(seated.seat, 0);
  for (const c of [...t.clients, late]) await c.close();
});

test('a KPGUT session of two games: the host deals the next, the session ends with its scores', async () => {
  const t = await startTable(srv.url, {
    rules: 'kpgut', seats: ['human', 'medium', 'easy'], bot_pace_ms: 0, match: { games: 2 },
  });
  const [a] = t.clients;
  // no §15 warnings: two for each bot eject both, and a session with one
  // player left is over after its first game
  await playRandomly(a, rng(31), { except: ['warn'] });
  let since = a.pushes.length;
  let r = await a.request({ op: 'next', table: t.code, host: t.host });
  assert.equal(r.ok, true, JSON.stringify(r));
  await a.waitFor((m) => m.type === 'update' && !m.view.over, 5000, since);
  await playRandomly(a, rng(32), { except: ['warn'] });
  const match = latest(a).view.match;
  assert.equal(match.kind, 'session');
  assert.equal(match.over, true, JSON.stringify(match));
  assert.equal(Math.max(...match.played), 2, 'two games (one ejected under §15 plays fewer)');
  r = await a.request({ op: 'next', table: t.code, host: t.host });
  assert.equal(r.ok, false, 'no third game');
  await a.close();
});

test('KPGUT §8 on the server\'s clock: a person away on their turn draws and loses it', async () => {
  const t = await startTable(srv.url, { rules: 'kpgut', seats: ['human', 'human'], options: { away_ms: 1000 } });
  const [a] = t.clients;
  const timeout = await a.waitFor((m) => m.type === 'update' && m.events.some((e) => e.type === 'timeout'), 5000, 0);
  const e = timeout.events.find((x) => x.type === 'timeout');
  assert.equal(e.seat, timeout.view.turn === 0 ? 1 : 0, 'the seat in turn went away');
  for (const c of t.clients) await c.close();
});

test('KPGUT §8 decides for a person whose connection dropped: no stand-in bot, the timer', async () => {
  const t = await startTable(srv.url, {
    rules: 'kpgut', seats: ['human', 'human'], options: { away_ms: 2500 }, away_bot_ms: 1000,
  });
  const inTurn = (await t.clients[0].request({ op: 'view' })).view.turn;
  const [gone, stays] = inTurn === 0 ? t.clients : [t.clients[1], t.clients[0]];
  await gone.close();
  const timeout = await stays.waitFor((m) => m.type === 'update' && m.events.some((e) => e.type === 'timeout'), 5000, 0);
  assert.equal(timeout.events.find((x) => x.type === 'timeout').seat, inTurn, 'the away seat lost its turn');
  const info = await stays.request({ op: 'table', table: t.code });
  assert.equal(info.seats[inTurn].connected, false);
  assert.equal(info.seats[inTurn].stand_in, false, 'the table\'s rule decides, not a stand-in');
  await stays.close();
});
