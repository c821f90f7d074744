// The repository stands on its own: a clone of its last commit, in a
// folder with nothing beside it, passes scripts/check-links; the check
// catches every kind of path that leaves the repository; and no file of
// this checkout names the folder beside it or the folder that holds it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
// Built from parts, so that this file names none of them itself.
const BESIDE = ['..', 'shared'].join('/');
const NOTE = ['RULES', 'md'].join('.');
const BOOKS = ['rule', 'books/'].join('');

let scratch, repo;
before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'uno-clone-'));
  repo = join(scratch, 'repo');
  execFileSync('git', ['clone', '--no-local', '-q', ROOT, repo]);
});
after(() => rmSync(scratch, { recursive: true, force: true }));

function checkLinks() {
  return spawnSync('sh', ['scripts/check-links'], { cwd: repo, encoding: 'utf8' });
}

test('a clone with nothing beside it passes scripts/check-links', () => {
  assert.deepEqual(readdirSync(scratch), ['repo']);
  const r = checkLinks();
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /check-links: /);
});

test('scripts/check-links names each path that leaves the repository, and nothing else', () => {
  const planted = {
    'docs/planted.md': ['[a link](../../elsewhere.md)', 'see `src/engine/missing.c`'],
    'src/engine/planted.c': [`/* ${'../'.repeat(3)}etc/passwd */`, `/* ${NOTE} decision 1 */`],
    'tests/planted.mjs': [`// ${BESIDE}/x.txt`, `// ${BOOKS}kpgut-en.txt`],
    'rules/planted.rules': [`# ${scratch}/elsewhere/notes.txt`],
    // paths that stay inside, or are resolved at run time
    'tests/server/fine.mjs': ["new URL('../../web', import.meta.url);", 'const x = `${dir}/../../../x`; // 1..30'],
  };
  const expected = [
    /^docs\/planted\.md:1: link to \.\.\/\.\.\/elsewhere\.md$/m,
    /^docs\/planted\.md:1: climbs out of the repository/m,
    /^docs\/planted\.md:2: no such file: src\/engine\/missing\.c$/m,
    /^src\/engine\/planted\.c:1: climbs out of the repository \(\.\.\/\.\.\/\.\.\/etc\/passwd\)/m,
    /^src\/engine\/planted\.c:2: names a file the repository does not have/m,
    /^tests\/planted\.mjs:1: names a folder beside the repository/m,
    /^tests\/planted\.mjs:2: names a file the repository does not have/m,
    /^rules\/planted\.rules:1: names an absolute path outside the repository/m,
  ];
  for (const [file, lines] of Object.entries(planted)) {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), lines.join('\n') + '\n');
  }
  const r = checkLinks();
  assert.equal(r.status, 1, r.stdout + r.stderr);
  for (const re of expected) assert.match(r.stderr, re);
  assert.doesNotMatch(r.stderr, /fine\.mjs/);
  const problems = r.stderr.split('\n').filter((l) => /^[^ ]+:\d+: /.test(l));
  assert.equal(problems.length, expected.length, r.stderr);

  for (const file of Object.keys(planted)) rmSync(join(repo, file));
  const clean = checkLinks();
  assert.equal(clean.status, 0, clean.stderr);
});

test('no file of this checkout names the folder beside it or the folder that holds it', () => {
  const holder = dirname(ROOT); // as scripts/check-links: not / nor the temporary folder
  const patterns = ['-e', BESIDE, ...(['/', '/tmp', tmpdir()].includes(holder) ? [] : ['-e', `${holder}/`])];
  const r = spawnSync('git', ['-C', ROOT, 'grep', '-n', '-I', '-F', ...patterns], { encoding: 'utf8' });
  assert.equal(r.status, 1, `git grep found:\n${r.stdout}${r.stderr}`);
});
