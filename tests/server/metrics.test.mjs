// What an operator watches (docs/server.md "Health and metrics"): GET
// /healthz answers while the process serves; SIGTERM drains it (docs/server.md
// "Stopping"); GET /metrics gives counts and latencies in Prometheus's text
// format, and nothing of any game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { Client, playRandomly, rng, startServer, startTable } from './harness.mjs';

let srv;
before(async () => { srv = await startServer({ args: ['--rate', '1000'] }); });
after(async () => { await srv.stop(); });

function get(path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: srv.port, path }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

// The samples of a /metrics answer by name (a bucket's name with its
// label: 'uno_request_seconds_bucket{le="0.001"}'), after checking that
// every line is a HELP, a TYPE or a sample of a uno_ metric.
function samples(text) {
  const out = {};
  for (const line of text.trimEnd().split('\n')) {
    if (/^# (HELP|TYPE) uno_[a-z_]+ /.test(line)) continue;
    const m = /^(uno_[a-z_]+(?:\{le="[^"]+"\})?) ([0-9.e+-]+)$/.exec(line);
    assert.ok(m, `a line of the metrics' format: ${line}`);
    out[m[1]] = Number(m[2]);
  }
  return out;
}

// A histogram's buckets grow with their bound and end in its count.
function checkHistogram(s, name) {
  const buckets = Object.keys(s).filter((k) => k.startsWith(`${name}_bucket`));
  assert.ok(buckets.length >= 2, name);
  for (let i = 1; i < buckets.length; i++) assert.ok(s[buckets[i]] >= s[buckets[i - 1]], buckets[i]);
  assert.equal(s[`${name}_bucket{le="+Inf"}`], s[`${name}_count`], name);
  assert.ok(s[`${name}_sum`] >= 0, name);
}

test('/healthz says ok while the process serves', async () => {
  const r = await get('/healthz');
  assert.equal(r.status, 200);
  assert.equal(r.body, 'ok\n');
  assert.equal(r.headers['cache-control'], 'no-store');
  assert.match(r.headers['content-security-policy'], /default-src 'none'/);
});

test('SIGTERM drains: every connection closed with 4013 "server stopping", then the server exits by itself', async () => {
  const draining = await startServer();
  const t = await startTable(draining.url, { rules: 'mattel', seats: ['human', 'human'] });
  const closes = t.clients.map((c) => new Promise((resolve) => c.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) }))));
  const sent = Date.now();
  draining.proc.kill('SIGTERM');
  for (const c of await Promise.all(closes)) assert.deepEqual(c, { code: 4013, reason: 'server stopping: connect again' });
  assert.equal((await draining.exited).code, 0, 'it stops by itself');
  assert.ok(Date.now() - sent < 3000, `stopped ${Date.now() - sent} ms after SIGTERM`);
  await draining.stop();
  draining.cleanup();
});

test('/metrics counts tables, connections, actions and the latency of requests and writes, and names no card', async () => {
  const before = samples((await get('/metrics')).body);
  const r = await get('/metrics');
  assert.equal(r.status, 200);
  assert.match(r.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  assert.equal(r.headers['cache-control'], 'no-store');
  for (const name of ['uno_tables', 'uno_tables_all', 'uno_connections', 'uno_actions_total', 'uno_request_seconds',
    'uno_store_write_seconds'])
    assert.match(r.body, new RegExp(`^# TYPE ${name} (gauge|counter|histogram)$`, 'm'), name);

  const t = await startTable(srv.url, { rules: 'mattel', seats: ['human', 'human'], bot_pace_ms: 0 });
  const watcher = await Client.connect(srv.url);
  const random = rng(7);
  await Promise.all(t.clients.map((c) => playRandomly(c, random)));
  const played = (await watcher.request({ op: 'table', table: t.code })).actions;
  const during = samples((await get('/metrics')).body);
  assert.equal(during.uno_tables, before.uno_tables + 1);
  assert.equal(during.uno_tables_all, before.uno_tables_all + 1);
  assert.equal(during.uno_connections, before.uno_connections + 3, 'the two players and the watcher');
  assert.equal(during.uno_actions_total - before.uno_actions_total, played, 'every action of the game, written');
  assert.ok(during.uno_request_seconds_count - before.uno_request_seconds_count >= played, 'each request timed');
  assert.ok(during.uno_store_write_seconds_count - before.uno_store_write_seconds_count >= played, 'each write timed');
  checkHistogram(during, 'uno_request_seconds');
  checkHistogram(during, 'uno_store_write_seconds');

  for (const c of [...t.clients, watcher]) await c.close();
  let after = samples((await get('/metrics')).body);
  for (let i = 0; i < 100 && after.uno_connections !== before.uno_connections; i++)
    after = samples((await get('/metrics')).body);
  assert.equal(after.uno_connections, before.uno_connections, 'closed connections are not counted');
});

test('any other path is 404', async () => {
  for (const path of ['/metrics/', '/healthz?x', '/metricsx', '/health']) {
    const r = await get(path);
    assert.equal(r.status, path === '/healthz?x' ? 200 : 404, path);
  }
});
