// No frame the server sends carries a card its receiver may not see
// (docs/server.md "What each connection is told"). Four people play random
// legal moves with every out-of-turn action (UNO calls, catches, KPGUT side
// slides), a spectator who may not see hands watches, and every frame each
// of them receives is checked against the rule books' visibility, written
// out here on its own: cards played, slid, turned up or cut are public; a
// draw's cards are its drawer's; a shown hand is its target's (everybody's
// when it has none: a KPGUT §9 give-up). Games under the house rule 7-0 are
// checked the same way after hands have been swapped and passed on, and with
// jump-in too, whose out-of-turn plays move the turn.
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

// KPGUT's table rulings end a game early when played at random (a give-up,
// an ejection after two warnings or wrong §14 suspicions, a vote): one KPGUT
// game in three is played without them, to the last player, with its side
// slides, UNO calls and catches (a few thousand actions); the others keep them.
const RULINGS = ['giveup', 'warn', 'vote', 'dispute', 'help', 'suspect'];

async function game(i, rules, houseRules = {}) {
  const t = await startTable(srv.url, {
    rules, seats: ['human', 'human', 'human', 'human'], spectators: 'counts',
    options: { ...(rules === 'kpgut' ? { uno_grace_ms: 0, time_limit_min: 0 } : {}), ...houseRules },
  });
  const spectator = await Client.connect(srv.url);
  assert.equal((await spectator.request({ op: 'watch', table: t.code })).ok, true);
  const random = rng(1000 + i);
  const except = rules === 'kpgut' && i % 9 === 1 ? RULINGS : [];
  const accepted = await Promise.all(t.clients.map((c) => playRandomly(c, random, { outOfTurn: 0.3, except })));
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
  // each event once: as the spectator was told of it
  const outOfTurn = {};
  let handsMoved = 0; // the house rule 7-0's swaps and passes
  let jumpIns = 0, turn = -1; // the house rule jump-in's plays by a seat not in turn
  for (const e of spectator.frames.map((f) => JSON.parse(f)).flatMap((m) => m.events || [])) {
    if (OUT_OF_TURN.includes(e.type)) outOfTurn[e.type] = (outOfTurn[e.type] || 0) + 1;
    if (e.type === 'swap' || e.type === 'rotate') handsMoved++;
    if (e.type === 'turn' || e.type === 'pending') turn = e.seat;
    else if (e.type === 'play' && turn >= 0 && e.seat !== turn) jumpIns++;
  }
  return { frames, actions: accepted.reduce((a, b) => a + b, 0), outOfTurn, handsMoved, jumpIns };
}

// The out-of-turn actions, and which of them each rule set has (docs/rules.md:
// classic has no UNO penalty, so nobody is caught; side slides are KPGUT §7's).
const OUT_OF_TURN = ['uno', 'catch', 'slide'];
const EXPECTED = { mattel: ['uno', 'catch'], classic: ['uno'], kpgut: ['uno', 'catch', 'slide'] };

test(`${GAMES} whole games with every out-of-turn action: no frame carries a card its receiver may not see`, async () => {
  const totals = { frames: 0, actions: 0 };
  const seen = { mattel: {}, classic: {}, kpgut: {} };
  for (let first = 0; first < GAMES; first += AT_ONCE) {
    const batch = [];
    for (let i = first; i < Math.min(GAMES, first + AT_ONCE); i++) {
      const rules = ['mattel', 'kpgut', 'classic'][i % 3];
      batch.push(game(i, rules).then((r) => ({ ...r, rules })));
    }
    for (const r of await Promise.all(batch)) {
      totals.frames += r.frames;
      totals.actions += r.actions;
      for (const [type, n] of Object.entries(r.outOfTurn)) seen[r.rules][type] = (seen[r.rules][type] || 0) + n;
    }
  }
  console.log(`leak test: ${GAMES} games, ${totals.actions} actions, ${totals.frames} frames checked; ` +
              `out-of-turn events: ${JSON.stringify(seen)}`);
  for (const [rules, types] of Object.entries(EXPECTED))
    for (const type of types)
      assert.ok((seen[rules][type] || 0) >= GAMES / 30, `${rules} games had ${seen[rules][type] || 0} ${type} events`);
});

// The house rule 7-0 (docs/rules.md "House rules"): hands change owners; each
// seat is then sent its own new hand only, and the others' counts.
test('Mattel and KPGUT games under 7-0: after swaps and passes no frame carries a card its receiver may not see', async () => {
  const results = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) =>
    game(5000 + i, i % 2 ? 'kpgut' : 'mattel', { seven_o: true })));
  const moved = results.reduce((n, r) => n + r.handsMoved, 0);
  console.log(`leak test under 7-0: ${results.length} games, ${moved} swaps and passes`);
  assert.ok(moved >= results.length, `only ${moved} swaps and passes`);
});

// The house rule jump-in beside 7-0 (docs/rules.md "Options: jump-in"): a
// jumper's play and its swap are told as any play's.
test('Mattel and KPGUT games under 7-0 and jump-in (Wilds too): no frame carries a card its receiver may not see', async () => {
  const results = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) =>
    game(6000 + i, i % 2 ? 'kpgut' : 'mattel', { seven_o: true, jump_in: true, jump_in_wilds: true })));
  const jumps = results.reduce((n, r) => n + r.jumpIns, 0);
  console.log(`leak test under 7-0 and jump-in: ${results.length} games, ${jumps} jump-ins`);
  assert.ok(jumps >= results.length, `only ${jumps} jump-ins`);
});

test('the check itself finds a leak', () => {
  assert.notEqual(leak({ events: [{ type: 'draw', seat: 1, count: 1, cards: ['R1'] }] }, 0), null);
  assert.notEqual(leak({ events: [{ type: 'reveal', seat: 1, target: 2, cards: ['R1'] }] }, 0), null);
  assert.throws(() => leak({ view: { hands: [null, ['R1']] } }, 0));
  assert.notEqual(leak({ events: [{ type: 'draw', seat: 1, count: 1, cards: ['R1'] }] }, -1), null);
  assert.equal(leak({ events: [{ type: 'draw', seat: 0, count: 1, cards: ['R1'] }], view: { hands: [['R1'], null] } }, 0), null);
});
