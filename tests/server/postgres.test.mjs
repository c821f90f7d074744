// uno serve on PostgreSQL (docs/server.md "PostgreSQL"): what only that
// store does. Run by make test-server-pg (UNO_DB, scripts/with-postgres);
// skipped on SQLite.
//  - The log's key is (table code, n): a second writer of a table's line n
//    makes the server's own line n fail on the key, and the move is
//    refused whole: no player is told of it, the view stays, the other
//    writer's line stays.
//  - A lost connection fails the move with a message and changes nothing;
//    the next move connects again, and a restart finds every move told.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, POSTGRES, sleep, sql, startServer, startTable } from './harness.mjs';

const ON_POSTGRES = { skip: POSTGRES ? false : 'PostgreSQL only (make test-server-pg)' };

// The move of the seat in turn (every seat a person's), and that client.
async function nextMove(clients) {
  const views = await Promise.all(clients.map((c) => c.request({ op: 'view' })));
  const seat = views[0].view.turn;
  // a Wild turned up first is answered with a colour; a drawn card with a play or a pass
  const move = views[seat].moves.find((m) => ['play', 'draw', 'color', 'pass', 'take'].includes(m.op));
  return { client: clients[seat], move, views: views.map((v) => JSON.stringify(v.view)) };
}

// The server's log once it says what pattern matches (its stderr may come
// in after the answer it wrote before); the log as it is after 5 s if not.
async function logSays(srv, pattern) {
  for (let waited = 0; waited < 5000 && !pattern.test(srv.stderr()); waited += 20) await sleep(20);
  return srv.stderr();
}

// A server and a started table of two people on it, and what is open:
// whatever a test leaves open when it fails goes with it (test.after), so
// that the file ends (a server or a connection left open would keep it
// running).
async function twoAtATable(test) {
  const open = { srv: await startServer() };
  test.after(() => {
    for (const c of open.clients || []) c.ws.terminate();
    open.srv.proc.kill('SIGKILL');
  });
  const t = await startTable(open.srv.url, { rules: 'mattel', seats: ['human', 'human'] });
  open.clients = t.clients;
  return { srv: open.srv, t, open };
}

const views = async (clients) => (await Promise.all(clients.map((c) => c.request({ op: 'view' })))).map((v) => JSON.stringify(v.view));
const lines = (db, code) => Number(sql(db, `SELECT count(*) FROM actions WHERE code = '${code}'`));

test('a second writer of a table\'s line n makes the server\'s line n fail on the key: the move is refused whole', ON_POSTGRES, async (test) => {
  const { srv, t } = await twoAtATable(test);
  const n = lines(srv.db, t.code);
  assert.ok(n > 0, 'the deal is in the log');
  sql(srv.db, `INSERT INTO actions(code, n, line, hash) VALUES ('${t.code}', ${n}, 'the other writer''s', '0')`);
  const { client, move, views: before } = await nextMove(t.clients);
  const answer = await client.request(move);
  assert.equal(answer.ok, false, 'the move is refused');
  assert.match(answer.message, /could not be kept/);
  assert.deepEqual(await views(t.clients), before, 'nobody was told of it');
  assert.equal(sql(srv.db, `SELECT line FROM actions WHERE code = '${t.code}' AND n = ${n}`), 'the other writer\'s');
  assert.equal(lines(srv.db, t.code), n + 1, 'nothing more was written');
  const clash = /could not be stored: .*duplicate key.*\(code, n\)=\([A-Z0-9]+, \d+\) already exists/;
  assert.match(await logSays(srv, clash), clash);
  for (const c of t.clients) await c.close();
  await srv.stop();
});

test('a lost connection fails the move with a message and changes nothing; the next move connects again', ON_POSTGRES, async (test) => {
  const { t, open } = await twoAtATable(test);
  let { srv } = open;
  const n = lines(srv.db, t.code);
  const ended = sql(srv.db, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'uno serve' AND datname = current_database()");
  assert.equal(ended, '1', 'the server\'s one connection was ended');
  const { client, move, views: before } = await nextMove(t.clients);
  const lost = await client.request(move);
  assert.equal(lost.ok, false, 'the move is refused');
  const lostSaid = /connection to PostgreSQL database \S+ on 127\.0\.0\.1:\d+ was lost/;
  assert.match(await logSays(srv, lostSaid), lostSaid);
  assert.deepEqual(await views(t.clients), before, 'nobody was told of it');
  assert.equal(lines(srv.db, t.code), n, 'nothing was written');
  const again = await client.request(move);
  assert.equal(again.ok, true, `the same move, on a new connection: ${again.message}`);
  assert.equal(lines(srv.db, t.code), n + 1);
  const told = await views(t.clients);
  for (const c of t.clients) c.ws.terminate();
  await srv.stop('SIGKILL');
  srv = open.srv = await startServer({ db: srv.db });
  const back = open.clients = [];
  for (const c of t.clients) {
    const again = await Client.connect(srv.url);
    const resumed = await again.request({ op: 'resume', table: t.code, token: c.token });
    assert.equal(resumed.ok, true, resumed.message);
    back.push(again);
  }
  assert.deepEqual(await views(back), told, 'a restart finds the table as its players were told it');
  for (const c of back) await c.close();
  await srv.stop();
});
