// Load benchmark of `uno serve` (docs/server.md "Load"): T tables of bots
// at their pace, W idle spectators each, and P probe tables where a person
// (this script) plays against a quick bot through the server and times
// each action's round trip (the probes' bot acts after --probe-pace ms, so
// that a run times a few thousand actions and its p99 is not decided by a
// handful of them). Prints the round trip's percentiles, the server's CPU and memory,
// per table. Figures, not a pass/fail test.
//
//   node bench/serve-load.mjs [--tables 1000] [--watchers 10] [--probes 10]
//        [--seconds 30] [--pace 1000] [--probe-pace 50] [--uno build/uno]
//
// Run inside scripts/cluster (make bench-cluster), it loads the cluster
// instead: every connection through HAProxy, the lobby's at /, a table's
// at /t/CODE (docs/scaling.md), and the CPU and memory are the servers'
// together, with HAProxy's and PostgreSQL's beside them. Alone, it starts
// one server on an SQLite file; its connections are at the same paths.
import { execFileSync, fork } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startServer, Client, requestUntilServed, rng, sleep, sql } from '../tests/server/harness.mjs';

// Bytes the spectators of this thread have received.
let received = 0;

// An idle spectator: a connection that watches a table and answers pings.
function idle(url, code) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'uno');
    ws.on('message', (data) => {
      received += data.length;
      const text = String(data);
      if (text.startsWith('{"type":"ping"')) ws.send(`{"op":"pong","n":${JSON.parse(text).n}}`);
    });
    ws.once('open', () => { ws.send(JSON.stringify({ op: 'watch', table: code })); resolve(ws); });
    ws.once('error', reject);
  });
}

// The spectators live in a process of their own, so that the frames they
// are sent do not queue in front of the probes' answers, at a lower
// priority (nice 10): on a real deployment they are other people's
// devices, not a load on the server's cores, and here they must not keep
// the server or the probes waiting for a core.
async function spectatorProcess() {
  const sockets = [];
  const { urls, codes, watchers } = JSON.parse(process.env.UNO_LOAD_SPECTATORS);
  for (let i = 0; i < codes.length; i += 50) {
    const batch = codes.slice(i, i + 50).flatMap((code, k) => Array.from({ length: watchers }, () => idle(urls[i + k], code)));
    sockets.push(...await Promise.all(batch));
  }
  process.send(sockets.length);
  process.on('message', (m) => {
    if (m === 'received') { process.send(received); return; }
    for (const s of sockets) s.terminate();
    process.send('closed');
    process.disconnect();
  });
}

function options() {
  const argv = process.argv.slice(2), o = {};
  for (let i = 0; i + 1 < argv.length; i += 2) o[argv[i].replace(/^--/, '')] = argv[i + 1];
  return {
    tables: Number(o.tables ?? 1000), watchers: Number(o.watchers ?? 10), probes: Number(o.probes ?? 10),
    seconds: Number(o.seconds ?? 30), pace: Number(o.pace ?? 1000), probePace: Number(o['probe-pace'] ?? 50), uno: o.uno,
  };
}

// An answer that must be ok; else the probe stops the benchmark, saying why.
function ok(probeIndex, answer) {
  if (!answer.ok) throw new Error(`probe ${probeIndex} refused: ${JSON.stringify(answer)}`);
  return answer;
}

// The answer to req on a client of its own at the table's path, again
// while the server closes it with 4013 (the table moves to the server the
// proxy picked for its path); the client with it.
const atTable = (service, code, req) => requestUntilServed(service.tableUrl(code), req, { wait: () => 20 });

// A person at a table of their own against a bot, for as long as the
// benchmark runs: the table made in the lobby, then played at its path,
// each action timed from its sending to its answer.
async function probe(service, i, pace, times, running) {
  const lobby = await Client.connect(service.url);
  const random = rng(i);
  while (running()) {
    const made = ok(i, await lobby.request({ op: 'create', rules: 'mattel', seats: ['human', 'medium'], bot_pace_ms: pace }));
    const { c, r: sat } = await atTable(service, made.table, { op: 'sit', table: made.table, name: 'probe', age: 30 });
    c.seat = ok(i, sat).seat;
    ok(i, await c.request({ op: 'start', table: made.table, host: made.host }));
    while (running()) {
      const v = ok(i, await c.request({ op: 'view' }));
      if (v.view.over) break;
      const mine = v.moves.filter((m) => m.op !== 'uno' && m.op !== 'catch' && v.view.turn === c.seat);
      if (!mine.length) { await sleep(20); continue; }
      const start = process.hrtime.bigint();
      await c.request(mine[Math.floor(random() * mine.length)]);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      await sleep(200); // a person's pace, roughly
    }
    await c.close();
  }
  await lobby.close();
}

// A process's CPU seconds (user and system) and resident memory (KiB);
// zeros for one that has gone.
function usage(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const rss = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
    return { cpu: (Number(f[11]) + Number(f[12])) / 100, rss };
  } catch { return { cpu: 0, rss: 0 }; }
}
const total = (pids) => pids.map(usage).reduce((a, b) => ({ cpu: a.cpu + b.cpu, rss: a.rss + b.rss }), { cpu: 0, rss: 0 });

// PostgreSQL's processes: the postmaster (its data folder's postmaster.pid)
// and its children.
function postgresPids(db) {
  const data = sql(db, "SELECT setting FROM pg_settings WHERE name = 'data_directory'");
  const master = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
  const children = readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
    try { return readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1] === master; } catch { return false; }
  });
  return [master, ...children];
}

// What is loaded: the cluster scripts/cluster runs (UNO_CLUSTER_URL), or
// one server of its own on an SQLite file in dir. url: the lobby's socket;
// tableUrl(code): a table's; db: its database; servers(), others(): the
// processes whose CPU and memory are counted (the servers', and
// HAProxy's and PostgreSQL's).
async function service(o, dir) {
  const { UNO_CLUSTER_URL: base, UNO_CLUSTER_DIR: cluster, UNO_CLUSTER_SERVERS: n, UNO_DB: db } = process.env;
  if (base) {
    const ws = base.replace(/^http/, 'ws');
    const pid = (name) => readFileSync(join(cluster, `${name}.pid`), 'utf8').trim();
    const servers = Array.from({ length: Number(n) }, (_, k) => pid(`serve-${k + 1}`));
    const others = { haproxy: [pid('haproxy')], postgres: postgresPids(db) };
    return { name: `${n} servers on PostgreSQL behind HAProxy`, url: `${ws}/`, tableUrl: (code) => `${ws}/t/${code}`, db,
      servers: () => servers, others: () => others, stop: async () => {} };
  }
  const srv = await startServer({ db: join(dir, 'load.db'), args: ['--rate', '100', '--max-tables', String(o.tables + o.probes * 100) /* a probe begins a new table after each game */] });
  onFailure.push(() => srv.proc.kill('SIGKILL'));
  return { name: 'one server on SQLite', url: srv.url, tableUrl: (code) => `${srv.url}t/${code}`, db: srv.db,
    servers: () => [srv.proc.pid], others: () => ({}), stop: () => srv.stop() };
}

async function main() {
  const o = options();
  if (o.uno) process.env.UNO_BIN = o.uno;
  const dir = mkdtempSync(join(tmpdir(), 'uno-load-'));
  const srv = await service(o, dir);
  const rss0 = total(srv.servers()).rss;

  const t0 = Date.now();
  const hosts = [], tables = [];
  for (let i = 0; i < o.tables; i++) { // a host connection for every 20 tables (the limits per address are lifted)
    if (i % 20 === 0) hosts.push(await Client.connect(srv.url));
    const made = await hosts[hosts.length - 1].request({
      op: 'create', rules: ['mattel', 'kpgut'][i % 2], seats: ['medium', 'medium', 'medium', 'medium'],
      bot_pace_ms: o.pace, spectators: 'counts',
    });
    if (!made.ok) throw new Error(made.message);
    tables.push(made);
  }
  for (const t of tables) { // each table moved to its path's server before its spectators come
    const { c } = await atTable(srv, t.table, { op: 'table', table: t.table });
    c.ws.terminate();
  }
  const spectators = fork(new URL(import.meta.url).pathname, [], {
    env: { ...process.env, UNO_LOAD_SPECTATORS: JSON.stringify({ urls: tables.map((t) => srv.tableUrl(t.table)), watchers: o.watchers, codes: tables.map((t) => t.table) }) },
  });
  onFailure.push(() => spectators.kill('SIGKILL'));
  setPriority(spectators.pid, 10);
  const watching = await new Promise((resolve) => spectators.once('message', resolve));
  for (const t of tables) { // at the table's path: where its spectators are
    const { c, r } = await atTable(srv, t.table, { op: 'start', table: t.table, host: t.host });
    if (!r.ok) throw new Error(r.message);
    c.ws.terminate();
  }
  const setup = (Date.now() - t0) / 1000;

  // the bots' actions over the run, from the database
  const codes = tables.map((t) => `'${t.table}'`).join(',');
  const actionsNow = async () => Number(sql(srv.db, `SELECT count(*) FROM actions WHERE code IN (${codes})`));
  const sentBytes = () => { // what the spectators have received
    spectators.send('received');
    return new Promise((resolve) => spectators.once('message', resolve));
  };
  const times = [];
  let running = true;
  const actions0 = await actionsNow();
  const sent0 = await sentBytes();
  const cpu0 = total(srv.servers()).cpu, wall0 = Date.now();
  const others0 = Object.fromEntries(Object.entries(srv.others()).map(([name, pids]) => [name, total(pids).cpu]));
  const probes = Promise.all(Array.from({ length: o.probes }, (_, i) => probe(srv, i, o.probePace, times, () => running)));
  await Promise.race([sleep(o.seconds * 1000), probes]); // a probe that fails ends the run at once
  running = false;
  await probes;
  const { cpu: cpu1, rss } = total(srv.servers());
  const cpu = cpu1 - cpu0, wall = (Date.now() - wall0) / 1000;
  const others = Object.entries(srv.others()).map(([name, pids]) => `${name} ${(100 * (total(pids).cpu - others0[name]) / wall).toFixed(1)}%`);
  const sent = (await sentBytes()) - sent0, actions = (await actionsNow()) - actions0;

  times.sort((a, b) => a - b);
  const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2) : 'n/a');
  const connections = watching + hosts.length + o.probes;
  console.log(`uno serve load, ${srv.name}: ${o.tables} bot tables (pace ${o.pace} ms) + ${o.probes} probe tables (their bot's pace ${o.probePace} ms), ${connections} connections, ${o.seconds} s (set up in ${setup.toFixed(1)} s)`);
  console.log(`  action round trip (probe, ${times.length} actions): p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${pct(1)} ms`);
  console.log(`  server CPU ${(100 * cpu / wall).toFixed(1)}% of one core (${(1000 * cpu / wall / o.tables).toFixed(3)} ms CPU a second per table)` +
              (others.length ? `; ${others.join(', ')} of one core` : ''));
  console.log(`  ${actions} bot actions (${(actions / wall).toFixed(0)} a second): ${(1000 * cpu / actions).toFixed(3)} ms CPU ` +
              `and ${(sent / actions / 1024).toFixed(1)} KiB a bot action to its ${o.watchers} spectators`);
  console.log(`  load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (this machine's cores: the client runs on them too)`);
  console.log(`  server memory ${(rss / 1024).toFixed(1)} MiB (${((rss - rss0) / o.tables).toFixed(1)} KiB per table with its ${o.watchers} spectators)`);

  spectators.send('close');
  await new Promise((resolve) => spectators.once('message', resolve));
  for (const h of hosts) h.ws.terminate();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}

// What a failed run must not leave running: the server and the spectators.
const onFailure = [];

if (process.env.UNO_LOAD_SPECTATORS) await spectatorProcess();
else await main().catch((e) => { for (const stop of onFailure) stop(); throw e; });
