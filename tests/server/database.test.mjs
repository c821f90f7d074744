// The server's database (docs/server.md "The database"): one server per
// SQLite file (several share a PostgreSQL database: postgres.test.mjs), a file that is not uno serve's refused and left as it was, the
// schema's version (older migrated, newer refused), and secrets kept only
// as hashes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNO, POSTGRES, startServer, startTable, Client, dump, sql } from './harness.mjs';

const sha256 = (text) => createHash('sha256').update(text).digest('hex');
// What only an SQLite file has (its bytes, its user_version, migrations
// from before versions, one server on it): not for a run on PostgreSQL (UNO_DB).
const SQLITE_ONLY = { skip: POSTGRES ? 'an SQLite file\'s own (UNO_DB is PostgreSQL)' : false };
const freshDir = () => mkdtempSync(join(tmpdir(), 'uno-db-'));

// `uno serve` on db that must refuse to start: its exit status and what it said.
function refused(db, args = []) {
  const proc = spawn(process.env.UNO_BIN || UNO, ['serve', '--host', '127.0.0.1', '--port', '0', '--db', db, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10000);
  return new Promise((resolve) => proc.on('exit', (code) => { clearTimeout(timer); resolve({ code, out }); }));
}

// A move of the seat in turn (clients: by seat, every seat a person's).
async function playOnce(clients) {
  const views = await Promise.all(clients.map((c) => c.request({ op: 'view' })));
  const seat = views[0].view.turn;
  // a Wild turned up first is answered with a colour; a drawn card with a play or a pass
  const move = views[seat].moves.find((m) => ['play', 'draw', 'color', 'pass', 'take'].includes(m.op));
  const r = await clients[seat].request(move);
  assert.equal(r.ok, true, `${JSON.stringify(move)}: ${r.message}`);
}

test('a second server on the same database is refused; a killed server\'s successor starts at once', SQLITE_ONLY, async () => {
  const first = await startServer();
  const t = await startTable(first.url, { rules: 'mattel', seats: ['human', 'human'] });
  const second = await refused(first.db);
  assert.notEqual(second.code, 0);
  assert.match(second.out, /in use by another uno serve/);
  const still = await t.clients[0].request({ op: 'view' });
  assert.equal(still.ok, true, 'the first server serves on');
  for (const c of t.clients) c.ws.terminate();
  await first.stop('SIGKILL');
  const successor = await startServer({ db: first.db });
  const c = await Client.connect(successor.url);
  const back = await c.request({ op: 'resume', table: t.code, token: t.clients[1].token });
  assert.equal(back.ok, true, back.message);
  await c.close();
  await successor.stop();
  rmSync(join(first.db, '..'), { recursive: true, force: true });
});

test('an empty, foreign, damaged or schemaless file given as --db is refused and left as it was', SQLITE_ONLY, async () => {
  const dir = freshDir();
  const made = join(dir, 'made.db');
  const s = await startServer({ db: made });
  await startTable(s.url, { rules: 'mattel', seats: ['human', 'easy'] }, { start: false });
  await s.stop();
  const damaged = readFileSync(made);
  damaged.fill(0x5a, 0, 100); // the header: no longer SQLite's
  const cases = {
    'empty.db': [Buffer.alloc(0), /empty file/],
    'notes.txt': [Buffer.from('shopping list: milk, eggs\n'), /not a database uno serve can use/],
    'damaged.db': [damaged, /not a database uno serve can use/],
  };
  sql(join(dir, 'other.db'), 'CREATE TABLE people(name TEXT)');
  cases['other.db'] = [readFileSync(join(dir, 'other.db')), /SQLite database but not uno serve's/];
  for (const [name, [bytes, why]] of Object.entries(cases)) {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    const r = await refused(file);
    assert.notEqual(r.code, 0, name);
    assert.match(r.out, why, name);
    assert.ok(readFileSync(file).equals(bytes), `${name} is as it was`);
    assert.ok(!existsSync(`${file}-wal`), `${name}: no journal was made beside it`);
  }
  rmSync(dir, { recursive: true, force: true });
});

test('a database of a newer schema is refused, naming both versions', SQLITE_ONLY, async () => {
  const dir = freshDir();
  const db = join(dir, 'uno.db');
  const s = await startServer({ db });
  await s.stop();
  assert.equal(sql(db, 'PRAGMA user_version'), '2');
  sql(db, 'PRAGMA user_version = 3');
  const before = readFileSync(db);
  const r = await refused(db);
  assert.notEqual(r.code, 0);
  assert.match(r.out, /schema version 3; this uno serve knows versions 1 to 2/);
  assert.ok(readFileSync(db).equals(before));
  rmSync(dir, { recursive: true, force: true });
});

test('a database from before versions (user_version 0, secrets in plain text) is migrated and its tables play on with their old secrets', SQLITE_ONLY, async () => {
  const dir = freshDir();
  const db = join(dir, 'uno.db');
  let s = await startServer({ db });
  const playing = await startTable(s.url, { rules: 'mattel', seats: ['human', 'human'] });
  const waiting = await startTable(s.url, { rules: 'mattel', seats: ['human', 'easy'] }, { start: false });
  await playOnce(playing.clients);
  for (const c of [...playing.clients, ...waiting.clients]) if (c) await c.close();
  await s.stop();
  // as the server before versions kept them: the secrets themselves
  const old = { seat0: 'a'.repeat(32), seat1: 'b'.repeat(32), host: 'c'.repeat(32), sitter: 'd'.repeat(32) };
  sql(db, `UPDATE seats SET token = '${old.seat0}' WHERE code = '${playing.code}' AND seat = 0;
           UPDATE seats SET token = '${old.seat1}' WHERE code = '${playing.code}' AND seat = 1;
           UPDATE seats SET token = '${old.sitter}' WHERE code = '${waiting.code}';
           UPDATE tables SET host = '${old.host}' WHERE code = '${waiting.code}';
           PRAGMA user_version = 0;`);
  s = await startServer({ db });
  assert.equal(sql(db, 'PRAGMA user_version'), '2', 'migrated to version 2');
  assert.equal(sql(db, `SELECT token FROM seats WHERE code = '${playing.code}' AND seat = 0`), sha256(old.seat0));
  const a = await Client.connect(s.url);
  const b = await Client.connect(s.url);
  const leaked = await a.request({ op: 'resume', table: playing.code, token: sha256(old.seat0) });
  assert.equal(leaked.error, 'bad_token', 'the hash the database holds is no token');
  for (const [c, token] of [[a, old.seat0], [b, old.seat1]]) {
    const back = await c.request({ op: 'resume', table: playing.code, token });
    assert.equal(back.ok, true, `resume with an old token: ${back.message}`);
  }
  await playOnce([a, b]);
  const h = await Client.connect(s.url);
  const sat = await h.request({ op: 'resume', table: waiting.code, token: old.sitter });
  assert.equal(sat.ok, true, `resume at a table not started: ${sat.message}`);
  const started = await h.request({ op: 'start', table: waiting.code, host: old.host });
  assert.equal(started.ok, true, `the old host secret starts it: ${started.message}`);
  for (const c of [a, b, h]) await c.close();
  await s.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('no secret handed out is in the database', async () => {
  const dir = freshDir();
  const db = join(dir, 'uno.db');
  const s = await startServer({ db });
  const t = await startTable(s.url, { rules: 'mattel', seats: ['human', 'human'], spectators: 'hands' });
  await playOnce(t.clients);
  const k = await t.hostConn.request({ op: 'keeper_create', players: [{ name: 'A', age: 40 }, { name: 'B', age: 30 }] });
  assert.equal(k.ok, true);
  const secrets = [t.host, t.key, t.clients[0].token, t.clients[1].token, k.host, k.clock];
  for (const secret of secrets) assert.match(secret, /^[0-9a-f]{32}$/);
  for (const c of t.clients) await c.close();
  await s.stop('SIGKILL'); // whatever the WAL still holds is read too
  const files = POSTGRES ? [dump(s.db)] : [db, `${db}-wal`].filter(existsSync).map((f) => readFileSync(f).toString('latin1'));
  for (const secret of secrets) {
    for (const bytes of files) assert.ok(!bytes.includes(secret), `secret ${secret} is in the database`);
  }
  const hashes = sql(s.db, 'SELECT token FROM seats UNION ALL SELECT host FROM tables UNION ALL SELECT host FROM keepers');
  for (const secret of [t.clients[0].token, t.host, k.host]) assert.ok(hashes.includes(sha256(secret)));
  rmSync(dir, { recursive: true, force: true });
});

test('a server that cannot start (no web folder) says why and makes no database', async () => {
  const dir = freshDir();
  const db = join(dir, 'uno.db');
  const { code, out } = await refused(db, ['--web', join(dir, 'nowhere')]);
  assert.notEqual(code, 0);
  assert.match(out, /nowhere/, 'the folder is named');
  assert.equal(existsSync(db), false, 'bad input changes nothing: no database left behind');
  rmSync(dir, { recursive: true, force: true });
});
