// The web client's files as the server hands them out (docs/server.md "The
// web client's files"): each with an ETag and Cache-Control: no-cache, so
// that a browser keeps it and revalidates (304 while it is the same);
// gzipped by zlib for a client that accepts gzip (smaller, the same bytes
// after gunzip); the strict security headers on every answer; nothing but
// the folder's own files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Client, startServer } from './harness.mjs';

const WEB = new URL('../../web/', import.meta.url).pathname;
const FILES = readdirSync(WEB).filter((name) => !name.startsWith('.'));

let srv;
before(async () => { srv = await startServer({ args: ['--web', WEB] }); });
after(async () => { await srv.stop(); });

// A GET with these headers: status, headers and the body as sent (bytes
// on the wire: node's http does not decompress).
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: srv.port, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('every file is served as it is, with an ETag, revalidation asked for and the strict headers', async () => {
  for (const name of FILES) {
    const r = await get(`/${name}`);
    assert.equal(r.status, 200, name);
    assert.deepEqual(r.body, readFileSync(WEB + name), name);
    assert.match(r.headers.etag, /^"[0-9a-f]+-[0-9a-f]+"$/, name);
    assert.equal(r.headers['cache-control'], 'no-cache', `${name}: kept, and revalidated before each use`);
    assert.equal(r.headers['content-encoding'], undefined, `${name}: not compressed unless asked`);
    assert.match(r.headers['content-security-policy'], /default-src 'none'/, name);
    assert.equal(r.headers['x-content-type-options'], 'nosniff', name);
    assert.equal(r.headers['x-frame-options'], 'deny', name);
  }
  const index = await get('/');
  assert.deepEqual(index.body, readFileSync(`${WEB}index.html`));
  assert.match(index.headers['content-type'], /^text\/html/);
  assert.match((await get('/app.js')).headers['content-type'], /javascript/);
  assert.match((await get('/style.css')).headers['content-type'], /^text\/css/);
});

test('If-None-Match with the file\'s ETag is answered 304 with no body; another tag gets the file', async () => {
  const first = await get('/app.js');
  const again = await get('/app.js', { 'If-None-Match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  assert.equal(again.headers.etag, first.headers.etag);
  const listed = await get('/app.js', { 'If-None-Match': `"0-0", ${first.headers.etag}` });
  assert.equal(listed.status, 304, 'a tag among several');
  const other = await get('/app.js', { 'If-None-Match': '"00000000-1"' });
  assert.equal(other.status, 200);
  assert.deepEqual(other.body, first.body);
  const style = await get('/style.css', { 'If-None-Match': first.headers.etag });
  assert.equal(style.status, 200, 'one file\'s tag is not another\'s');
});

// Requests on one kept-alive connection, each written the moment the
// answer before it is whole (as a browser reuses a connection; an answer
// without a body is whole with its headers): the answers' statuses.
function oneConnection(requests) {
  return new Promise((resolve, reject) => {
    const sock = connect(srv.port, '127.0.0.1');
    const statuses = [];
    let got = '';
    const send = () => {
      const r = requests[statuses.length];
      sock.write(`GET ${r.path} HTTP/1.1\r\nHost: x\r\n${r.headers ?? ''}\r\n`);
    };
    sock.on('data', (d) => {
      got += d.toString('latin1');
      for (;;) {
        const head = got.indexOf('\r\n\r\n');
        if (head < 0) return;
        const length = Number(/^content-length: *(\d+)/im.exec(got.slice(0, head))?.[1] ?? 0);
        if (got.length < head + 4 + length) return;
        statuses.push(Number(got.slice(9, 12)));
        got = got.slice(head + 4 + length);
        if (statuses.length === requests.length) { sock.destroy(); return resolve(statuses); }
        send();
      }
    });
    sock.on('error', reject);
    sock.on('close', () => resolve(statuses));
    sock.on('connect', send);
  });
}

test('a request sent the moment a 304 (an answer with no body) has come gets its own answer', async () => {
  const tag = (await get('/app.js')).headers.etag;
  const requests = [], expected = [];
  for (let i = 0; i < 100; i++) {
    requests.push({ path: '/app.js', headers: `If-None-Match: ${tag}\r\n` }, { path: '/nothing.js' });
    expected.push(304, 404);
  }
  assert.deepEqual(await oneConnection(requests), expected);
});

test('with Accept-Encoding: gzip the text files come gzipped, smaller, the same after gunzip, under their own tag', async () => {
  let plain = 0, sent = 0;
  for (const name of FILES) {
    const file = readFileSync(WEB + name);
    const r = await get(`/${name}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(r.status, 200, name);
    assert.equal(r.headers.vary, 'Accept-Encoding', name);
    if (/\.(js|css|html|svg)$/.test(name)) assert.equal(r.headers['content-encoding'], 'gzip', name);
    const body = r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body;
    assert.deepEqual(body, file, `${name}: the same bytes after gunzip`);
    assert.ok(r.body.length <= file.length, name);
    plain += file.length;
    sent += r.body.length;
    const plainTag = (await get(`/${name}`)).headers.etag;
    if (r.headers['content-encoding'] === 'gzip') {
      assert.notEqual(r.headers.etag, plainTag, `${name}: another form, another tag`);
      const cached = await get(`/${name}`, { 'Accept-Encoding': 'gzip', 'If-None-Match': r.headers.etag });
      assert.equal(cached.status, 304, name);
    }
  }
  assert.ok(sent < plain / 2, `${sent} bytes gzipped for ${plain}`);
  console.log(`# web client: ${FILES.length} files, ${plain} bytes, ${sent} bytes gzipped`);
});

test('nothing outside the folder\'s own files: 404, never a file elsewhere', async () => {
  for (const path of ['/../Makefile', '/%2e%2e/Makefile', '/nothing.js', '/web/app.js', '/app.js/']) {
    const r = await get(path);
    assert.equal(r.status, 404, path);
    assert.doesNotMatch(r.body.toString(), /CFLAGS/, path);
  }
});

test('the QR code and the WebSocket are still served beside the files', async () => {
  const r = await get('/qr.svg?t=ABCDEF');
  assert.equal(r.status, 404, 'no such table: its QR code is not drawn');
  assert.equal(r.headers['cache-control'], 'no-store');
  const c = await Client.connect(srv.url);
  assert.equal((await c.request({ op: 'rules' })).ok, true);
  await c.close();
});
