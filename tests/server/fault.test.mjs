// The server when memory runs out (docs/server.md "Bad input and limits"):
// the test build's uno fails its Nth allocation when UNO_FAULT_ALLOC=N
// (tests/fault/fault_alloc.c). A whole game is played at a table of two
// with allocation N failing, for N spread over a game's allocations: every
// answer is the game's own or server_error (never bad_request), the same
// request sent again is not refused for memory, the server stays up and
// logs the failure, and the table a restarted server rebuilds from its
// database is the one its players saw. Skipped for a uno without the
// failing allocator (a release build).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNO, startServer, startTable, Client, rng } from './harness.mjs';

const RUNS = 10;
const ARGS = ['--rate', '10000']; // a view before every move
const IN_TURN = ['play', 'draw', 'pass', 'color', 'take', 'challenge'];

const hasFaults = /fault_alloc: \d+ allocations/.test(
  spawnSync(process.env.UNO_BIN || UNO, ['--version'], { env: { ...process.env, UNO_FAULT_ALLOC: 'count' }, encoding: 'utf8' }).stderr);

// A seat's person: their token and connection. A connection the server
// could not queue a message for is closed (transport.h): the person comes
// back with the token, as after any lost connection.
async function reconnect(url, p) {
  p.c.ws.terminate();
  p.c = await Client.connect(url);
  const back = await p.c.request({ op: 'resume', table: p.code, token: p.token });
  assert.ok(back.ok || back.error === 'server_error', `resume: ${back.message}`);
  return back.ok;
}

// The answer to req. Answers come in the order of the requests, and one to
// a request the server could not read (here: for want of memory while
// reading it) carries no id (docs/protocol.md): with one request out at a
// time, an id-less failure is its answer.
function answerTo(c, req) {
  return new Promise((resolve, reject) => {
    const unread = { test: (m) => m.ok === false && m.id === undefined, resolve: (m) => settle(resolve, m) };
    const settle = (how, value) => {
      const at = c.watchers.indexOf(unread);
      if (at >= 0) c.watchers.splice(at, 1);
      how(value);
    };
    c.watchers.push(unread);
    c.request(req).then((m) => settle(resolve, m), (e) => settle(reject, e));
  });
}

// Sends req until it is answered and not refused for memory (the failure
// being one allocation, a few tries at most); returns the answer, and
// counts in `seen` the server_error answers and the connections closed.
async function ask(url, p, req, seen) {
  for (let tries = 1; ; tries++) {
    assert.ok(tries <= 4, `${JSON.stringify(req)}: refused for memory again and again`);
    const answer = p.c.ws.readyState === 1 ? await Promise.race([answerTo(p.c, req), p.c.closed.then(() => null)]) : null;
    if (answer === null) {
      seen.closed++;
      await reconnect(url, p);
      continue;
    }
    assert.notEqual(answer.error, 'bad_request', `${JSON.stringify(req)}: ${answer.message}`);
    if (answer.error !== 'server_error') return answer;
    assert.match(answer.message, /memory|could not/);
    seen.errors++;
  }
}

// A game at a new table of two, moves picked by random; returns the table,
// its people, the last view each seat had, and how often memory ran out
// (server_error answers, connections closed).
async function playGame(url, random) {
  const t = await startTable(url, { rules: 'mattel', seats: ['human', 'human'] });
  const people = t.clients.map((c) => ({ c, token: c.token, code: t.code }));
  const seen = { errors: 0, closed: 0 };
  const views = [null, null];
  const look = async () => {
    for (const [seat, p] of people.entries()) views[seat] = await ask(url, p, { op: 'view' }, seen);
  };
  for (let step = 0; step < 600; step++) {
    await look();
    const { view } = views[0];
    if (view.over) break;
    const moves = views[view.turn].moves.filter((m) => IN_TURN.includes(m.op));
    if (moves.length) await ask(url, people[view.turn], moves[Math.floor(random() * moves.length)], seen);
  }
  await look(); // the game as it ended
  return { t, people, views, seen };
}

// What a seat's view says of the game, whatever the clock.
const gist = (view) => ({ hands: view.hands, counts: view.counts, top: view.top, turn: view.turn, over: view.over });

test('a whole game with the Nth allocation failing: reported as server_error, nothing lost or changed', { skip: !hasFaults && 'a uno without the failing allocator' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uno-fault-'));
  const counted = await startServer({ db: join(dir, 'count.db'), args: ARGS, env: { UNO_FAULT_ALLOC: 'count' } });
  const { people: played } = await playGame(counted.url, rng(1));
  for (const p of played) await p.c.close();
  await counted.stop();
  const total = Number(counted.stderr().match(/fault_alloc: (\d+) allocations/)[1]);
  let reported = 0, closed = 0;
  for (let run = 1; run <= RUNS; run++) {
    const n = Math.round((total * run) / (RUNS + 1));
    const db = join(dir, `run${run}.db`);
    let srv;
    try {
      srv = await startServer({ db, args: ARGS, env: { UNO_FAULT_ALLOC: String(n) } });
    } catch (e) { // at start: said so, and did not serve
      assert.match(e.message, /out of memory|could not|cannot/, `allocation ${n}`);
      continue;
    }
    let played;
    try {
      played = await playGame(srv.url, rng(run));
    } finally {
      await srv.stop();
    }
    const { t, people, views, seen } = played;
    reported += seen.errors;
    closed += seen.closed;
    if (seen.errors) assert.match(srv.stderr(), /uno serve: .*(memory|could not)/, 'the operator\'s log says so');
    for (const p of people) await p.c.close();
    const back = await startServer({ db, args: ARGS });
    for (const [seat, old] of people.entries()) {
      const c = await Client.connect(back.url);
      assert.equal((await c.request({ op: 'resume', table: t.code, token: old.token })).ok, true);
      const now = await c.request({ op: 'view' });
      assert.deepEqual(gist(now.view), gist(views[seat].view), `allocation ${n}: seat ${seat} as rebuilt`);
      await c.close();
    }
    await back.stop();
  }
  console.log(`fault: ${total} allocations in a game; ${RUNS} runs, ${reported} answers server_error, ${closed} connections closed`);
  rmSync(dir, { recursive: true, force: true });
});
