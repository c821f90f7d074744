// A table rebuilt when the server starts again: seats taken before the
// game, seats taken during it (KPGUT §13), the game and its clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, Client, startTable } from './harness.mjs';

test('after a restart every seat, a §13 newcomer\'s too, is taken back with its token', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uno-restart-'));
  const db = join(dir, 'uno.db');
  let srv = await startServer({ db });
  const t = await startTable(srv.url, { rules: 'kpgut', seats: ['human', 'human', 'easy'], options: { join: true }, bot_pace_ms: 10000 });
  const late = await Client.connect(srv.url);
  const joined = await late.request({ op: 'join', table: t.code, name: 'Late', age: 19, seat: 1 });
  assert.equal(joined.ok, true);
  const before = [];
  for (const c of [t.clients[0], late, t.clients[1]]) before.push((await c.request({ op: 'view' })).view);
  await srv.stop('SIGTERM');
  srv = await startServer({ db });
  const tokens = [t.clients[0].token, joined.token, t.clients[1].token];
  for (let s = 0; s < 3; s++) {
    const c = await Client.connect(srv.url);
    const r = await c.request({ op: 'resume', table: t.code, token: tokens[s] });
    assert.equal(r.ok, true);
    assert.equal(r.seat, s);
    const v = (await c.request({ op: 'view' })).view;
    assert.deepEqual(v.hands[s], before[s].hands[s]);
    assert.ok(v.t >= before[s].t, 'the clock goes on from where it was');
    await c.close();
  }
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
});
