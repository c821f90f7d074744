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

// Sends req until it is not refused for memory (once at most, the failure
// being one allocation); returns the answer and whether memory ran out.
async function ask(c, req) {
  const first = await c.request(req);
  assert.notEqual(first.error, 'bad_request', `${JSON.stringify(req)}: ${first.message}`);
  if (first.error !== 'server_error') return { answer: first, failed: false };
  assert.match(first.message, /memory|could not/);
  const again = await c.request(req);
  assert.notEqual(again.error, 'server_error', `${JSON.stringify(req)} again: ${again.message}`);
  assert.notEqual(again.error, 'bad_request', `${JSON.stringify(req)} again: ${again.message}`);
  return { answer: again, failed: true };
}

// A game at a new table of two, moves picked by random; returns the table,
// the last view each seat had, and how many answers were server_error.
async function playGame(url, random) {
  const t = await startTable(url, { rules: 'mattel', seats: ['human', 'human'] });
  let failures = 0, views = [null, null];
  for (let step = 0; step < 600; step++) {
    for (const [seat, c] of t.clients.entries()) {
      const { answer, failed } = await ask(c, { op: 'view' });
      failures += failed;
      views[seat] = answer;
    }
    const { view } = views[0];
    if (view.over) break;
    const mover = t.clients[view.turn];
    const moves = views[view.turn].moves.filter((m) => IN_TURN.includes(m.op));
    if (!moves.length) continue;
    const { failed } = await ask(mover, moves[Math.floor(random() * moves.length)]);
    failures += failed;
  }
  return { t, views, failures };
}

// What a seat's view says of the game, whatever the clock.
const gist = (view) => ({ hands: view.hands, counts: view.counts, top: view.top, turn: view.turn, over: view.over });

test('a whole game with the Nth allocation failing: reported as server_error, nothing lost or changed', { skip: !hasFaults && 'a uno without the failing allocator' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uno-fault-'));
  const counted = await startServer({ db: join(dir, 'count.db'), args: ARGS, env: { UNO_FAULT_ALLOC: 'count' } });
  const { t: played } = await playGame(counted.url, rng(1));
  for (const c of played.clients) await c.close();
  await counted.stop();
  const total = Number(counted.stderr().match(/fault_alloc: (\d+) allocations/)[1]);
  let reported = 0;
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
    const { t, views, failures } = await playGame(srv.url, rng(run));
    reported += failures;
    if (failures) assert.match(srv.stderr(), /uno serve: .*(memory|could not)/, 'the operator\'s log says so');
    for (const c of t.clients) await c.close();
    await srv.stop();
    const back = await startServer({ db, args: ARGS });
    for (const [seat, old] of t.clients.entries()) {
      const c = await Client.connect(back.url);
      assert.equal((await c.request({ op: 'resume', table: t.code, token: old.token })).ok, true);
      const now = await c.request({ op: 'view' });
      assert.deepEqual(gist(now.view), gist(views[seat].view), `allocation ${n}: seat ${seat} as rebuilt`);
      await c.close();
    }
    await back.stop();
  }
  console.log(`fault: ${total} allocations in a game; ${RUNS} runs, ${reported} answers server_error`);
  rmSync(dir, { recursive: true, force: true });
});
