// Makes this folder's save files with the uno binary given (node make.mjs UNO):
// under each built-in rule set, a game of 4 players whose every move is drawn
// from `legal` by a seeded generator, saved by `uno table --save`. The files
// were made by an earlier release (commit
// 99272bcd) and are kept as they came out: test_savefile.c replays them with
// the current binary, which must rebuild each record's state hash exactly.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const uno = process.argv[2];
const here = dirname(fileURLToPath(import.meta.url));
const players = [20, 31, 42, 53].map((age, i) => ({ name: `P${i}`, age }));

function table(save) {
  const child = spawn(uno, ['table', '--save', save], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async ask(req) {
      child.stdin.write(JSON.stringify(req) + '\n');
      return JSON.parse((await lines.next()).value);
    },
    close() { child.stdin.end(); return new Promise((done) => child.on('close', done)); },
  };
}

for (const [rules, seed] of [['mattel', 31], ['classic', 32], ['kpgut', 33]]) {
  const t = table(join(here, `${rules}.save`));
  let x = seed; // xorshift32: the moves' choices
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
  const started = await t.ask({ op: 'new', rules, players, seed });
  if (!started.ok) throw new Error(`${rules}: ${started.message}`);
  for (let moves = 0; moves < 400; moves++) {
    const { state } = await t.ask({ op: 'state' });
    if (state.over) break;
    const { moves: legal } = await t.ask({ op: 'legal', seat: state.turn });
    const move = legal[next() % legal.length];
    const answer = await t.ask(move);
    if (!answer.ok) throw new Error(`${rules}: ${JSON.stringify(move)}: ${answer.message}`);
  }
  await t.close();
}
