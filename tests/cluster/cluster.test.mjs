// Several servers on one PostgreSQL database behind HAProxy (docs/scaling.md),
// run by make test-cluster inside scripts/cluster: scripted games on
// UNO_CLUSTER_TABLES tables (200), every player's socket at /t/CODE through
// the proxy, while one server process at a time is killed (SIGKILL) at
// random moments, UNO_CLUSTER_KILLS times (20), and started again by the
// cluster. The checks are the crash test's (tests/server/crash.test.mjs),
// with the tables moving between servers:
//  - nothing acknowledged is lost: each time a seat comes back, its table
//    holds at least the actions any of its players was told of;
//  - where nothing happened at the table since, the seat comes back to
//    the very game it was last shown;
//  - every seat comes back with its token, and every table goes on (it
//    takes actions after the last kill, or its game is over);
//  - in the database, no (code, n) written twice, no gap in any table's log,
//    and every action told is there;
//  - no server ended but by the kills (each start says so once in its
//    log), and none reported a sanitizer's error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { latest, requestUntilServed, rng, sleep, sql } from '../server/harness.mjs';

const TABLES = Number(process.env.UNO_CLUSTER_TABLES || 200);
const KILLS = Number(process.env.UNO_CLUSTER_KILLS || 20);
const { UNO_CLUSTER_URL: base, UNO_CLUSTER_DIR: dir, UNO_CLUSTER_SERVERS: servers, UNO_DB: db } = process.env;
const ws = base?.replace(/^http/, 'ws');
const random = rng(36);
// a seat's pause between its moves: most games last past the last kill
const PAUSE_MS = 800;

// The answer to req on a fresh socket at path through the proxy, again
// while the server closes it with 4013 (the table moves, as the page does)
// or the proxy finds no server (one was just killed); the client with it.
const ask = (path, req) => requestUntilServed(`${ws}${path}`, req, { tries: 200, wait: () => 50 + random() * 100, timeoutMs: 5000 });

// The first update (the game as it is) a client gets after coming back,
// or null when the connection closes first.
function firstUpdate(c) {
  if (c.last) return Promise.resolve(c.last);
  return Promise.race([c.waitFor((m) => m.view, 30000).catch(() => null), c.closed.then(() => null)]);
}

// Server k (at the proxy's port + k) answers /healthz.
async function serving(k) {
  const url = `http://127.0.0.1:${Number(new URL(base).port) + k}/healthz`;
  for (let tries = 0; tries < 200; tries++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await sleep(50);
  }
  throw new Error(`server ${k} did not come back`);
}

const withoutOptions = ({ options, ...view }) => view;

test(`${TABLES} tables on ${servers} servers behind HAProxy, ${KILLS} kills -9: nothing acknowledged lost, every seat back`, async () => {
  assert.ok(base && dir && db, 'run inside scripts/cluster (make test-cluster)');
  const problems = [];
  const tables = [];
  let stopping = false, resumes = 0, compared = 0;

  // the tables, made on whichever server the lobby's socket reaches, their
  // seats taken at /t/CODE (the table moves to the server the proxy picks)
  for (let i = 0; i < TABLES; i += 20) {
    await Promise.all(Array.from({ length: Math.min(20, TABLES - i) }, async () => {
      const { c, r } = await ask('/', { op: 'create', rules: ['mattel', 'classic', 'kpgut'][tables.length % 3],
        seats: ['human', 'human', 'easy'], bot_pace_ms: 5 });
      c.ws.terminate();
      assert.equal(r.ok, true, r.message);
      const t = { code: r.table, told: 0, seats: [], atLastKill: 0, actions: 0, over: false };
      tables.push(t);
      for (const seat of [0, 1]) {
        const sat = await ask(`/t/${t.code}`, { op: 'sit', table: t.code, name: `P${seat}`, age: 20 + seat, seat });
        assert.equal(sat.r.ok, true, sat.r.message);
        sat.c.ws.terminate();
        t.seats.push({ seat, token: sat.r.token, shown: null, back: true });
      }
      const started = await ask(`/t/${t.code}`, { op: 'start', table: t.code, host: r.host });
      assert.equal(started.r.ok, true, started.r.message);
      started.c.ws.terminate();
    }));
  }

  // What a client is told: the most actions its table's players heard of,
  // and the game as its seat was last shown.
  const listen = (c, t, s) => c.ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    if (typeof m.actions !== 'number' || !m.view) return;
    t.told = Math.max(t.told, m.actions);
    t.actions = Math.max(t.actions, m.actions);
    if (!s.shown || s.shown.actions <= m.actions) s.shown = { actions: m.actions, view: withoutOptions(m.view) };
    if (m.view.over) t.over = true;
  });

  // A seat: comes back with its token, checks what it finds, plays until
  // its socket closes; again, until the test stops.
  const play = async (t, s) => {
    while (!stopping) {
      const told = t.told, shown = s.shown;
      s.back = false;
      const { c, r } = await ask(`/t/${t.code}`, { op: 'resume', table: t.code, token: s.token });
      if (!r.ok) { problems.push(`${t.code} seat ${s.seat}: resume refused: ${r.message}`); return; }
      const now = await firstUpdate(c);
      if (!now) { c.ws.terminate(); continue; }
      s.back = true;
      resumes++;
      if (now.actions < told) problems.push(`${t.code}: ${now.actions} actions after coming back, ${told} told`);
      if (shown && now.actions === shown.actions) {
        try {
          assert.deepEqual(withoutOptions(now.view), shown.view);
          compared++;
        } catch { problems.push(`${t.code} seat ${s.seat}: not the game it was last shown`); }
      }
      listen(c, t, s);
      while (c.ws.readyState === c.ws.OPEN && !stopping) {
        const last = latest(c);
        const moves = last.view.over ? [] : last.moves.filter((m) => last.view.turn === s.seat || ['uno', 'catch'].includes(m.op));
        if (moves.length) await Promise.race([c.request(moves[Math.floor(random() * moves.length)], 5000).catch(() => {}), c.closed]);
        await sleep(PAUSE_MS * (0.5 + random()));
      }
      c.ws.terminate();
    }
  };
  const seats = tables.flatMap((t) => t.seats.map((s) => play(t, s)));

  // the kills, one server at a time, at random moments
  for (let kill = 0; kill < KILLS; kill++) {
    await sleep(1500 + random() * 3500);
    const k = 1 + Math.floor(random() * Number(servers));
    await serving(k); // started again after an earlier kill: its start is in its log
    const pid = Number(readFileSync(join(dir, `serve-${k}.pid`), 'utf8'));
    try { process.kill(pid, 'SIGKILL'); } catch { problems.push(`server ${k} (${pid}) was not running at kill ${kill}`); }
    if (kill === KILLS - 1) for (const t of tables) t.atLastKill = t.actions;
  }
  // every table goes on after the last kill
  for (let waited = 0; waited < 60000 && tables.some((t) => !t.over && t.actions <= t.atLastKill); waited += 500) await sleep(500);
  stopping = true;
  await Promise.all(seats);

  assert.deepEqual(problems, []);
  const still = tables.filter((t) => !t.over && t.actions <= t.atLastKill).map((t) => t.code);
  assert.deepEqual(still, [], 'tables that took no action after the last kill');
  assert.deepEqual(tables.flatMap((t) => t.seats.filter((s) => !s.back).map((s) => `${t.code}/${s.seat}`)), [],
    'seats that did not come back with their token');
  const twice = sql(db, 'SELECT count(*) FROM (SELECT code, n FROM actions GROUP BY code, n HAVING count(*) > 1) twice');
  assert.equal(twice, '0', 'no (code, n) written twice');
  const gaps = sql(db, 'SELECT count(*) FROM (SELECT code FROM actions GROUP BY code HAVING max(n) + 1 <> count(*)) gaps');
  assert.equal(gaps, '0', 'no gap in any table\'s log');
  const kept = new Map(sql(db, 'SELECT code, count(*) FROM actions GROUP BY code').split('\n').map((l) => l.split('|')));
  for (const t of tables) assert.ok(Number(kept.get(t.code) || 0) >= t.told, `table ${t.code}: ${kept.get(t.code)} kept, ${t.told} told`);
  for (let k = 1; k <= Number(servers); k++) await serving(k);
  const logs = Array.from({ length: Number(servers) }, (_, k) => readFileSync(join(dir, `serve-${k + 1}.log`), 'utf8')).join('');
  assert.equal(logs.match(/^uno serve: open http/gm).length, Number(servers) + KILLS, 'servers started: the first starts and one after each kill');
  assert.doesNotMatch(logs, /AddressSanitizer|runtime error|ThreadSanitizer/);
  const written = sql(db, 'SELECT count(*) FROM actions');
  console.log(`cluster test: ${TABLES} tables on ${servers} servers, ${KILLS} kills, ${resumes} seats taken back, ` +
              `${compared} of them compared with the game they were last shown, ${written} actions in the database, ` +
              `${tables.filter((t) => t.over).length} games over`);
  assert.ok(resumes > 2 * TABLES && compared > 0);
});
