// The docs' examples as a newcomer pastes them: docs/protocol.md's first
// session, run exactly as the page writes it, answers what the page says;
// every JSON example of docs/protocol.md and docs/rules.md is valid JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const UNO = process.env.UNO_BIN || join(ROOT, 'build/uno');

function readDoc(name) {
  return readFileSync(join(ROOT, 'docs', name), 'utf8').split('\n');
}

// The lines under a heading, up to the next heading of its level or above.
function section(lines, heading) {
  const start = lines.indexOf(heading);
  assert.notEqual(start, -1, `no heading "${heading}"`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

// Each line, numbered from 1, with whether it is inside a fenced block and
// that block's language.
function* markdownLines(lines) {
  let fence = null;
  for (const [i, text] of lines.entries()) {
    if (text.startsWith('```')) {
      fence = fence === null ? text.slice(3).trim() : null;
      continue;
    }
    yield { line: i + 1, text, fence };
  }
}

// The values a line's code spans hold, where a span is JSON.
function jsonSpans(text) {
  return [...text.matchAll(/`([^`]+)`/g)].flatMap(([, span]) => {
    try {
      return [JSON.parse(span)];
    } catch {
      return [];
    }
  });
}

// Whether `part` is found, deep-equal, anywhere within `whole`.
function within(whole, part) {
  try {
    assert.deepEqual(whole, part);
    return true;
  } catch {
    return typeof whole === 'object' && whole !== null && Object.values(whole).some((v) => within(v, part));
  }
}

test("docs/protocol.md's first session runs as written and answers what the page says", () => {
  const lines = section(readDoc('protocol.md'), '## A first session');
  const shell = [...markdownLines(lines)].filter((l) => l.fence === 'sh').map((l) => l.text);
  const requests = shell.filter((l) => l.startsWith('{'));
  assert.equal(requests.length, 5, 'a five-line first session');

  const out = execFileSync('sh', ['-c', shell.join('\n') + '\n'], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${dirname(UNO)}:${process.env.PATH}` },
  });
  const answers = out.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.equal(answers.length, requests.length, 'one answer a request');
  for (const a of answers) assert.equal(a.ok, true, JSON.stringify(a));

  // The numbered list says what each answer holds: every JSON value it
  // quotes for answer n is in answer n.
  const items = [];
  for (const l of markdownLines(lines)) {
    const m = l.fence === null && l.text.match(/^(\d+)\. /);
    if (m) items[Number(m[1]) - 1] = [];
    else if (l.fence === null && !/^ {3}\S/.test(l.text)) continue;
    if (items.length) items[items.length - 1].push(...jsonSpans(l.text));
  }
  assert.equal(items.length, answers.length, 'the list tells every answer');
  for (const [n, quoted] of items.entries())
    for (const value of quoted) assert.ok(within(answers[n], value), `answer ${n + 1} holds ${JSON.stringify(value)}`);

  // and what it says in words
  const [dealt, ada, legal, played, bob] = answers;
  const cut = dealt.events.filter((e) => e.type === 'cut').map((e) => [e.seat, e.cards]);
  assert.deepEqual(cut, [[0, ['R5']], [1, ['G8']]]);
  assert.equal(dealt.events.find((e) => e.type === 'deal').seat, 1, 'Bob deals');
  assert.deepEqual(dealt.events.find((e) => e.type === 'first').cards, ['B4']);
  assert.deepEqual(ada.view.hands[1], null);
  assert.deepEqual(ada.view.counts, [7, 7]);
  const plays = (cards, colors) => colors.map((c) => ({ op: 'play', seat: 0, cards, ...(c && { color: c }) }));
  assert.deepEqual(legal.moves, [
    ...plays(['B9'], [null]),
    ...plays(['B+2'], [null]),
    ...plays(['W+4'], ['R', 'G', 'B', 'Y']),
    { op: 'draw', seat: 0 },
  ]);
  assert.deepEqual(played.events, [{ type: 'play', seat: 0, cards: ['B9'], color: 'B' }, { type: 'turn', seat: 1 }]);
  assert.deepEqual(bob.view.hands[0], null);
  assert.equal(bob.view.hands[1].length, 7);
});

// A JSON example is a code span, or a line of a fenced block, that starts
// with { or [. One that shows a shape rather than a value, with a
// placeholder (an ellipsis, or a bare word outside the strings such as CODE
// or N), is not read; every other must be valid JSON.
function isShape(example) {
  const outsideStrings = example.replace(/"(?:\\.|[^"\\])*"/g, '""');
  return /…|\.\.\./.test(outsideStrings) || /\b(?!(?:true|false|null)\b)[A-Za-z_]/.test(outsideStrings);
}

function jsonExamples(lines) {
  const found = [];
  for (const { line, text, fence } of markdownLines(lines)) {
    const candidates = fence === null ? [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]) : [text.trim()];
    for (const c of candidates) if (/^[{[]/.test(c)) found.push({ line, example: c });
  }
  return found;
}

for (const name of ['protocol.md', 'rules.md']) {
  test(`every JSON example of docs/${name} is valid JSON`, () => {
    const examples = jsonExamples(readDoc(name));
    const values = examples.filter((e) => !isShape(e.example));
    assert.ok(values.length > 0, 'examples found');
    for (const { line, example } of values)
      assert.doesNotThrow(() => JSON.parse(example), `docs/${name}:${line}: ${example}`);
  });
}
