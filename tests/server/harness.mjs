// The server tests' harness: starts `uno serve` on a free port with a fresh
// database, and connects WebSocket clients that keep every frame they get.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

export const UNO = process.env.UNO_BIN || new URL('../../build/uno', import.meta.url).pathname;

// Every test connects from 127.0.0.1, one client address: the limits per
// address (docs/server.md "Limits per address") are lifted for them, but in
// the tests of those limits (addrLimits: true, the server's defaults, which
// args may set).
const LIFTED = ['--max-conns-per-addr', '1000000', '--creates-per-addr', '1000000', '--rate-per-addr', '1000000'];

// UNO_DB=postgresql://USER@HOST:PORT (scripts/with-postgres, make
// test-server-pg): every server runs on a PostgreSQL database of that
// server instead of an SQLite file; the database a file's name stands for
// is made at its first use, so that a test restarts on the same one.
export const POSTGRES = process.env.UNO_DB || '';

// The PostgreSQL database (its URL) that the SQLite file at path stands for.
export function postgresFor(path) {
  const name = `uno_${createHash('sha256').update(path).digest('hex').slice(0, 20)}`;
  const psql = (sql) => execFileSync('psql', [`${POSTGRES}/postgres`, '-qtAc', sql], { encoding: 'utf8' }).trim();
  if (!psql(`SELECT 1 FROM pg_database WHERE datname = '${name}'`)) psql(`CREATE DATABASE ${name}`);
  return `${POSTGRES}/${name}`;
}

// What query reads in the server's database db (an SQLite file, or a
// PostgreSQL URL under UNO_DB), as the database's shell prints it.
export function sql(db, query) {
  const [shell, args] = db.startsWith('postgres') ? ['psql', [db, '-qtAc', query]] : ['sqlite3', [db, query]];
  return execFileSync(shell, args, { encoding: 'utf8' }).trim();
}

// Everything the database db holds, as SQL (beside the running server:
// SQLite's WAL lets a reader in), the same text while it holds the same
// (pg_dump's \restrict line carries a key of its own each run, unless given).
export function dump(db) {
  const [tool, args] = db.startsWith('postgres') ? ['pg_dump', ['--data-only', '--restrict-key=uno', db]] : ['sqlite3', [db, '.dump']];
  return execFileSync(tool, args, { encoding: 'utf8' });
}

// A running server. db: a file to keep (to restart on it), else a fresh one;
// env: more of the server's environment.
export async function startServer({ db, args = [], addrLimits = false, env = {} } = {}) {
  const dir = db ? null : mkdtempSync(join(tmpdir(), 'uno-serve-'));
  const path = db || join(dir, 'uno.db');
  const file = POSTGRES && !path.startsWith('postgres') ? postgresFor(path) : path;
  const flags = [...(addrLimits ? [] : LIFTED), ...args];
  const proc = spawn(process.env.UNO_BIN || UNO, ['serve', '--host', '127.0.0.1', '--port', '0', '--db', file, ...flags], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env },
  });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr += d; });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve(Number(m[1]));
    });
    proc.on('exit', (code) => reject(new Error(`uno serve exited (${code}): ${stderr}`)));
  });
  const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    port, db: file, proc, exited,
    stderr: () => stderr,
    url: `ws://127.0.0.1:${port}/`,
    // Stops it; a ThreadSanitizer report (make TSAN=1 test-server) fails
    // the test, as ASan's errors do by ending the server.
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      const status = await exited;
      if (dir && signal !== 'SIGKILL') rmSync(dir, { recursive: true, force: true });
      const race = stderr.indexOf('WARNING: ThreadSanitizer');
      if (race >= 0) throw new Error(`uno serve: ${stderr.slice(race, race + 4000)}`);
      return status;
    },
    cleanup() { if (dir) rmSync(dir, { recursive: true, force: true }); },
  };
}

// A client: request() sends with an id and resolves with the answer;
// frames keeps everything received, pushes the messages that are not answers.
// options go to ws (localAddress: the client's address, headers).
export class Client {
  constructor(url, options = {}) {
    this.url = url;
    this.options = options;
    this.frames = [];
    this.pushes = [];
    this.waiting = new Map();
    this.watchers = [];
    this.nextId = 1;
  }

  static async connect(url, options) {
    const c = new Client(url, options);
    await c.open();
    return c;
  }

  open() {
    this.ws = new WebSocket(this.url, 'uno', this.options);
    this.ws.on('message', (data) => this.receive(String(data)));
    this.closed = new Promise((resolve) => this.ws.on('close', resolve));
    return new Promise((resolve, reject) => {
      this.ws.once('open', resolve);
      this.ws.once('error', reject);
    });
  }

  receive(text) {
    this.frames.push(text);
    const msg = JSON.parse(text);
    if (msg.type === 'ping') { this.send({ op: 'pong', n: msg.n }); return; }
    if (msg.view) this.last = msg;
    if (msg.id !== undefined && this.waiting.has(msg.id)) {
      const resolve = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      resolve(msg);
      return;
    }
    this.pushes.push(msg);
    if (msg.view && this.onUpdate) this.onUpdate();
    for (const w of [...this.watchers]) {
      if (w.test(msg)) {
        this.watchers.splice(this.watchers.indexOf(w), 1);
        w.resolve(msg);
      }
    }
  }

  send(obj) { this.ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj)); }

  request(obj, timeoutMs = 10000) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(obj)}`)), timeoutMs);
      this.waiting.set(id, (msg) => { clearTimeout(timer); resolve(msg); });
      this.send({ ...obj, id });
    });
  }

  // The next push (or one already received, from `since` on) that passes test.
  waitFor(test, timeoutMs = 20000, since = null) {
    if (since !== null) {
      const found = this.pushes.slice(since).find(test);
      if (found) return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const w = { test, resolve };
      const timer = setTimeout(() => {
        this.watchers.splice(this.watchers.indexOf(w), 1);
        reject(new Error('timed out waiting for a push'));
      }, timeoutMs);
      w.resolve = (msg) => { clearTimeout(timer); resolve(msg); };
      this.watchers.push(w);
    });
  }

  close() { this.ws.close(); return this.closed; }
}

// The latest view and moves a client has had (from answers and pushes).
export function latest(client) {
  return client.last || null;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A small seeded generator (mulberry32), so that a failing run can be repeated.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Plays the client's seat with random legal moves, in turn and out of turn
// (UNO calls, catches, side slides), until its view says the game is over;
// never the ops named in `except`.
// Resolves with the number of actions the server accepted.
export function playRandomly(client, random, { outOfTurn = 0.5, pauseMs = 0, except = [] } = {}) {
  return new Promise((resolve, reject) => {
    let busy = false, accepted = 0;
    const step = async () => {
      if (busy) return;
      const last = latest(client);
      if (!last) return;
      if (last.view.over) { client.onUpdate = null; resolve(accepted); return; }
      const seat = client.seat;
      const moves = last.moves.filter((m) => !except.includes(m.op));
      const inTurn = moves.filter((m) => last.view.turn === seat && !['uno', 'catch'].includes(m.op));
      const others = moves.filter((m) => !inTurn.includes(m));
      let move = null;
      if (others.length && random() < outOfTurn) move = others[Math.floor(random() * others.length)];
      else if (inTurn.length) move = inTurn[Math.floor(random() * inTurn.length)];
      if (!move) return;
      busy = true;
      try {
        const answer = await client.request(move);
        if (answer.ok) accepted++;
      } catch (e) { reject(e); return; }
      if (pauseMs) await sleep(pauseMs);
      busy = false;
      setImmediate(step);
    };
    client.onUpdate = step;
    step();
  });
}

// A table with one connected client per human seat (named P0, P1, ...),
// started. Returns { code, host, key, clients (by seat; null for bots) }.
export async function startTable(url, create, { start = true } = {}) {
  const hostConn = await Client.connect(url);
  const made = await hostConn.request({ op: 'create', ...create });
  if (!made.ok) throw new Error(`create refused: ${made.message}`);
  const clients = [];
  for (let s = 0; s < create.seats.length; s++) {
    if (create.seats[s] !== 'human') { clients.push(null); continue; }
    const c = s === create.seats.indexOf('human') ? hostConn : await Client.connect(url);
    const sat = await c.request({ op: 'sit', table: made.table, name: `P${s}`, age: 20 + s, seat: s });
    if (!sat.ok) throw new Error(`sit refused: ${sat.message}`);
    c.seat = sat.seat;
    c.token = sat.token;
    clients.push(c);
  }
  if (start) {
    const started = await hostConn.request({ op: 'start', table: made.table, host: made.host });
    if (!started.ok) throw new Error(`start refused: ${started.message}`);
  }
  return { code: made.table, host: made.host, key: made.key, hostConn, clients };
}

// The answer to req on a fresh client at url, connecting again while the
// server closes the connection before it answers (4013: the table moves to
// another server, or the server stops; docs/protocol.md "The server") or,
// behind a proxy, no server takes it; after wait() ms each time. The client
// with the answer: { c, r }.
export async function requestUntilServed(url, req, { tries = 100, wait = () => 50, timeoutMs = 10000 } = {}) {
  for (let i = 0; i < tries; i++) {
    const c = new Client(url);
    if (await c.open().then(() => true, () => false)) {
      const r = await Promise.race([c.request(req, timeoutMs).catch(() => null), c.closed.then(() => null)]);
      if (r) return { c, r };
      c.ws.terminate();
    }
    await sleep(wait());
  }
  throw new Error(`${url}: ${JSON.stringify(req)} never answered`);
}
