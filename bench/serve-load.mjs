// Load benchmark of `uno serve` (docs/server.md "Load"): T tables of bots
// at their pace, W idle spectators each, and P probe tables where a person
// (this script) plays through the server and times each action's round
// trip. Prints the round trip's percentiles, the server's CPU and memory,
// per table. Figures, not a pass/fail test.
//
//   node bench/serve-load.mjs [--tables 1000] [--watchers 9] [--probes 10]
//        [--seconds 30] [--pace 1000] [--uno build/uno]
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, Client, rng, sleep } from '../tests/server/harness.mjs';
import WebSocket from 'ws';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith('--')) acc.push([a.slice(2), all[i + 1]]);
  return acc;
}, []));
const TABLES = Number(args.tables ?? 1000);
const WATCHERS = Number(args.watchers ?? 9);
const PROBES = Number(args.probes ?? 10);
const SECONDS = Number(args.seconds ?? 30);
const PACE = Number(args.pace ?? 1000);
if (args.uno) process.env.UNO_BIN = args.uno;

const ticks = () => {
  const f = readFileSync(`/proc/${srv.proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]); // utime + stime, in clock ticks (100 a second)
};
const rssKiB = () => Number(readFileSync(`/proc/${srv.proc.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);

const dir = mkdtempSync(join(tmpdir(), 'uno-load-'));
const srv = await startServer({ db: join(dir, 'load.db'), args: ['--rate', '100', '--max-tables', String(TABLES + PROBES + 10)] });
const rss0 = rssKiB();

// Idle spectators: connections that read and never parse.
function idle(code) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(srv.url, 'uno');
    ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('{"type":"ping"')) ws.send(`{"op":"pong","n":${JSON.parse(text).n}}`);
    });
    ws.once('open', () => { ws.send(JSON.stringify({ op: 'watch', table: code })); resolve(ws); });
    ws.once('error', reject);
  });
}

const t0 = Date.now();
const hosts = [];
const codes = [];
for (let i = 0; i < TABLES; i++) {
  if (i % 20 === 0) hosts.push(await Client.connect(srv.url));
  const host = hosts[hosts.length - 1];
  const made = await host.request({ op: 'create', rules: ['mattel', 'kpgut'][i % 2], seats: ['medium', 'medium', 'medium', 'medium'], bot_pace_ms: PACE, spectators: 'counts' });
  if (!made.ok) throw new Error(made.message);
  codes.push([made.table, made.host]);
}
const sockets = [];
for (let i = 0; i < codes.length; i += 50) {
  sockets.push(...await Promise.all(codes.slice(i, i + 50).flatMap(([code]) => Array.from({ length: WATCHERS }, () => idle(code)))));
}
for (const [code, host] of codes) await hosts[0].request({ op: 'start', table: code, host });
const setup = (Date.now() - t0) / 1000;

// Probe tables: a person against a bot, each action timed from send to answer.
const times = [];
let stop = false;
async function probe(i) {
  const c = await Client.connect(srv.url);
  const random = rng(i);
  while (!stop) {
    const made = await c.request({ op: 'create', rules: 'mattel', seats: ['human', 'medium'], bot_pace_ms: PACE });
    const sat = await c.request({ op: 'sit', table: made.table, name: 'probe', age: 30 });
    c.seat = sat.seat;
    await c.request({ op: 'start', table: made.table, host: made.host });
    for (;;) {
      if (stop) break;
      const v = await c.request({ op: 'view' });
      if (v.view.over) break;
      const mine = v.moves.filter((m) => m.op !== 'uno' && m.op !== 'catch' && v.view.turn === c.seat);
      if (!mine.length) { await sleep(50); continue; }
      const move = mine[Math.floor(random() * mine.length)];
      const start = process.hrtime.bigint();
      await c.request(move);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      await sleep(200); // a person's pace, roughly
    }
    await c.request({ op: 'leave' });
  }
  await c.close();
}
const connections = sockets.length + hosts.length + PROBES;
const cpu0 = ticks(), wall0 = Date.now();
const probes = Array.from({ length: PROBES }, (_, i) => probe(i));
await sleep(SECONDS * 1000);
stop = true;
await Promise.all(probes);
const cpu = (ticks() - cpu0) / 100, wall = (Date.now() - wall0) / 1000;
const rss = rssKiB();
times.sort((a, b) => a - b);
const pct = (p) => times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2) : 'n/a';
console.log(`uno serve load: ${TABLES} bot tables (pace ${PACE} ms) + ${PROBES} probe tables, ${connections} connections, ${SECONDS} s (set up in ${setup.toFixed(1)} s)`);
console.log(`  action round trip (probe, ${times.length} actions): p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${pct(1)} ms`);
console.log(`  server CPU ${(100 * cpu / wall).toFixed(1)}% of one core (${(1000 * cpu / wall / TABLES).toFixed(3)} ms CPU a second per table)`);
console.log(`  server memory ${(rss / 1024).toFixed(1)} MiB (${((rss - rss0) / TABLES).toFixed(1)} KiB per table with its ${WATCHERS} spectators)`);
for (const s of sockets) s.terminate();
for (const h of hosts) h.ws.terminate();
await srv.stop();
rmSync(dir, { recursive: true, force: true });
