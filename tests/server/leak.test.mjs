// No frame the server sends carries a card its receiver may not see
// (docs/server.md "What each connection is told"). Four people play random
// legal moves with every out-of-turn action (UNO calls, catches, KPGUT side
// slides), a spectator who may not see hands watches, and every frame each
// of them receives is checked against the rule books' visibility, written
// out here on its own: cards played, slid, turned up or cut are public; a
// draw's cards are its drawer's; a shown hand is its target's (everybody's
// when it has none: a KPGUT §9 give-up).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, Client, startTable, playRandomly, rng } from './harness.mjs';

const GAMES = Number(process.env.UNO_LEAK_GAMES || 200);
const AT_ONCE = 10;
const PUBLIC = new Set(['play', 'slide', 'first', 'cut', 'cheat']);

let srv;
before(async () => { srv = await startServer({ args: ['--rate', '10000'] }); });
after(async () => { await srv.stop(); });

// What is wrong with frame (a parsed message) sent to viewer (a seat, or -1
// for a spectator), or null.
function leak(frame, viewer) {
  if (JSON.stringify(frame).includes('"hash"')) return 'a state hash (it identifies hidden cards)';
  for (const e of frame.events || []) {
    if (!e.cards) continue;
    if (PUBLIC.has(e.type)) continue;
    if (e.type === 'draw' && e.seat === viewer && viewer >= 0) continue;
    if (e.type === 'reveal' && (e.target === undefined || (viewer >= 0 && (e.target === viewer || e.seat === viewer)))) continue;
    return `a ${e.type} event with cards: ${JSON.stringify(e)}`;
  }
  if (frame.view) {
    frame.view.hands.forEach((h, s) => {
      if (h !== null && s !== viewer) throw new Error(`seat ${s}'s hand in a frame to ${viewer}`);
    });
  }
  for (const m of frame.moves || []) if (m.seat !== viewer) return `a move of seat ${m.seat}`;
  return null;
}

async function game(i, rules) {
  const t = await startTable(srv.url, {
    rules, seats: ['human', 'human', 'human', 'human'], spectators: 'counts',
    options: rules === 'kpgut' ? { uno_grace_ms: 0, time_limit_min: 0 } : {},
  });
  const spectator = await Client.connect(srv.url);
  assert.equal((await spectator.request({ op: 'watch', table: t.code })).ok, true);
  const random = rng(1000 + i);
  const accepted = await Promise.all(t.clients.map((c) => playRandomly(c, random, { outOfTurn: 0.3 })));
  const watchers = [...t.clients.map((c) => [c, c.seat]), [spectator, -1]];
  let frames = 0;
  for (const [c, viewer] of watchers) {
    for (const text of c.frames) {
      frames++;
      const problem = leak(JSON.parse(text), viewer);
      assert.equal(problem, null, `game ${i} (${rules}), viewer ${viewer}: ${problem}`);
    }
    await c.close();
  }
  const outOfTurn = t.clients.flatMap((c) => c.frames.map((f) => JSON.parse(f)))
    .flatMap((m) => m.events || []).filter((e) => ['uno', 'catch', 'slide'].includes(e.type)).length;
  return { frames, actions: accepted.reduce((a, b) => a + b, 0), outOfTurn };
}

test(`${GAMES} whole games with every out-of-turn action: no frame carries a card its receiver may not see`, async () => {
  const totals = { frames: 0, actions: 0, outOfTurn: 0 };
  for (let first = 0; first < GAMES; first += AT_ONCE) {
    const batch = [];
    for (let i = first; i < Math.min(GAMES, first + AT_ONCE); i++) batch.push(game(i, ['mattel', 'kpgut', 'classic'][i % 3]));
    for (const r of await Promise.all(batch)) for (const k in totals) totals[k] += r[k];
  }
  console.log(`leak test: ${GAMES} games, ${totals.actions} actions, ${totals.outOfTurn} out-of-turn events, ${totals.frames} frames checked`);
  assert.ok(totals.outOfTurn > GAMES, 'the games had out-of-turn actions');
});

test('the check itself finds a leak', () => {
  assert.notEqual(leak({ events: [{ type: 'draw', seat: 1, count: 1, cards: ['R1'] }] }, 0), null);
  assert.notEqual(leak({ events: [{ type: 'reveal', seat: 1, target: 2, cards: ['R1'] }] }, 0), null);
  assert.throws(() => leak({ view: { hands: [null, ['R1']] } }, 0));
  assert.notEqual(leak({ events: [{ type: 'draw', seat: 1, count: 1, cards: ['R1'] }] }, -1), null);
  assert.equal(leak({ events: [{ type: 'draw', seat: 0, count: 1, cards: ['R1'] }], view: { hands: [['R1'], null] } }, 0), null);
});
