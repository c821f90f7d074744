// Lobby requests read as strictly as game requests (docs/protocol.md
// "Requests", "Lobby requests", "Names"): a name twice, text after the
// object, a NUL, a control byte or a bad escape in a string, an unknown
// field in create, an option twice, a name nobody can read — each refused
// with bad_request, and the database and the table as they were.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, Client, sql, dump as dumpOf } from './harness.mjs';

let srv;
before(async () => { srv = await startServer(); });
after(async () => { await srv.stop(); });

// Everything the database holds, as SQL.
const dump = () => dumpOf(srv.db);

// Sends raw text and waits for the error it is answered with (no id: the
// request was not read).
async function rawError(c, text) {
  const since = c.pushes.length;
  c.send(text);
  return c.waitFor((m) => m.ok === false, 5000, since);
}

const CREATE = '"op":"create","rules":"mattel","seats":["human","easy"]';

test('malformed lobby requests are refused whole: the database does not change', async () => {
  const c = await Client.connect(srv.url);
  const made = await c.request({ op: 'create', rules: 'mattel', seats: ['human', 'human'] });
  assert.equal(made.ok, true);
  const before = dump();
  const malformed = [
    [`{${CREATE},"rules":"kpgut"}`, /'rules' appears twice/],
    [`{${CREATE},"options":{"stack_draw2":true,"stack_draw2":false}}`, /'stack_draw2' appears twice/],
    [`{${CREATE}} {"op":"create"}`, /not JSON/],
    [`{${CREATE}} x`, /not JSON/],
    [`{${CREATE},"spectators":"hands\\u0000x"}`, /NUL/],
    [`{${CREATE},"spectators":"ha\u0001nds"}`, /control character/],
    [`{${CREATE},"spectators":"\\qhands"}`, /not JSON/],
    [`{${CREATE},"spectators":"\\ud800"}`, /not JSON/],
    [`{${CREATE},"colour":"red"}`, /unknown field 'colour' in create/],
    [`{${CREATE},"id":1,"id":2}`, /'id' appears twice/],
    ['{"op":"keeper_create","players":[{"name":"A","age":30},{"name":"B","age":20}],"host":"x"}',
      /unknown field 'host' in keeper_create/],
    [`{"op":"sit","table":"${made.table}","name":"Ann","name":"Bob"}`, /'name' appears twice/],
    [`{"op":"sit","table":"${made.table}","table":"AAAAAA","name":"Ann"}`, /'table' appears twice/],
    [`{"op":"resume","table":"${made.table}","token":"a\\u0000"}`, /NUL/],
  ];
  for (const [text, why] of malformed) {
    const e = await rawError(c, text);
    assert.equal(e.error, 'bad_request', text);
    assert.match(e.message, why, text);
  }
  const table = await c.request({ op: 'table', table: made.table });
  assert.deepEqual(table.seats.map((s) => s.taken), [false, false], 'no seat was half-taken');
  assert.equal(dump(), before, 'the database is as it was');
  await c.close();
});

test('a create is kept in its normalised form, not as it was written', async () => {
  const c = await Client.connect(srv.url);
  const made = await c.request({ seats: ['human', 'easy'], bot_pace_ms: 0, op: 'create', options: { stack_draw2: true }, rules: 'mattel', match: null });
  assert.equal(made.ok, true, made.message);
  const config = sql(srv.db, `SELECT config FROM tables WHERE code = '${made.table}'`);
  assert.equal(config, '{"rules":"mattel","options":{"stack_draw2":true},"seats":["human","easy"],"bot_pace_ms":0}');
  await c.close();
});

test('names nobody can read are refused with a message; readable ones in any script are kept', async () => {
  const c = await Client.connect(srv.url);
  const made = await c.request({ op: 'create', rules: 'kpgut', seats: ['human', 'human', 'human'] });
  const before = dump();
  const bad = [
    ['bell\u0007', /control character/],
    ['c1\u0085', /control character/],
    ['del\u007f', /control character/],
    ['evil\u202Egnp.exe', /bidirectional/],
    ['\u2066iso\u2069', /bidirectional/],
    ['mark\u200E', /bidirectional/],
    ['al\u061Cm', /bidirectional/],
    ['    ', /only spaces/],
    ['\u00A0\u3000', /only spaces/],
    ['x'.repeat(24), /at most 23 characters/],
    ['é'.repeat(12), /23 bytes/],
  ];
  for (const [name, why] of bad) {
    const r = await c.request({ op: 'sit', table: made.table, name, age: 30 });
    assert.equal(r.error, 'bad_request', JSON.stringify(name));
    assert.match(r.message, /field 'name'/);
    assert.match(r.message, why, JSON.stringify(name));
    const k = await c.request({ op: 'keeper_create', players: [{ name, age: 30 }, { name: 'B', age: 20 }] });
    assert.equal(k.error, 'bad_request', `keeper: ${JSON.stringify(name)}`);
    assert.match(k.message, why);
  }
  assert.equal(dump(), before, 'no seat and no scorekeeper table was kept');
  const names = ['José', 'x'.repeat(23), '李小龍'];
  for (const [seat, name] of names.entries()) {
    const sitter = seat === 0 ? c : await Client.connect(srv.url);
    const r = await sitter.request({ op: 'sit', table: made.table, name, age: 30 + seat, seat });
    assert.equal(r.ok, true, name);
    if (sitter !== c) await sitter.close();
  }
  const t = await c.request({ op: 'table', table: made.table });
  assert.deepEqual(t.seats.map((s) => s.name), names);
  await c.close();
});
