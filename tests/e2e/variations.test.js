// The analysis board's tree and its text form, without a browser: every
// tree written out reads back as the same tree, with its comments.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  treeOf, addMove, exportMovetext, parseMovetext, promote, remove, sibling, lineTo,
} from '../../web/variations.js';

const move = (text) => ({ code: text, text });

/** The tree as nested [text, comment, children] arrays, to compare shapes. */
function shapeOfTree(node) {
  return node.children.map((child) => [child.move.text, child.comment, shapeOfTree(child)]);
}

function shapeOfParsed(node) {
  return node.children.map((child) => [child.text, child.comment, shapeOfParsed(child)]);
}

/** A small deterministic generator, so a failure reproduces. */
function random(seed) {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

test('a tree written as movetext reads back as the same tree', () => {
  for (let seed = 1; seed <= 200; seed += 1) {
    const pick = random(seed);
    const root = treeOf([]);
    const nodes = [root];
    for (let i = 0; i < 2 + pick(25); i += 1) {
      const parent = nodes[pick(nodes.length)];
      const child = addMove(parent, move(`m${i}`));
      if (pick(4) === 0) child.comment = `note ${i}`;
      nodes.push(child);
    }
    for (const pairs of [true, false]) {
      for (const startsWithSecond of [false, true]) {
        const text = exportMovetext(root, { pairs, startsWithSecond, firstNumber: 1 + pick(30) });
        assert.deepEqual(shapeOfParsed(parseMovetext(text)), shapeOfTree(root), `seed ${seed}: ${text}`);
      }
    }
  }
});

test('PGN movetext with numbers, results, NAGs, headers and comments', () => {
  const text = '[Event "x"]\n[Site "y"]\n\n1. e4 {best by test} e5 $1 (1... c5 2. Nf3 (2. c3)) 2. Nf3 Nc6 1-0';
  const tree = parseMovetext(text);
  assert.deepEqual(shapeOfParsed(tree), [
    ['e4', 'best by test', [
      ['e5', '', [['Nf3', '', [['Nc6', '', []]]]]],
      ['c5', '', [['Nf3', '', []], ['c3', '', []]]],
    ]],
  ]);
  assert.throws(() => parseMovetext('1. e4 (1... c5'), /not closed/);
  assert.throws(() => parseMovetext('1. e4 )'), /closes no side line/);
  assert.throws(() => parseMovetext('( e4 )'), /must follow a move/);
});

test('chess numbering as PGN writes it, a line starting with Black included', () => {
  const root = treeOf([move('e4'), move('e5'), move('Nf3')]);
  const e4 = root.children[0];
  addMove(e4, move('c5'));
  assert.equal(exportMovetext(root), '1. e4 e5 (1... c5) 2. Nf3 *');
  promote(e4.children[1]);
  assert.equal(exportMovetext(root), '1. e4 c5 (1... e5 2. Nf3) *');
  assert.equal(sibling(e4.children[0], 1).move.text, 'e5');
  const parent = remove(e4.children[1]);
  assert.equal(parent, e4);
  assert.equal(exportMovetext(root), '1. e4 c5 *');
  assert.deepEqual(lineTo(e4.children[0]).map((m) => m.text), ['e4', 'c5']);
  assert.equal(exportMovetext(treeOf([move('h8'), move('i9')]), { pairs: false }), '1. h8 2. i9 *');
});
