// The limits per address under one address's flood (500 connections, 20
// creates each), full size, and the server's memory after refused work
// (docs/server.md "Limits per address").
// Figures, not a pass/fail test (tests/server/limits.test.mjs runs the
// flood scaled down).
//
//   UNO_BIN=build/uno node bench/serve-limits.mjs
//
// 1. The flood: 500 connections from 127.0.0.1, each sending 20 creates at
//    once, under the server's default limits; then a create from 127.0.0.2,
//    and again after a restart.
// 2. Memory (VmRSS and VmHWM, /proc/PID/status) of a fresh server before and
//    after 10,000 refused creates (10 connections from one address whose
//    budget is spent, under --rate 10000 --rate-per-addr 100000 so that every
//    create reaches the budget and none is dropped before), then after 5,000
//    connect/disconnect cycles, each from an address of its own
//    (127.1.x.y, 50 at a time).
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, Client, sleep } from '../tests/server/harness.mjs';

const CREATE = { op: 'create', rules: 'mattel', seats: ['human', 'easy'] };

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))[1]);
  return `VmRSS ${(kib('VmRSS') / 1024).toFixed(1)} MiB, VmHWM ${(kib('VmHWM') / 1024).toFixed(1)} MiB`;
}

// A connection, or its refusal: the first message it gets.
async function attempt(url, options) {
  const c = await Client.connect(url, options);
  return { c, first: await c.waitFor(() => true, 10000, 0) };
}

// Sends n requests on each connection at once; resolves with every message
// they got back but pings once nothing more comes for 500 ms (60 s at most).
async function flood(clients, n, req) {
  const before = clients.map((c) => c.frames.length);
  for (const c of clients) for (let i = 0; i < n; i++) c.send({ ...req, id: i });
  let total = -1;
  for (let i = 0; i < 120; i++) {
    await sleep(500);
    const now = clients.reduce((sum, c, k) => sum + c.frames.length - before[k], 0);
    if (now === total) break;
    total = now;
  }
  return clients.flatMap((c, k) => c.frames.slice(before[k]).map((f) => JSON.parse(f))).filter((m) => m.type !== 'ping');
}

const count = (msgs, test) => msgs.filter(test).length;

async function theFlood(dir) {
  const db = join(dir, 'flood.db');
  let srv = await startServer({ db, addrLimits: true });
  const t0 = Date.now();
  const attempts = [];
  for (let i = 0; i < 500; i += 50) attempts.push(...await Promise.all(Array.from({ length: 50 }, () => attempt(srv.url))));
  const open = attempts.filter((a) => a.first.type === 'hello').map((a) => a.c);
  const replies = await flood(open, 20, CREATE);
  console.log(`flood: 500 connections from 127.0.0.1: ${open.length} let in, ` +
              `${count(attempts, (a) => a.first.error === 'too_many_connections')} refused (too_many_connections); ` +
              `${open.length * 20} creates sent: ${count(replies, (m) => m.ok && m.table)} tables made, ` +
              `${count(replies, (m) => m.error === 'rate_limited' && m.id !== undefined)} refused for the address's budget, ` +
              `${count(replies, (m) => m.error === 'rate_limited' && m.id === undefined)} runs of messages dropped for its rate; ` +
              `${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const other = await Client.connect(srv.url, { localAddress: '127.0.0.2' });
  const made = await other.request(CREATE);
  console.log(`flood: a create from 127.0.0.2: ${made.ok ? `made ${made.table}` : `${made.error}: ${made.message}`}`);
  await Promise.all([...open, other].map((c) => c.close()));
  await srv.stop();
  srv = await startServer({ db, addrLimits: true });
  const again = await Client.connect(srv.url, { localAddress: '127.0.0.2' });
  const after = await again.request(CREATE);
  console.log(`flood: after a restart, a create from 127.0.0.2: ${after.ok ? `made ${after.table}` : `${after.error}: ${after.message}`}`);
  await again.close();
  await srv.stop();
}

async function theMemory(dir) {
  const srv = await startServer({ db: join(dir, 'memory.db'), addrLimits: true,
                                  args: ['--rate', '10000', '--rate-per-addr', '100000'] });
  const pid = srv.proc.pid;
  await sleep(500);
  console.log(`memory: fresh: ${memory(pid)}`);
  const clients = [];
  for (let i = 0; i < 10; i++) clients.push(await Client.connect(srv.url));
  const first = await flood(clients.slice(0, 1), 20, CREATE); // the budget, spent
  const refused = [];
  for (let round = 0; round < 10; round++) refused.push(...await flood(clients, 100, CREATE));
  console.log(`memory: ${count(first, (m) => m.ok)} tables made, then ${refused.length} creates answered, ` +
              `${count(refused, (m) => m.error === 'rate_limited')} refused: ${memory(pid)}`);
  await Promise.all(clients.map((c) => c.close()));
  let cycles = 0;
  for (let i = 0; i < 5000; i += 50) {
    await Promise.all(Array.from({ length: 50 }, async (_, k) => {
      const n = i + k;
      const c = await Client.connect(srv.url, { localAddress: `127.1.${n >> 8}.${n & 255}` });
      await c.waitFor((m) => m.type === 'hello', 10000, 0);
      await c.close();
      cycles++;
    }));
  }
  await sleep(500);
  console.log(`memory: then ${cycles} connect/disconnect cycles from 5,000 addresses: ${memory(pid)}`);
  await srv.stop();
}

const dir = mkdtempSync(join(tmpdir(), 'uno-limits-'));
try {
  await theFlood(dir);
  await theMemory(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
