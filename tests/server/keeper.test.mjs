// The scorekeeper (docs/scorekeeper.md, src/server/keeper*.c): its scores
// must be the engine's session scoring for the same events. Each session is
// played by the engine (`uno table`, a KPGUT match session, random legal
// moves with give-ups, warnings, joins and slow turns that run into the
// hour), and every finish, give-up, warning, join and time-out is told to a
// scorekeeper table on a `uno serve --test-clock` whose clock is moved on
// exactly as the engine's; after every game the score pads, totals, games
// played, averages and standings must be equal. Then: who may change a
// table, bad input, undo, watchers, the restart, the CSV.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, Client, rng, UNO } from './harness.mjs';

const HOUR = 3600000;

// `uno table` as a promise per request line.
function engineTable() {
  const proc = spawn(UNO, ['table'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout });
  const waiting = [];
  lines.on('line', (l) => waiting.shift()(JSON.parse(l)));
  return {
    ask(obj) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`uno table: no answer to ${JSON.stringify(obj)}`)), 10000);
        waiting.push((msg) => { clearTimeout(timer); resolve(msg); });
        proc.stdin.write(JSON.stringify(obj) + '\n');
      });
    },
    close() { proc.stdin.end(); return new Promise((r) => proc.on('exit', r)); },
  };
}

// What §6 reads of a hand: cards, and number cards by value.
function counts(hand) {
  const numbers = Array(10).fill(0);
  for (const c of hand) if (/^[RGBY][0-9]$/.test(c)) numbers[Number(c[1])]++;
  return { cards: hand.length, numbers };
}

// KPGUT §15: the oldest warns, the youngest warns the oldest (docs/rules.md
// reading 7: the earlier of equal ages is older). Ejected seats excluded.
function warner(state, target, ejected) {
  let oldest = -1, youngest = -1;
  state.players.forEach((p, s) => {
    if (ejected.has(s)) return;
    if (oldest < 0 || p.age > state.players[oldest].age) oldest = s;
    if (youngest < 0 || p.age <= state.players[youngest].age) youngest = s;
  });
  return target === oldest ? youngest : oldest;
}

// The parts of the session both keep, in the same shape.
function standings(session, nplayers) {
  return {
    scores: session.scores,
    totals: session.totals.map(Number),
    played: session.played,
    averages: session.averages,
    ranking: session.ranking,
    disqualified: Array.isArray(session.disqualified) && typeof session.disqualified[0] !== 'boolean'
      ? Array.from({ length: nplayers }, (_, p) => session.disqualified.includes(p))
      : session.disqualified,
  };
}

// One session, played by the engine and kept by the scorekeeper; returns
// what happened (for the test's message) after comparing game by game.
async function playSession(srv, seed, { games = 3, players = 3, slow = 0.02, giveup = 0.002, warn = 0.002, join = 0.002 } = {}) {
  const random = rng(seed);
  const people = Array.from({ length: players }, (_, i) => ({ name: `P${i}`, age: 10 + Math.floor(random() * 60) }));
  const eng = engineTable();
  const keeper = await Client.connect(srv.url);
  const created = await keeper.request({ op: 'keeper_create', players: people });
  assert.equal(created.ok, true, JSON.stringify(created));
  const table = { table: created.table, token: created.host };
  const act = async (x) => {
    const r = await keeper.request({ op: 'keeper_act', ...table, ...x });
    assert.equal(r.ok, true, `keeper ${JSON.stringify(x)}: ${JSON.stringify(r)}`);
    return r.keeper;
  };
  const advance = async (ms) => { if (ms > 0) await keeper.request({ op: 'keeper_clock', advance: ms }); };
  const story = { finishes: 0, giveups: 0, ejections: 0, joins: 0, hours: 0, exhausted: 0 };
  let t = 0, joined = 0;
  let r = await eng.ask({ op: 'new', rules: 'kpgut', players: people, seed, match: { games }, t: 0 });
  assert.equal(r.ok, true, JSON.stringify(r));
  let kept;
  for (let game = 0; game < games; game++) {
    let state = (await eng.ask({ op: 'state' })).state;
    let seats = [...state.match.seats]; // engine seat -> player
    const ejected = new Set();
    const t0 = t;
    await act({ act: 'start' });
    // Tells the scorekeeper the events of one engine answer, at time t.
    const tell = async (events, after) => {
      for (const e of events) {
        if (e.type === 'join') {
          const p = people.length + joined++;
          seats.splice(e.seat, 0, p);
          await act({ act: 'join', name: after.players[e.seat].name, age: after.players[e.seat].age, seat: e.seat });
          story.joins++;
        } else if (e.type === 'giveup') {
          await act({ act: 'giveup', player: seats[e.seat] });
          story.giveups++;
        } else if (e.type === 'warn') {
          await act({ act: 'warn', player: seats[e.target] });
          if (e.count >= 2) { ejected.add(e.target); story.ejections++; }
        } else if (e.type === 'finish' && e.reason !== 'last_player' && e.reason !== 'time' && e.reason !== 'exhausted') {
          await act({ act: 'finish', player: seats[e.seat] });
          story.finishes++;
        }
      }
      const left = events.filter((e) => e.type === 'finish' && (e.reason === 'time' || e.reason === 'exhausted'));
      if (left.length) {
        story[left[0].reason === 'time' ? 'hours' : 'exhausted']++;
        kept = await act({ act: 'end', counts: left.map((e) => ({ player: seats[e.seat], ...counts(after.hands[e.seat]) })) });
      }
    };
    while (!state.over) {
      const dt = random() < slow ? 300000 + Math.floor(random() * 900000) : Math.floor(random() * 20000);
      if (t + dt >= t0 + HOUR) { // the hour: the engine ends the game as the clock reaches it
        await advance(t0 + HOUR - t);
        t = t0 + HOUR;
        r = await eng.ask({ op: 'tick', t });
      } else {
        await advance(dt);
        t += dt;
        const active = state.hands.map((_, s) => s).filter((s) => state.ranking.flat().indexOf(s) < 0 && !ejected.has(s));
        const x = random();
        if (x < giveup && active.length > 0) {
          r = await eng.ask({ op: 'giveup', seat: active[Math.floor(random() * active.length)], t });
        } else if (x < giveup + warn && active.length > 1) {
          const target = active[Math.floor(random() * active.length)];
          r = await eng.ask({ op: 'warn', seat: warner(state, target, ejected), target, t });
        } else if (x < giveup + warn + join && state.ranking.length === 0 && state.hands.length < 8) {
          r = await eng.ask({ op: 'join', name: `J${joined}`, age: 10 + Math.floor(random() * 60), seat: Math.floor(random() * (state.hands.length + 1)), t });
        } else if (state.turn === null) {
          r = await eng.ask({ op: 'tick', t });
        } else {
          // the turn's moves (give-ups, warnings and joins come above, at
          // their own rates), mostly plays: random draws grow the hands
          const turnOps = ['play', 'draw', 'pass', 'take', 'challenge', 'color'];
          const moves = (await eng.ask({ op: 'legal', seat: state.turn })).moves.filter((m) => turnOps.includes(m.op));
          const plays = moves.filter((m) => m.op === 'play');
          const from = plays.length && random() < 0.95 ? plays : moves;
          const m = from[Math.floor(random() * from.length)];
          r = await eng.ask({ ...m, t });
        }
      }
      assert.equal(r.ok, true, `engine: ${JSON.stringify(r)}`);
      const after = (await eng.ask({ op: 'state' })).state;
      await tell(r.events, after);
      state = after;
    }
    kept = (await keeper.request({ op: 'keeper_watch', table: table.table })).keeper;
    assert.equal(kept.game.over, true, `game ${game} over for the scorekeeper too (${JSON.stringify(story)})`);
    const n = state.match.players.length;
    assert.deepEqual(standings(kept.session, n), standings(state.match, n),
      `seed ${seed}, game ${game}: the scorekeeper and the engine agree (${JSON.stringify(story)})`);
    if (state.match.over) break;
    r = await eng.ask({ op: 'next', t });
    assert.equal(r.ok, true, JSON.stringify(r));
    await act({ act: 'next' });
  }
  await eng.close();
  await keeper.close();
  return story;
}

let srv;
before(async () => { srv = await startServer({ args: ['--test-clock', '--rate', '10000'] }); });
after(async () => { await srv.stop(); });

test('scripted sessions: finishes only; slow games that reach the hour (§6 at 65, 70 ...); give-ups, warnings and joins', async () => {
  const fast = await playSession(srv, 11, { slow: 0, giveup: 0, warn: 0, join: 0 });
  assert.equal(fast.hours, 0);
  const slow = await playSession(srv, 12, { players: 4, slow: 0.3, giveup: 0, warn: 0, join: 0 });
  assert.ok(slow.hours > 0, `a game reached the hour: ${JSON.stringify(slow)}`);
  const people = await playSession(srv, 13, { players: 5, slow: 0.05, giveup: 0.01, warn: 0.01, join: 0.01 });
  assert.ok(people.giveups + people.ejections + people.joins > 0, JSON.stringify(people));
});

test('random sessions: the scorekeeper scores as the engine does', async (t) => {
  const seen = { finishes: 0, giveups: 0, ejections: 0, joins: 0, hours: 0, exhausted: 0 };
  for (let seed = 100; seed < 120; seed++) {
    const story = await playSession(srv, seed, { players: 2 + (seed % 5), slow: 0.002 + (seed % 3) * 0.004, warn: 0.006 });
    for (const k of Object.keys(seen)) seen[k] += story[k];
  }
  t.diagnostic(`20 sessions: ${JSON.stringify(seen)}`);
  for (const k of ['finishes', 'giveups', 'ejections', 'joins', 'hours']) assert.ok(seen[k] > 0, `some ${k}: ${JSON.stringify(seen)}`);
});

const nums = (zeros = 0) => [zeros, 0, 0, 0, 0, 0, 0, 0, 0, 0];

test('only the host or the time-keeper changes a table; bad input is refused and changes nothing', async () => {
  const a = await Client.connect(srv.url);
  const made = await a.request({ op: 'keeper_create', players: [{ name: 'Aino', age: 71 }, { name: 'Bo', age: 9 }, { name: 'Cai', age: 40 }] });
  assert.equal(made.ok, true);
  assert.match(made.host, /^[0-9a-f]{32}$/);
  assert.match(made.clock, /^[0-9a-f]{32}$/);
  assert.notEqual(made.host, made.clock);
  assert.equal(made.keeper.game.oldest, 0, 'Aino deals, keeps the time, warns');
  assert.equal(made.keeper.game.youngest, 1, 'Bo opens and warns Aino');
  const before = JSON.stringify(made.keeper.session);
  const refusals = [
    [{ op: 'keeper_create', players: [{ name: 'Solo', age: 5 }] }, 'bad_request'],
    [{ op: 'keeper_create', players: [{ name: 'X', age: 5 }, { name: 'X', age: 6 }] }, 'bad_request'],
    [{ op: 'keeper_create', players: [{ name: 'X' }, { name: 'Y', age: 6 }] }, 'bad_request'],
    [{ op: 'keeper_act', table: made.table, act: 'start' }, 'bad_token'],
    [{ op: 'keeper_act', table: made.table, token: 'f'.repeat(32), act: 'start' }, 'bad_token'],
    [{ op: 'keeper_act', table: 'ZZZZZZ', token: made.host, act: 'start' }, 'no_table'],
    [{ op: 'keeper_act', table: made.table, token: made.host, act: 'finish', player: 0 }, 'illegal'],
    [{ op: 'keeper_act', table: made.table, token: made.host, act: 'fly' }, 'bad_request'],
    [{ op: 'keeper_act', table: made.table, token: made.host, act: 'undo' }, 'illegal'],
    [{ op: 'keeper_act', table: made.table, token: made.host, act: 'next' }, 'illegal'],
    [{ op: 'keeper_clock', advance: -5 }, 'bad_request'],
  ];
  for (const [req, code] of refusals) {
    const r = await a.request(req);
    assert.equal(r.ok, false, JSON.stringify(req));
    assert.equal(r.error, code, `${JSON.stringify(req)}: ${JSON.stringify(r)}`);
    assert.ok(r.message.length > 5, 'a clear message');
  }
  const act = (x, token = made.clock) => a.request({ op: 'keeper_act', table: made.table, token, ...x });
  assert.equal((await act({ act: 'start' })).ok, true, 'the time-keeper starts the clock');
  const more = [
    [{ act: 'finish', player: 7 }, 'bad_request'],
    [{ act: 'finish', player: '0' }, 'bad_request'],
    [{ act: 'join', name: 'Aino', age: 3 }, 'bad_request'],
    [{ act: 'end', counts: [{ player: 0, cards: 2, numbers: nums(3) }] }, 'bad_request'],
    [{ act: 'end', counts: [{ player: 0, cards: 2, numbers: nums() }] }, 'bad_request'],
    [{ act: 'end', counts: [{ player: 0, cards: 0, numbers: nums() }, { player: 1, cards: 1, numbers: nums() }, { player: 2, cards: 1, numbers: nums() }] }, 'bad_request'],
    [{ act: 'start' }, 'illegal'],
  ];
  for (const [x, code] of more) {
    const r = await act(x);
    assert.equal(r.error, code, `${JSON.stringify(x)}: ${JSON.stringify(r)}`);
  }
  const w = await a.request({ op: 'keeper_watch', table: made.table });
  assert.equal(JSON.stringify(w.keeper.session), before, 'nothing changed');
  assert.ok(w.keeper.game.seats.every((s) => s.fate === 'playing' && s.warnings === 0));
  await a.close();
});

test('a session of taps: minutes, undo, §15 ejection, §13 join, the hour with §6, watchers told live, CSV', async () => {
  const host = await Client.connect(srv.url), watcher = await Client.connect(srv.url);
  const made = await host.request({ op: 'keeper_create', players: [{ name: 'Aino', age: 71 }, { name: 'Bo', age: 9 }, { name: 'Cai, "C"', age: 40 }] });
  const w = await watcher.request({ op: 'keeper_watch', table: made.table.toLowerCase() });
  assert.equal(w.ok, true, 'codes are read in any case');
  const act = async (x) => {
    const r = await host.request({ op: 'keeper_act', table: made.table, token: made.host, ...x });
    assert.equal(r.ok, true, `${JSON.stringify(x)}: ${JSON.stringify(r)}`);
    return r.keeper;
  };
  const clock = (ms) => host.request({ op: 'keeper_clock', advance: ms });
  const pushed = watcher.waitFor((m) => m.type === 'keeper' && m.keeper.game.started !== null);
  await act({ act: 'start' });
  assert.equal((await pushed).table, made.table, 'the watcher is told');
  await act({ act: 'join', name: 'Dan', age: 30, seat: 1 }); // §13: no winner yet
  await clock(7 * 60000 + 59000);
  let k = await act({ act: 'finish', player: 1 });
  await act({ act: 'undo' }); // a mistaken tap
  k = await act({ act: 'finish', player: 3 });
  assert.equal(k.game.seats.find((s) => s.player === 3).minutes, 7, 'whole minutes');
  assert.equal((await host.request({ op: 'keeper_act', table: made.table, token: made.host, act: 'join', name: 'Eve', age: 20 })).error, 'illegal', '§13: after a winner, no one joins');
  await act({ act: 'warn', player: 2 });
  k = await act({ act: 'warn', player: 2 });
  assert.equal(k.game.seats.find((s) => s.player === 2).fate, 'ejected', '§15: the second warning ejects');
  await clock(20 * 60000);
  k = await act({ act: 'giveup', player: 1 });
  assert.equal(k.game.over, true, 'one player left: the game is over');
  assert.deepEqual(k.session.scores, [[27, 60, null, 7]], 'Dan 7 minutes; Aino, the last, the minutes as a finisher; Bo gave up: the greater of 27 + 30 and 60; Cai ejected: none');
  k = await act({ act: 'next' });
  assert.deepEqual(k.game.seats.map((s) => s.player), [0, 3, 1], 'Cai is out of the session');
  await act({ act: 'start' });
  const hour = watcher.waitFor((m) => m.type === 'keeper' && m.keeper.game.hour_up);
  await clock(3600000);
  assert.equal((await hour).table, made.table, 'the watchers are told when the hour passes, before any tap');
  const late = await host.request({ op: 'keeper_act', table: made.table, token: made.host, act: 'finish', player: 0 });
  assert.equal(late.error, 'illegal', 'after the hour: counts, not taps');
  const joinLate = await host.request({ op: 'keeper_act', table: made.table, token: made.host, act: 'join', name: 'Eve', age: 20 });
  assert.equal(joinLate.error, 'illegal', 'nor joins');
  const seen = watcher.waitFor((m) => m.type === 'keeper' && m.keeper.game.over);
  k = await act({ act: 'end', counts: [
    { player: 0, cards: 4, numbers: [1, 0, 0, 0, 0, 0, 0, 0, 0, 2] },
    { player: 3, cards: 4, numbers: [0, 1, 0, 0, 0, 0, 0, 0, 0, 2] },
    { player: 1, cards: 2, numbers: nums() },
  ] });
  assert.deepEqual(k.session.scores[1], [70, 65, null, 75], '§6: fewer cards, then more zeros: 65, 70, 75');
  assert.equal(k.game.at_hour, true);
  assert.deepEqual((await seen).keeper.session.scores, k.session.scores);
  assert.deepEqual(k.session.totals, [97, 125, 0, 82]);
  assert.deepEqual(k.session.ranking, [[3], [0], [1]], 'the lowest average wins');
  assert.equal(k.session.winner, 3);
  assert.equal(k.session.loser, 1);
  assert.deepEqual(k.session.disqualified, [false, false, true, false]);
  const csv = (await watcher.request({ op: 'keeper_export', table: made.table })).csv;
  assert.equal(csv, [
    'player,age,game 1,game 2,total,games,average,rank,disqualified',
    '"Aino",71,27,70,97,2,48.50,2,no',
    '"Bo",9,60,65,125,2,62.50,3,no',
    '"Cai, ""C""",40,,,0,1,,,yes',
    '"Dan",30,7,75,82,2,41.00,1,no',
    ''].join('\r\n'));
  await host.close();
  await watcher.close();
});

test('a scorekeeper table survives a restart, and `uno serve --scores` writes its CSV', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uno-keeper-'));
  const db = join(dir, 'uno.db');
  let s = await startServer({ db, args: ['--test-clock'] });
  let a = await Client.connect(s.url);
  const made = await a.request({ op: 'keeper_create', players: [{ name: 'Aino', age: 71 }, { name: 'Bo', age: 9 }] });
  const act = (x) => a.request({ op: 'keeper_act', table: made.table, token: made.clock, ...x });
  await act({ act: 'start' });
  await a.request({ op: 'keeper_clock', advance: 125000 });
  const k = (await act({ act: 'finish', player: 1 })).keeper;
  await a.close();
  await s.stop('SIGKILL'); // told means kept
  s = await startServer({ db, args: ['--test-clock'] });
  a = await Client.connect(s.url);
  const back = (await a.request({ op: 'keeper_watch', table: made.table })).keeper;
  assert.deepEqual(back.session, k.session);
  assert.deepEqual(back.session.scores, [[2, 2]]);
  assert.equal((await a.request({ op: 'keeper_act', table: made.table, token: made.host, act: 'undo' })).keeper.game.over, false, 'undo works after a restart');
  await a.close();
  await s.stop();
  const out = join(dir, 'scores.csv');
  execFileSync(UNO, ['serve', '--db', s.db, '--scores', made.table, out], { stdio: 'ignore' });
  assert.ok(existsSync(out));
  assert.match(readFileSync(out, 'utf8'), /^player,age,total,games,average,rank,disqualified\r\n"Aino",71,0,0,,,no\r\n/);
  assert.throws(() => execFileSync(UNO, ['serve', '--db', s.db, '--scores', made.table, out], { stdio: 'ignore' }), 'an existing file is not overwritten');
  rmSync(dir, { recursive: true, force: true });
});

test('keeper_clock is refused without --test-clock', async () => {
  const s = await startServer();
  const a = await Client.connect(s.url);
  assert.equal((await a.request({ op: 'keeper_clock', advance: 1000 })).error, 'forbidden');
  await a.close();
  await s.stop();
});
