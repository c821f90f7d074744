// Limits per client address, tables nobody uses, and RFC 6455's framing
// (docs/server.md "Limits per address", "Tables nobody uses", "RFC 6455"),
// through real WebSocket connections from two loopback addresses: 127.0.0.1
// and 127.0.0.2 (the client's socket bound to it, ws's localAddress).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, Client, sleep, UNO } from './harness.mjs';

const OTHER = { localAddress: '127.0.0.2' };
const CARDS = { op: 'create', rules: 'mattel', seats: ['human', 'easy'] };
const KEEPER = { op: 'keeper_create', players: [{ name: 'Ann', age: 30 }, { name: 'Bob', age: 40 }] };
const MINUTE = 60 * 1000;

// A connection as the server took it: `first` is the hello, or the refusal
// that comes before it is closed.
async function attempt(url, options) {
  const c = await Client.connect(url, options);
  const first = await c.waitFor(() => true, 5000, 0);
  return { c, first };
}

// A connection that must be let in.
async function admitted(url, options) {
  const a = await attempt(url, options);
  assert.equal(a.first.type, 'hello', `let in: ${JSON.stringify(a.first)}`);
  return a.c;
}

// A connection that must be refused for its address's connections.
async function refused(url, options, limit) {
  const a = await attempt(url, options);
  assert.equal(a.first.error, 'too_many_connections', JSON.stringify(a.first));
  assert.match(a.first.message, new RegExp(`too many connections from your address \\(${limit}\\)`));
  assert.equal(await a.c.closed, 1008, 'closed as a policy violation');
}

// Tries `fn` every 100 ms until it passes, 5 s at most (a closed connection
// is counted off when the server has seen it close).
async function eventually(fn) {
  for (let i = 0; ; i++) {
    try { return await fn(); } catch (e) { if (i === 50) throw e; }
    await sleep(100);
  }
}

const closeAll = (clients) => Promise.all(clients.map((c) => c.close()));

test('connections past --max-conns-per-addr are refused from that address only, and a place frees when one closes', async () => {
  const srv = await startServer({ addrLimits: true, args: ['--max-conns-per-addr', '5'] });
  try {
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await admitted(srv.url));
    for (let i = 0; i < 3; i++) await refused(srv.url, {}, 5);
    const other = await admitted(srv.url, OTHER);
    assert.equal((await other.request({ op: 'leave' })).ok, true, '127.0.0.2 is another address, served');
    await mine.shift().close();
    mine.push(await eventually(() => admitted(srv.url)));
    await refused(srv.url, {}, 5);
    await closeAll([...mine, other]);
  } finally { await srv.stop(); }
});

test('creates past --creates-per-addr are refused to the address on every connection, card and scorekeeper tables alike, while another address creates', async () => {
  const srv = await startServer({ addrLimits: true, args: ['--creates-per-addr', '3'] });
  try {
    const a = await admitted(srv.url);
    assert.equal((await a.request(CARDS)).ok, true);
    assert.equal((await a.request(KEEPER)).ok, true);
    const bad = await a.request({ ...CARDS, rules: 'nonsense' });
    assert.equal(bad.error, 'bad_request', 'a create refused for what it asks spends nothing');
    assert.equal((await a.request(CARDS)).ok, true);
    for (const req of [CARDS, KEEPER]) {
      const r = await a.request(req);
      assert.equal(r.error, 'rate_limited', req.op);
      assert.match(r.message, /this address has created 3 tables lately: the next may be created in \d+ s/);
    }
    const a2 = await admitted(srv.url);
    assert.equal((await a2.request(CARDS)).error, 'rate_limited', 'the budget is the address\'s, not the connection\'s');
    const b = await admitted(srv.url, OTHER);
    for (const req of [CARDS, KEEPER, CARDS]) assert.equal((await b.request(req)).ok, true, `127.0.0.2: ${req.op}`);
    assert.equal((await b.request(CARDS)).error, 'rate_limited');
    await closeAll([a, a2, b]);
  } finally { await srv.stop(); }
});

// Sends n requests at once on each connection; resolves once the server is
// quiet (nothing more for 500 ms) with the answers and the rate_limited
// errors they got, the pongs they sent in all (the harness answers each
// ping: messages too), and the seconds from the first send to the last
// frame.
async function burst(clients, n) {
  const start = Date.now();
  const before = clients.map((c) => c.frames.length);
  for (const c of clients) for (let i = 0; i < n; i++) c.send({ op: 'leave', id: `b${i}` });
  let total = -1, last = start;
  for (let i = 0; i < 100; i++) { // 10 s at most
    await sleep(100);
    const now = clients.reduce((sum, c, k) => sum + c.frames.length - before[k], 0);
    if (now === total && Date.now() - last >= 500) break;
    if (now !== total) last = Date.now();
    total = now;
  }
  const got = clients.map((c, k) => c.frames.slice(before[k]).map((f) => JSON.parse(f)).filter((m) => m.type !== 'ping'));
  return {
    answered: got.reduce((sum, ms) => sum + ms.filter((m) => m.ok === true).length, 0),
    limited: got.reduce((sum, ms) => sum + ms.filter((m) => m.error === 'rate_limited').length, 0),
    pongs: clients.reduce((sum, c) => sum + c.frames.filter((f) => JSON.parse(f).type === 'ping').length, 0),
    seconds: (last - start) / 1000,
  };
}

test('a flood of requests from one address\'s connections together is dropped past --rate-per-addr; another address is served', async () => {
  // each connection alone may send 1,000 a second; together, 10 (bursts of 20)
  const srv = await startServer({ addrLimits: true, args: ['--rate-per-addr', '10', '--rate', '1000'] });
  try {
    const mine = [];
    for (let i = 0; i < 4; i++) mine.push(await admitted(srv.url));
    const flood = await burst(mine, 30);
    const heard = flood.answered + flood.pongs;
    assert.ok(heard >= 20, `the burst is heard: ${flood.answered} answers and ${flood.pongs} pongs`);
    assert.ok(heard <= 20 + Math.ceil(10 * flood.seconds) + 1,
      `no more than the burst and the refill: ${flood.answered} answers and ${flood.pongs} pongs in ${flood.seconds} s`);
    assert.ok(flood.limited >= 1, 'the dropped are told rate_limited');
    const other = await admitted(srv.url, OTHER);
    const pongs = other.frames.filter((f) => JSON.parse(f).type === 'ping').length;
    const calm = await burst([other], 20 - pongs);
    assert.deepEqual([calm.answered, calm.limited], [20 - pongs, 0], '127.0.0.2 has a whole burst of its own');
    await closeAll([...mine, other]);
  } finally { await srv.stop(); }
});

test('--trust-proxy takes the address from X-Forwarded-For\'s right-most entry; without it the header is ignored', async () => {
  const forwarded = (xff) => ({ headers: { 'X-Forwarded-For': xff } });
  let srv = await startServer({ addrLimits: true, args: ['--max-conns-per-addr', '1'] });
  try {
    const c = await admitted(srv.url, forwarded('198.51.100.1'));
    await refused(srv.url, forwarded('198.51.100.2'), 1); // both are 127.0.0.1
    await c.close();
  } finally { await srv.stop(); }
  srv = await startServer({ addrLimits: true, args: ['--max-conns-per-addr', '1', '--trust-proxy'] });
  try {
    const open = [];
    open.push(await admitted(srv.url, forwarded('198.51.100.1')));
    open.push(await admitted(srv.url, forwarded('198.51.100.2')));
    await refused(srv.url, forwarded('198.51.100.1'), 1);
    open.push(await admitted(srv.url, forwarded('198.51.100.1, 198.51.100.3'))); // the entry the proxy added counts
    await refused(srv.url, forwarded('198.51.100.9, 198.51.100.3'), 1); // what the client wrote before it does not
    open.push(await admitted(srv.url, forwarded('2001:db8:1:2::5')));
    await refused(srv.url, forwarded('2001:db8:1:2::9'), 1); // the same /64
    open.push(await admitted(srv.url, forwarded('2001:db8:1:3::9')));
    open.push(await admitted(srv.url)); // no header: the socket's address
    await refused(srv.url, forwarded('not an address'), 1); // likewise
    await closeAll(open);
  } finally { await srv.stop(); }
});

test('tables nobody is at expire after --expire-after on the test clock, their slots freed; the others stay, and a finished game\'s log with them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uno-expire-'));
  const srv = await startServer({ db: join(dir, 'uno.db'), args: ['--test-clock', '--expire-after', '2', '--max-tables', '8'] });
  try {
    const host = await Client.connect(srv.url);
    const made = async (req) => { const r = await host.request(req); assert.equal(r.ok, true, r.message); return r; };
    const waiting = await made(CARDS); // never started, nobody at it
    const seated = await made(CARDS); // a person sits, connected
    const sitter = await Client.connect(srv.url);
    assert.equal((await sitter.request({ op: 'sit', table: seated.table, name: 'Sam', age: 30 })).ok, true);
    const left = await made(CARDS); // a person sat and went
    const leaver = await Client.connect(srv.url);
    assert.equal((await leaver.request({ op: 'sit', table: left.table, name: 'Lea', age: 30 })).ok, true);
    await leaver.close();
    const bots = await made({ op: 'create', rules: 'mattel', seats: ['easy', 'easy'], bot_pace_ms: 0 }); // bots only
    assert.equal((await host.request({ op: 'start', table: bots.table, host: bots.host })).ok, true);
    const unwatched = await made(KEEPER);
    const scored = await made(KEEPER); // an action in its log
    assert.equal((await host.request({ op: 'keeper_act', table: scored.table, token: scored.host, act: 'start' })).ok, true);
    const watched = await made(KEEPER);
    assert.equal((await host.request({ op: 'keeper_watch', table: watched.table })).ok, true);

    const table = (code) => host.request({ op: 'table', table: code });
    const keeper = (code) => host.request({ op: 'keeper_export', table: code });
    await sleep(1500); // the sweep runs every second: nothing is due yet
    for (const t of [waiting, left, bots]) assert.equal((await table(t.table)).ok, true, 'not before its time');
    assert.equal((await host.request({ op: 'keeper_clock', advance: 90 * 1000 })).ok, true);
    const late = await made(CARDS); // vacant for 31 s at the end: neither expired nor reclaimed
    assert.equal((await host.request({ op: 'keeper_clock', advance: 31 * 1000 })).ok, true);
    await eventually(async () => assert.equal((await table(waiting.table)).error, 'no_table'));

    assert.match((await table(waiting.table)).message, /no table has that code \(a table nobody is at for 2 minutes is removed\)/);
    assert.equal((await table(left.table)).error, 'no_table');
    const gone = await table(bots.table);
    assert.equal(gone.error, 'no_table');
    assert.match(gone.message, /that table has expired: nobody was at it for 2 minutes/);
    assert.match((await keeper(unwatched.table)).message, /no scorekeeper table has that code/);
    assert.match((await keeper(scored.table)).message, /that scorekeeper table has expired/);
    for (const t of [seated, late]) assert.equal((await table(t.table)).ok, true, 'someone is at it, or it is young');
    assert.equal((await keeper(watched.table)).ok, true, 'a watched scorekeeper table stays');

    // the log of a table with a game stays for --export; the slots are free
    const out = join(dir, 'bots.uno');
    execFileSync(UNO, ['serve', '--db', srv.db, '--export', bots.table, out], { stdio: 'pipe' });
    execFileSync(UNO, ['replay', out], { stdio: 'pipe' });
    const fresh = [];
    for (let i = 0; i < 5; i++) fresh.push(await made(i % 2 ? KEEPER : CARDS)); // 3 stayed, 8 at most
    const full = await host.request(CARDS);
    assert.equal(full.error, 'forbidden', 'full of tables used within the minute');
    assert.match(full.message, /no more tables: the server's 8 are all in use/);

    // a restart serves what stayed, and not what expired
    await sitter.close();
    await host.close();
    await srv.stop('SIGTERM');
    const again = await startServer({ db: srv.db });
    try {
      const c = await Client.connect(again.url);
      assert.equal((await c.request({ op: 'table', table: seated.table })).ok, true);
      assert.equal((await c.request({ op: 'table', table: fresh[0].table })).ok, true);
      for (const t of [waiting, left, bots]) assert.equal((await c.request({ op: 'table', table: t.table })).error, 'no_table');
      assert.match((await c.request({ op: 'keeper_export', table: scored.table })).message, /expired/);
      await c.close();
    } finally { await again.stop(); }
  } finally {
    await srv.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('scorekeeper tables count against --max-tables; a full server gives a create the slot of the table vacant longest, after a minute', async () => {
  const srv = await startServer({ args: ['--max-tables', '2', '--test-clock'] });
  try {
    const c = await Client.connect(srv.url);
    const cards = await c.request(CARDS);
    const keeper = await c.request(KEEPER);
    assert.equal(cards.ok && keeper.ok, true);
    for (const req of [CARDS, KEEPER]) {
      const r = await c.request(req);
      assert.equal(r.error, 'forbidden', `${req.op}: the keeper's table counts`);
      assert.match(r.message, /no more tables: the server's 2 are all in use/);
    }
    assert.equal((await c.request({ op: 'keeper_clock', advance: MINUTE + 1000 })).ok, true);
    const second = await c.request(CARDS);
    assert.equal(second.ok, true, 'the card table vacant longest gave its slot');
    assert.equal((await c.request({ op: 'table', table: cards.table })).error, 'no_table');
    assert.equal((await c.request({ op: 'keeper_export', table: keeper.table })).ok, true);
    assert.equal((await c.request({ op: 'keeper_clock', advance: MINUTE + 1000 })).ok, true);
    assert.equal((await c.request(KEEPER)).ok, true);
    assert.equal((await c.request({ op: 'keeper_export', table: keeper.table })).error, 'no_table', 'then the keeper\'s');
    assert.equal((await c.request({ op: 'table', table: second.table })).ok, true);
    await c.close();
  } finally { await srv.stop(); }
});

// libwebsockets checks the mask bit from version 5.0 on (docs/server.md
// "RFC 6455"); Debian 12's 4.1 hands the frame on as if it were masked.
const LWS = execFileSync('pkg-config', ['--modversion', 'libwebsockets'], { encoding: 'utf8' }).trim();
const LWS_CHECKS_MASKS = Number(LWS.split('.')[0]) >= 5;

test('an unmasked client frame closes the connection with 1002 (RFC 6455 §5.1)',
  { todo: LWS_CHECKS_MASKS ? false : `libwebsockets ${LWS} does not check the mask bit (docs/server.md "RFC 6455")` },
  async () => {
    const srv = await startServer();
    try {
      const masked = await Client.connect(srv.url);
      assert.equal((await masked.request({ op: 'leave' })).ok, true, 'a masked frame is answered');
      const c = await Client.connect(srv.url);
      c.ws.send(JSON.stringify({ op: 'leave', id: 1 }), { mask: false });
      const code = await Promise.race([c.closed, sleep(3000).then(() => 'still open')]);
      assert.equal(code, 1002);
      assert.equal(c.frames.some((f) => JSON.parse(f).id === 1), false, 'the unmasked frame is not answered');
      await masked.close();
    } finally { await srv.stop(); }
  });

// One address's flood (500 connections each creating 20 tables, which would
// fill the server if counted per connection only), scaled to the suite's time: 100 connections
// from 127.0.0.1 under the server's defaults, each sending 20 creates at once.
test('one address flooding connections and creates leaves the server to everyone else, before and after a restart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uno-flood-'));
  const srv = await startServer({ db: join(dir, 'uno.db'), addrLimits: true });
  try {
    const attempts = [];
    for (let i = 0; i < 100; i++) attempts.push(await attempt(srv.url));
    const flood = attempts.filter((a) => a.first.type === 'hello').map((a) => a.c);
    assert.equal(flood.length, 64, 'the default --max-conns-per-addr');
    assert.ok(attempts.filter((a) => a.first.error === 'too_many_connections').length === 36);
    const before = flood.map((c) => c.frames.length);
    for (const c of flood) for (let i = 0; i < 20; i++) c.send({ ...CARDS, id: `f${i}` });
    let answered = 0;
    for (let i = 0, last = -1; i < 300 && answered !== last; i++) { // quiet for 500 ms, 30 s at most
      last = answered;
      await sleep(500);
      answered = flood.reduce((n, c, k) => n + c.frames.length - before[k], 0);
    }
    const replies = flood.flatMap((c, k) => c.frames.slice(before[k]).map((f) => JSON.parse(f)));
    assert.equal(replies.filter((m) => m.ok === true && m.table).length, 20, 'the address\'s 20 tables and no more');
    const other = await admitted(srv.url, OTHER);
    assert.equal((await other.request(CARDS)).ok, true, 'another address creates');
    await closeAll([...flood, other]);
  } finally { await srv.stop('SIGTERM'); }
  const again = await startServer({ db: srv.db, addrLimits: true });
  try {
    const other = await admitted(again.url, OTHER);
    assert.equal((await other.request(CARDS)).ok, true, 'and after a restart');
    await other.close();
  } finally {
    await again.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
