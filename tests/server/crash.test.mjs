// Kill the server (SIGKILL) at random moments while people play, start it
// again on the same database, and compare with what they were told: no
// action anyone heard of is lost, no table is damaged, every table goes on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, Client, startTable, playRandomly, rng, sleep } from './harness.mjs';

const KILLS = Number(process.env.UNO_CRASH_KILLS || 50);

test(`${KILLS} kills -9 during games: nothing acknowledged is lost, no table is damaged`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uno-crash-'));
  const db = join(dir, 'uno.db');
  const random = rng(99);
  const tables = []; // { code, host, tokens, told (the most actions any frame said), lastViews }
  let checked = 0, resumed = 0;
  for (let kill = 0; kill < KILLS; kill++) {
    const srv = await startServer({ db, args: ['--rate', '10000'] });
    // every table comes back with at least what its players were told
    for (const t of tables) {
      const c = await Client.connect(srv.url);
      const info = await c.request({ op: 'table', table: t.code });
      assert.equal(info.ok, true, `table ${t.code} after kill ${kill}: ${info.message}`);
      assert.notEqual(info.status, 'broken');
      assert.ok(info.actions >= t.told, `table ${t.code}: ${info.actions} actions kept, ${t.told} told`);
      checked++;
      await c.close();
    }
    // the newest table is played on (or a new one made when it is over)
    let t = tables[tables.length - 1];
    let clients;
    if (!t || t.over) {
      const rules = ['mattel', 'kpgut', 'classic'][tables.length % 3];
      const made = await startTable(srv.url, { rules, seats: ['human', 'human', 'medium', 'human'], bot_pace_ms: 5 });
      t = { code: made.code, tokens: made.clients.map((c) => c && c.token), told: 0, over: false };
      tables.push(t);
      clients = made.clients.filter(Boolean);
    } else {
      clients = [];
      for (const token of t.tokens.filter(Boolean)) {
        const c = await Client.connect(srv.url);
        const r = await c.request({ op: 'resume', table: t.code, token });
        assert.equal(r.ok, true);
        c.seat = r.seat;
        const v = await c.request({ op: 'view' });
        if (v.view.over) t.over = true;
        clients.push(c);
        resumed++;
      }
    }
    const playing = clients.map((c) => playRandomly(c, random, { pauseMs: 5 }).catch(() => {}));
    await Promise.race([Promise.all(playing), sleep(50 + random() * 300)]);
    srv.proc.kill('SIGKILL');
    await srv.exited;
    for (const c of clients) {
      for (const f of c.frames) {
        const m = JSON.parse(f);
        if (typeof m.actions === 'number' && m.actions > t.told) t.told = m.actions;
        if (m.view && m.view.over) t.over = true;
      }
      c.ws.terminate();
    }
  }
  const srv = await startServer({ db });
  for (const t of tables) {
    const c = await Client.connect(srv.url);
    const info = await c.request({ op: 'table', table: t.code });
    assert.ok(info.actions >= t.told);
    await c.close();
  }
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
  console.log(`crash test: ${KILLS} kills, ${tables.length} tables, ${checked} table checks, ${resumed} seats taken back`);
  assert.ok(tables.length >= 2 && resumed > 0);
});
