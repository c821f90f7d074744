// Kill the server (SIGKILL) at random moments while people play and while
// tables are being made, start it again on the same database, and compare
// with what they were told: no action or table anyone heard of is lost, no
// table is damaged, every table goes on, and where nothing was done after the
// last action told, each seat comes back to the very game it was last shown,
// its clock included (docs/server.md: the clock goes on from the last action).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, Client, startTable, playRandomly, rng, sleep } from './harness.mjs';

const KILLS = Number(process.env.UNO_CRASH_KILLS || 50);

// A table's description, asked on a connection of its own.
async function describe(url, code) {
  const c = await Client.connect(url);
  const info = await c.request({ op: 'table', table: code });
  await c.close();
  return info;
}

test(`${KILLS} kills -9 during games: nothing acknowledged is lost, no table is damaged`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uno-crash-'));
  const db = join(dir, 'uno.db');
  const random = rng(99);
  const tables = []; // { code, tokens, told (the most actions any frame said), shown (by seat: the last view and its actions), over }
  const made = []; // tables whose creation was answered, in the lobby
  let checked = 0, resumed = 0, compared = 0;
  for (let kill = 0; kill < KILLS; kill++) {
    const srv = await startServer({ db, args: ['--rate', '10000'] });
    // every table comes back with at least what its players were told
    for (const t of tables) {
      const info = await describe(srv.url, t.code);
      assert.equal(info.ok, true, `table ${t.code} after kill ${kill}: ${info.message}`);
      assert.notEqual(info.status, 'broken');
      assert.ok(info.actions >= t.told, `table ${t.code}: ${info.actions} actions kept, ${t.told} told`);
      checked++;
    }
    for (const code of made) {
      const info = await describe(srv.url, code);
      assert.equal(info.ok, true, `table ${code}, made before kill ${kill - 1}: ${info.message}`);
      assert.equal(info.status, 'lobby');
    }
    // the newest table is played on (or a new one made when it is over)
    let t = tables[tables.length - 1];
    let clients;
    if (!t || t.over) {
      const rules = ['mattel', 'kpgut', 'classic'][tables.length % 3];
      const started = await startTable(srv.url, { rules, seats: ['human', 'human', 'medium', 'human'], bot_pace_ms: 5 });
      t = { code: started.code, tokens: started.clients.map((c) => c && c.token), told: 0, shown: [], over: false };
      tables.push(t);
      clients = started.clients.filter(Boolean);
    } else {
      clients = [];
      const kept = (await describe(srv.url, t.code)).actions;
      for (const token of t.tokens.filter(Boolean)) {
        const c = await Client.connect(srv.url);
        const r = await c.request({ op: 'resume', table: t.code, token });
        assert.equal(r.ok, true);
        c.seat = r.seat;
        const v = await c.request({ op: 'view' });
        const shown = t.shown[c.seat];
        // the bot at the table may have acted since `kept` was read: then the game moved on
        const still = (await c.request({ op: 'table', table: t.code })).actions === kept;
        if (kept === t.told && shown && shown.actions === kept && still) {
          const { options, ...now } = v.view;
          assert.deepEqual(now, shown.view, `table ${t.code}, seat ${c.seat} after kill ${kill - 1}: the game it was shown`);
          assert.ok(v.now >= shown.view.t, `the clock goes on from the last action (${v.now} < ${shown.view.t})`);
          compared++;
        }
        if (v.view.over) t.over = true;
        clients.push(c);
        resumed++;
      }
    }
    const playing = clients.map((c) => playRandomly(c, random, { pauseMs: 5 }).catch(() => {}));
    // one round in five, tables are also being made when the kill comes
    const host = kill % 5 === 4 ? await Client.connect(srv.url) : null;
    const making = [];
    await Promise.race([Promise.all(playing), sleep(50 + random() * 300)]);
    // one create answered first (it waits for its commit: a PostgreSQL round
    // trip under the sanitizers outlasts the few milliseconds below), then
    // the kill comes while four more are on their way
    for (let i = 0; host && i < 5; i++) {
      making.push(host.request({ op: 'create', rules: 'mattel', seats: ['human', 'easy'] }, 1000).then((r) => r.ok && made.push(r.table), () => {}));
      if (i === 0) await making[0];
    }
    if (host) await sleep(random() * 4);
    srv.proc.kill('SIGKILL');
    await srv.exited;
    if (host) host.ws.terminate();
    for (const c of clients) {
      for (const f of c.frames) {
        const m = JSON.parse(f);
        if (typeof m.actions === 'number' && m.actions > t.told) t.told = m.actions;
        if (typeof m.actions === 'number' && m.view && !(t.shown[c.seat] && t.shown[c.seat].actions > m.actions)) {
          const { options, ...view } = m.view;
          t.shown[c.seat] = { actions: m.actions, view };
        }
        if (m.view && m.view.over) t.over = true;
      }
      c.ws.terminate();
    }
    await Promise.all(making);
  }
  const srv = await startServer({ db });
  for (const t of tables) assert.ok((await describe(srv.url, t.code)).actions >= t.told);
  for (const code of made)
    assert.equal((await describe(srv.url, code)).status, 'lobby', `table ${code}, made before the last kill`);
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
  console.log(`crash test: ${KILLS} kills, ${tables.length} tables, ${checked} table checks, ${resumed} seats taken back, ` +
              `${compared} of them compared with the game they were last shown, ${made.length} tables made before a kill`);
  assert.ok(tables.length >= 2 && resumed > 0 && compared > 0 && made.length > 0);
});
