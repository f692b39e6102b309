// The analysis board's tree of variations: the game's moves as the main
// line, and every other move a player tries as a side line, each move able
// to carry a comment. Pure data and text here; the page plays the moves
// through the server (it has no rules of its own) and draws the tree.
//
// The text form, for export and import, is PGN's movetext for every game:
// moves in the game's notation (SAN, WXF, points), numbered, a side line in
// parentheses after the move it replaces, a comment in braces after its
// move. Chess numbers moves in pairs with "1..." for a line that starts
// with Black, as PGN does; xiangqi the same; gomoku numbers every stone.

/** A node: the move that led to it (none at the root), its lines, first the main one. */
export function createNode(move = null, parent = null) {
  return { move, parent, children: [], comment: '' };
}

/** A tree whose main line is `moves` (the game's moves, `{code, text, side, ...}`). */
export function treeOf(moves) {
  const root = createNode();
  let node = root;
  for (const move of moves) node = addMove(node, move);
  return root;
}

/** The child of `node` by `move` (the one already there, else a new last line). */
export function addMove(node, move) {
  const known = node.children.find((child) => child.move.code === move.code);
  if (known) return known;
  const child = createNode(move, node);
  node.children.push(child);
  return child;
}

/** The moves from the root to `node`. */
export function lineTo(node) {
  const moves = [];
  for (let at = node; at.parent; at = at.parent) moves.unshift(at.move);
  return moves;
}

/** How many moves from the root. */
export function depthOf(node) {
  let depth = 0;
  for (let at = node; at.parent; at = at.parent) depth += 1;
  return depth;
}

/** The node `count` moves down the main line from `node` (as far as it goes). */
export function down(node, count = 1) {
  let at = node;
  for (let i = 0; i < count && at.children.length; i += 1) [at] = at.children;
  return at;
}

/** The line beside `node` (`step` -1 before, +1 after), or `node` itself. */
export function sibling(node, step) {
  if (!node.parent) return node;
  const lines = node.parent.children;
  const index = lines.indexOf(node) + step;
  return lines[Math.max(0, Math.min(lines.length - 1, index))];
}

/** Makes the line through `node` the main line at every branching above it. */
export function promote(node) {
  for (let at = node; at.parent; at = at.parent) {
    const lines = at.parent.children;
    lines.splice(lines.indexOf(at), 1);
    lines.unshift(at);
  }
}

/** Takes `node` and everything after it out of the tree; returns its parent. */
export function remove(node) {
  const { parent } = node;
  if (!parent) return node;
  parent.children.splice(parent.children.indexOf(node), 1);
  return parent;
}

/** Whether `node` lies on the main line. */
export function onMainLine(node) {
  for (let at = node; at.parent; at = at.parent) {
    if (at.parent.children[0] !== at) return false;
  }
  return true;
}

/** The number written before a move: `3.` or `3...` (pairs), `7.` (every stone). */
function moveNumber(pairs, ply, firstNumber, startsWithSecond, forceNumber) {
  if (!pairs) return `${ply + 1}.`;
  const offset = startsWithSecond ? 1 : 0;
  const number = firstNumber + Math.floor((ply + offset) / 2);
  const second = (ply + offset) % 2 === 1;
  if (!second) return `${number}.`;
  return forceNumber ? `${number}...` : '';
}

function escapeComment(text) {
  return text.replace(/[{}]/g, '');
}

/**
 * The tree as movetext. `pairs`: numbered by full moves (chess, xiangqi);
 * `firstNumber`: the number of the first move; `startsWithSecond`: the
 * position has the second player to move.
 */
export function exportMovetext(root, { pairs = true, firstNumber = 1, startsWithSecond = false } = {}) {
  const parts = [];
  if (root.comment) parts.push(`{${escapeComment(root.comment)}}`);
  // Writes the line starting with `node` (a child), its siblings as side lines after its first move.
  function line(node, ply, forceNumber) {
    let at = node;
    let depth = ply;
    let force = forceNumber;
    for (;;) {
      const number = moveNumber(pairs, depth, firstNumber, startsWithSecond, force);
      parts.push(number ? `${number} ${at.move.text}` : at.move.text);
      if (at.comment) parts.push(`{${escapeComment(at.comment)}}`);
      force = Boolean(at.comment);
      const siblings = at.parent.children;
      if (siblings[0] === at) {
        for (const other of siblings.slice(1)) {
          parts.push('(');
          line(other, depth, true);
          parts.push(')');
          force = true;
        }
      }
      if (!at.children.length) return;
      [at] = at.children;
      depth += 1;
    }
  }
  if (root.children.length) line(root.children[0], 0, true);
  return `${parts.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')')} *`;
}

/** A token of movetext. */
function tokens(text) {
  const found = [];
  const pattern = /\{([^}]*)\}|;[^\n]*|\(|\)|[^\s(){};]+/g;
  for (const match of text.matchAll(pattern)) {
    const [token, comment] = match;
    if (token.startsWith(';')) continue;
    if (comment !== undefined) found.push({ comment: comment.trim() });
    else found.push(token);
  }
  return found;
}

/**
 * Reads movetext (PGN headers are skipped) into a tree of move texts,
 * `{ text, comment, children }`, the root with no text. Move numbers,
 * results and NAGs are dropped.
 *
 * Throws an `Error` naming what is wrong (an unclosed or stray parenthesis,
 * a side line with no move before it).
 */
export function parseMovetext(text) {
  const body = text.split('\n').filter((l) => !/^\s*\[.*\]\s*$/.test(l)).join('\n');
  const root = { text: null, comment: '', children: [] };
  // `current`: the node the next move follows; `stack`: where each open line resumes.
  let current = root;
  let previous = null; // the node before `current`'s move, for a side line
  const stack = [];
  for (const token of tokens(body)) {
    if (typeof token === 'object') {
      current.comment = current.comment ? `${current.comment} ${token.comment}` : token.comment;
    } else if (token === '(') {
      if (!previous) throw new Error('a side line "(" must follow a move');
      stack.push({ current, previous });
      current = previous;
      previous = null;
    } else if (token === ')') {
      if (!stack.length) throw new Error('a ")" closes no side line');
      ({ current, previous } = stack.pop());
    } else if (/^\d+\.+$/.test(token) || /^(\*|1-0|0-1|1\/2-1\/2)$/.test(token) || /^\$\d+$/.test(token)) {
      // Move numbers, results, numeric annotations.
    } else {
      const move = token.replace(/^\d+\.+/, '');
      if (!move) continue;
      const child = { text: move, comment: '', children: [] };
      current.children.push(child);
      previous = current;
      current = child;
    }
  }
  if (stack.length) throw new Error('a side line "(" is not closed');
  return root;
}

/** Every line of a parsed tree from its root to a leaf, as lists of nodes. */
export function leafLines(root) {
  const lines = [];
  (function walk(node, path) {
    if (!node.children.length) {
      if (path.length) lines.push(path);
      return;
    }
    for (const child of node.children) walk(child, [...path, child]);
  }(root, []));
  return lines;
}

/**
 * Draws the tree into `container` as a player reads it: the main line
 * inline, each side line in parentheses after the move it replaces; every
 * move a button (`onPick(node)`); `current` marked.
 */
export function renderTree(container, root, current, { pairs, firstNumber = 1, startsWithSecond = false, onPick }) {
  container.replaceChildren();
  function moveButton(node, depth, forceNumber) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'tree-move';
    const number = moveNumber(pairs, depth, firstNumber, startsWithSecond, forceNumber);
    button.textContent = number ? `${number} ${node.move.text}` : node.move.text;
    button.dataset.code = node.move.code;
    button.dataset.depth = String(depth + 1);
    if (node === current) button.setAttribute('aria-current', 'true');
    button.addEventListener('click', () => onPick(node));
    return button;
  }
  function line(node, depth, forceNumber, element) {
    let at = node;
    let ply = depth;
    let force = forceNumber;
    for (;;) {
      element.append(moveButton(at, ply, force));
      force = false;
      if (at.comment) {
        const note = document.createElement('span');
        note.className = 'tree-comment';
        note.textContent = at.comment;
        element.append(note);
        force = true;
      }
      const siblings = at.parent.children;
      if (siblings[0] === at) {
        for (const other of siblings.slice(1)) {
          const side = document.createElement('span');
          side.className = 'tree-line';
          line(other, ply, true, side);
          element.append(side);
          force = true;
        }
      }
      if (!at.children.length) return;
      [at] = at.children;
      ply += 1;
    }
  }
  if (root.children.length) line(root.children[0], 0, true, container);
  if (current === root) container.dataset.atStart = 'true';
  else delete container.dataset.atStart;
}
