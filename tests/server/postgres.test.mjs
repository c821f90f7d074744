// uno serve on PostgreSQL (docs/server.md "PostgreSQL"): what only that
// store does. Run by make test-server-pg (UNO_DB, scripts/with-postgres);
// skipped on SQLite.
//  - The log's key is (table code, n): a second writer of a table's line n
//    makes the server's own line n fail on the key, and the move is
//    refused whole: no player is told of it, the view stays, the other
//    writer's line stays.
//  - A lost connection fails the move with a message and changes nothing;
//    the tables went with the session's locks, so the server lets them go
//    and closes their clients with 4013; they come back, the next move
//    connects again, and a restart finds every move told.
//  - Several servers share the database (docs/server.md "Several servers,
//    one database"): a table is one server's at a time; a client that asks
//    another server for it is closed with 4013 while the owner lets it go
//    (its clients closed with 4013 too), and finds it there on its next
//    try, as its players were told it. SIGTERM drains: every client closed
//    with 4013, the tables let go at once for another server. A
//    scorekeeper table moves the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, POSTGRES, requestUntilServed, sleep, sql, startServer, startTable } from './harness.mjs';

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

// The next close of a client: its status and reason.
const closeOf = (c) => new Promise((resolve) => c.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));

// A client at url back at its seat (token) of the table code, trying again
// while it is closed with 4013 (the table moves), as the web page does.
async function resumeAt(url, code, token) {
  const { c, r } = await requestUntilServed(url, { op: 'resume', table: code, token });
  assert.equal(r.ok, true, `resume: ${r.message}`);
  return c;
}

// Two servers on one database, and what is open (open.clients: push every
// client): whatever a test leaves open when it fails goes with it.
async function twoServers(test) {
  const open = { servers: [], clients: [] };
  test.after(() => {
    for (const c of open.clients) c.ws.terminate();
    for (const srv of open.servers) srv.proc.kill('SIGKILL');
  });
  const a = await startServer();
  open.servers.push(a);
  const b = await startServer({ db: a.db });
  open.servers.push(b);
  return { open, a, b };
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

test('a lost connection fails the move with a message and changes nothing; the tables are let go and come back, and the next move connects again', ON_POSTGRES, async (test) => {
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
  assert.equal(lines(srv.db, t.code), n, 'nothing was written');
  for (const c of t.clients) assert.equal(await c.closed, 4013, 'its table let go, every client is told to connect again');
  const toldOf = (c) => Math.max(...c.frames.map((f) => JSON.parse(f).actions ?? 0));
  for (const c of t.clients) assert.equal(toldOf(c), n, 'nobody was told of it');
  const returned = open.clients = [];
  for (const c of t.clients) {
    const again = await resumeAt(srv.url, t.code, c.token);
    Object.assign(again, { seat: c.seat, token: c.token });
    returned.push(again);
  }
  assert.deepEqual(await views(returned), before, 'the table came back as its players were told it');
  const moved = await nextMove(returned);
  const again = await moved.client.request(moved.move);
  assert.equal(again.ok, true, `the same move, on a new connection: ${again.message}`);
  assert.equal(lines(srv.db, t.code), n + 1);
  const told = await views(returned);
  for (const c of returned) c.ws.terminate();
  await srv.stop('SIGKILL');
  srv = open.srv = await startServer({ db: srv.db });
  const back = open.clients = [];
  for (const c of returned) {
    const again = await Client.connect(srv.url);
    const resumed = await again.request({ op: 'resume', table: t.code, token: c.token });
    assert.equal(resumed.ok, true, resumed.message);
    back.push(again);
  }
  assert.deepEqual(await views(back), told, 'a restart finds the table as its players were told it');
  for (const c of back) await c.close();
  await srv.stop();
});

test('servers share the database: a table moves to the server asked for it, and SIGTERM hands every table over', ON_POSTGRES, async (test) => {
  const { open, a, b } = await twoServers(test);
  const t = await startTable(a.url, { rules: 'mattel', seats: ['human', 'human'] });
  open.clients.push(...t.clients);
  const { client, move } = await nextMove(t.clients);
  assert.equal((await client.request(move)).ok, true);
  const told = await views(t.clients);
  const n = lines(a.db, t.code);

  // asked at b, the table moves: b's client and a's are told to connect again
  const atB = await Client.connect(b.url);
  const asked = closeOf(atB);
  atB.send({ op: 'resume', table: t.code, token: t.clients[1].token, id: 1 });
  assert.deepEqual(await asked, { code: 4013, reason: 'table moving: connect again' });
  for (const c of t.clients) assert.equal(await c.closed, 4013);
  const moved = [];
  for (const c of t.clients) {
    const back = await resumeAt(b.url, t.code, c.token);
    Object.assign(back, { seat: c.seat, token: c.token });
    moved.push(back);
  }
  open.clients.push(...moved);
  assert.deepEqual(await views(moved), told, 'b rebuilt the table as its players were told it');
  const next = await nextMove(moved);
  assert.equal((await next.client.request(next.move)).ok, true, 'b plays on');
  assert.equal(lines(a.db, t.code), n + 1, 'one writer: b');
  const later = await views(moved);

  // SIGTERM drains b: its clients told to connect again, its table at once a's
  const closes = moved.map(closeOf);
  const stopped = b.stop('SIGTERM');
  for (const c of await Promise.all(closes)) assert.deepEqual(c, { code: 4013, reason: 'server stopping: connect again' });
  assert.equal((await stopped).code, 0, 'b stopped by itself');
  const back = [];
  for (const c of moved) {
    const again = await resumeAt(a.url, t.code, c.token);
    again.seat = c.seat;
    back.push(again);
  }
  open.clients.push(...back);
  assert.deepEqual(await views(back), later, 'a has it back as b left it');
  assert.equal(sql(a.db, `SELECT count(*) FROM (SELECT n FROM actions WHERE code = '${t.code}' GROUP BY n HAVING count(*) > 1) twice`), '0');
  for (const c of back) await c.close();
  await a.stop();
});

test('a scorekeeper table moves between servers sharing the database as a card table does', ON_POSTGRES, async (test) => {
  const { open, a, b } = await twoServers(test);
  const host = await Client.connect(a.url);
  open.clients.push(host);
  const made = await host.request({ op: 'keeper_create', players: [{ name: 'Aino', age: 71 }, { name: 'Bo', age: 9 }] });
  assert.equal(made.ok, true, made.message);
  const started = await host.request({ op: 'keeper_act', table: made.table, token: made.host, act: 'start' });
  assert.equal(started.ok, true, started.message);
  const watcher = await Client.connect(a.url);
  open.clients.push(watcher);
  assert.equal((await watcher.request({ op: 'keeper_watch', table: made.table })).ok, true);

  // asked at b: b's client and a's watcher are told to connect again; b has it next time
  const atB = await Client.connect(b.url);
  const asked = closeOf(atB);
  atB.send({ op: 'keeper_watch', table: made.table, id: 1 });
  assert.deepEqual(await asked, { code: 4013, reason: 'table moving: connect again' });
  assert.equal(await watcher.closed, 4013);
  const { c: watching, r: seen } = await requestUntilServed(b.url, { op: 'keeper_watch', table: made.table });
  open.clients.push(watching);
  assert.equal(seen.ok, true, `b serves the scorekeeper table: ${seen.message}`);
  const timeless = ({ now, game: { elapsed, ...game }, ...rest }) => ({ ...rest, game }); // the clock goes on
  assert.deepEqual(timeless(seen.keeper), timeless(started.keeper), 'as a left it');
  const again = await Client.connect(b.url);
  open.clients.push(again);
  const finished = await again.request({ op: 'keeper_act', table: made.table, token: made.host, act: 'finish', player: 1 });
  assert.equal(finished.ok, true, `b takes its actions: ${finished.message}`);
  for (const srv of open.servers) await srv.stop();
});
