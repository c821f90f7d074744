// uno serve's bots off the loop, and the operator's programs as bots
// (docs/server.md "Bots", docs/bots-external.md "At the server"):
// a table of search bots does not hold up another table's requests; a
// program registered with --bot plays through the table protocol, and
// one that is slow, crashes, prints garbage or answers illegal moves gets
// default moves and a line in the operator's log (no card), and the game
// goes on to its end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, Client, startTable, playRandomly, rng, sleep } from './harness.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'uno-serve-bots-'));
const seen = join(dir, 'seen.jsonl');

// The example bot and the misbehaving programs of tests/protocol/bots/ (test_extbot.c's),
// registered by name.
const BOTS = `${ROOT}tests/protocol/bots`;
const programs = {
  good: `cmd:5000ms:python3 ${ROOT}examples/bots/simple_bot.py`,
  seen: `cmd:5000ms:tee -a ${seen} | python3 ${ROOT}examples/bots/simple_bot.py`,
  slow: `cmd:100ms:sh ${BOTS}/slow.sh`,
  crash: `cmd:sh ${BOTS}/crash.sh`,
  garbage: `cmd:2000ms:sh ${BOTS}/answers.sh 'hello there'`,
  illegal: `cmd:2000ms:sh ${BOTS}/answers.sh '{"op":"fly","seat":0}'`,
};

let srv;
before(async () => {
  const args = ['--rate', '1000'];
  for (const [name, spec] of Object.entries(programs)) args.push('--bot', `${name}=${spec}`);
  srv = await startServer({ args });
});
after(async () => {
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
});

// Watches a table of bots as a spectator until its game is over; the last view.
async function watchToEnd(code, timeoutMs = 90000) {
  const c = await Client.connect(srv.url);
  const w = await c.request({ op: 'watch', table: code });
  assert.equal(w.ok, true, JSON.stringify(w));
  const end = await c.waitFor((m) => m.view && m.view.over, timeoutMs, 0);
  await c.close();
  return end;
}

// The operator's log lines about a program of that name.
const logLines = (name) => srv.stderr().split('\n').filter((l) => l.includes(`(bot ${name} at table`));
// What such a line may say: which seat, which program, what kind of trouble.
const LINE = /^uno serve: seat \d+ \(bot [a-z]+ at table [A-Z0-9]{6}\): (no answer in time|an answer that is not a legal move|an answer that is not a JSON object|its program stopped \(it is (started again at the next question|not started again)\)|its program could not be started)(; it plays the default move)?$|^uno serve: seat \d+ \(bot [a-z]+ at table [A-Z0-9]{6}\): its program was started again$/;

test('the hello lists the levels and the programs the operator registered', async () => {
  const c = await Client.connect(srv.url);
  const hello = await c.waitFor((m) => m.type === 'hello', 5000, 0);
  assert.deepEqual(hello.bots, ['easy', 'medium', 'hard', 'expert', ...Object.keys(programs)]);
  await c.close();
});

test('a client names a registered program, never a command', async () => {
  const c = await Client.connect(srv.url);
  for (const seat of ['cmd:python3 x.py', 'cmd:5000ms:sh', 'nosuch', programs.good]) {
    const a = await c.request({ op: 'create', rules: 'mattel', seats: ['human', seat] });
    assert.equal(a.ok, false, seat);
    assert.match(a.message, /seat 1/);
  }
  const a = await c.request({ op: 'create', rules: 'mattel', seats: ['human', 'good'] });
  assert.equal(a.ok, true);
  await c.close();
});

test('--bot refuses a bad name or a spec that is not a program', async () => {
  const { spawnSync } = await import('node:child_process');
  for (const arg of ['Good=cmd:true', 'medium=cmd:true', 'x=ismcts:100', 'x', '=cmd:true']) {
    const r = spawnSync(process.env.UNO_BIN || `${ROOT}build/uno`, ['serve', '--port', '0', '--db', join(dir, 'x.db'), '--bot', arg]);
    assert.equal(r.status, 2, arg);
    assert.match(String(r.stderr), /--bot/);
  }
});

// The draws of the other seats among the questions' events (their cards
// must not be there).
const othersDraws = (lines) => lines.flatMap((q) => q.events).filter((ev) => ev.type === 'draw' && ev.seat !== 0);

test('a well-behaved program plays whole games, seeing only its seat', async () => {
  // A deal can end in a few turns, before the program has been asked much:
  // whole games, up to five, until its questions are enough to check.
  let lines = [];
  for (let game = 0; game < 5 && (lines.length <= 5 || !othersDraws(lines).length); game++) {
    const t = await startTable(srv.url, { rules: 'mattel', seats: ['seen', 'good', 'medium'], bot_pace_ms: 0 });
    const end = await watchToEnd(t.code);
    assert.equal(end.view.over, true);
    assert.deepEqual(logLines('good'), []);
    assert.deepEqual(logLines('seen'), []);
    lines = readFileSync(seen, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  }
  assert.ok(lines.length > 5);
  for (const q of lines) {
    assert.equal(q.op, 'move');
    assert.equal(q.seat, 0);
    assert.ok(Array.isArray(q.view.hands[0]));
    for (let s = 1; s < 3; s++) assert.equal(q.view.hands[s], null);
    assert.equal(q.view.stock_cards, undefined);
    for (const m of q.moves) assert.equal(m.seat ?? 0, 0);
  }
  const draws = othersDraws(lines);
  assert.ok(draws.length > 0);
  for (const ev of draws) assert.equal(ev.cards, undefined);
});

for (const [name, says] of [
  ['slow', /no answer in time/],
  ['crash', /its program stopped/],
  ['garbage', /not a JSON object/],
  ['illegal', /not a legal move/],
]) {
  test(`a ${name} program gets default moves, a line in the log, and the game ends`, async () => {
    const t = await startTable(srv.url, { rules: 'mattel', seats: [name, 'easy'], bot_pace_ms: 0 });
    const end = await watchToEnd(t.code);
    assert.equal(end.view.over, true);
    const lines = logLines(name);
    assert.ok(lines.length > 0, srv.stderr());
    assert.ok(lines.some((l) => says.test(l)), lines.join('\n'));
    for (const l of lines) assert.match(l, LINE); // what kind of trouble, never a card
  });
}

test('a crashing program is started again, three times at most', async () => {
  const lines = logLines('crash');
  assert.ok(lines.filter((l) => /started again at the next question/.test(l)).length >= 1, lines.join('\n'));
  assert.ok(lines.filter((l) => /its program stopped/.test(l)).length <= 3, lines.join('\n'));
});

test('a person acting out of turn among search bots: every bot answer the server applies is accepted', async () => {
  // a person who acts out of turn as often as they can (UNO calls, catches, side slides) while
  // two search bots think on the worker thread; the game ends, and no answer the server applied
  // was refused (an answer to a position gone by is dropped before it reaches the table; this game
  // does not always produce one, so it checks the whole path, not the drop alone)
  const refusedBefore = srv.stderr().split('\n').filter((l) => / was refused/.test(l)).length;
  const t = await startTable(srv.url, {
    rules: 'kpgut', seats: ['human', 'hard', 'hard'], bot_pace_ms: 0,
    options: { uno_grace_ms: 0, time_limit_min: 0 },
  });
  const accepted = await playRandomly(t.clients[0], rng(5), { outOfTurn: 0.9 });
  assert.ok(accepted > 0);
  const refused = srv.stderr().split('\n').filter((l) => / was refused/.test(l));
  assert.equal(refused.length, refusedBefore, refused.join('\n'));
  await t.clients[0].close();
});

// Round trips of a `view` at a table of one person, in ms.
async function roundTrips(client, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    const a = await client.request({ op: 'view' });
    out.push(Number(process.hrtime.bigint() - t0) / 1e6);
    assert.equal(a.ok, true);
    await sleep(15);
  }
  return out.sort((a, b) => a - b);
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

// The CPU time a process has used so far, all its threads, in ms
// (/proc/PID/stat: utime and stime, in clock ticks).
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

// Under ThreadSanitizer (make TSAN=1 test-server) an expert decision takes
// seconds, not tens of ms: the timings below would measure the sanitizer.
const TSAN = process.env.UNO_TSAN === '1' && 'ThreadSanitizer: no timings';

// A decision made on the loop would hold up every request that comes
// meanwhile: with decisions back to back, a request would wait for the rest
// of the one under way, half a decision at the median and nearly a whole
// one at the 90th percentile. The bound is a share of a decision's own cost
// (the server's CPU time per action of the expert tables), not a number of
// ms, so that a slower machine or build moves both alike.
test('tables of expert bots thinking do not hold up a request at another table', { skip: TSAN }, async () => {
  const probe = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'easy'], bot_pace_ms: 10000 });
  const me = probe.clients[0];
  const quiet = await roundTrips(me, 40);
  // kpgut's expert: about 60 ms a decision; on the loop it would hold every request meanwhile
  const busy = [];
  for (let i = 0; i < 2; i++)
    busy.push(await startTable(srv.url, { rules: 'kpgut', seats: ['expert', 'expert', 'expert', 'expert'], bot_pace_ms: 0 }));
  const watcher = await Client.connect(srv.url);
  const played = async () => {
    let n = 0;
    for (const b of busy) n += (await watcher.request({ op: 'table', table: b.code })).actions;
    return n;
  };
  while ((await played()) === 0) await sleep(20); // the expert tables have begun
  const before = await played();
  const cpuBefore = cpuMs(srv.proc.pid);
  // round trips go on until the expert tables have acted a few times: on a
  // loaded machine their threads may get little of the CPU for a while
  const loaded = [];
  let during = 0;
  for (let round = 0; round < 20 && during < 4; round++) {
    loaded.push(...await roundTrips(me, 150));
    during = (await played()) - before;
  }
  loaded.sort((a, b) => a - b);
  const decision = (cpuMs(srv.proc.pid) - cpuBefore) / during;
  await watcher.close();
  const fig = (s) => `p50 ${pct(s, 0.5).toFixed(2)} ms, p90 ${pct(s, 0.9).toFixed(2)} ms, max ${s[s.length - 1].toFixed(2)} ms`;
  console.log(`# view round trip, quiet: ${fig(quiet)}; beside two tables of four expert bots: ${fig(loaded)}; ` +
              `the expert tables made ${during} actions meanwhile, ${decision.toFixed(1)} ms of the server's CPU time each`);
  assert.ok(during > 0, 'the expert bots play meanwhile');
  assert.ok(pct(loaded, 0.5) < pct(quiet, 0.5) + decision / 4, `p50 ${pct(loaded, 0.5)} ms, a decision ${decision} ms`);
  assert.ok(pct(loaded, 0.9) < pct(quiet, 0.9) + decision / 2, `p90 ${pct(loaded, 0.9)} ms, a decision ${decision} ms`);
});
