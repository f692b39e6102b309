// The search tree view: the tree a minimax or alpha-beta search really
// walked, drawn as an outline (the root at the top left, each child one row
// below and one column right), so thousands of nodes stay readable. The
// search can be replayed step by step in visit order; subtrees fold and
// unfold; the path to the current step is always unfolded.

import { svg } from '../boards/svg.js';

const ROW = 28;
const INDENT = 56;
const LEFT = 18;
const TOP = 34;
const CHAR = 7.4; // rough width of a label character, for a node's hover box
const OVERSCAN = 40; // rows drawn above and below the visible ones

/** A bound for people: null is infinity. */
export function boundText(value, sign) {
  if (value === null || value === undefined) return sign < 0 ? '−∞' : '+∞';
  return valueText(value);
}

/** The search's mate score and the bound above which scores are mates. */
const MATE = 32000;
const MATE_BOUND = MATE - 128;

/**
 * A value in pawns, as the race gives scores (+0.40), or a mate (#3, #−2),
 * with a real minus sign.
 */
export function valueText(value) {
  if (value === null || value === undefined) return '?';
  if (Math.abs(value) >= MATE_BOUND) {
    const moves = Math.floor((MATE - Math.abs(value) + 1) / 2);
    return value > 0 ? `#${moves}` : `#−${moves}`;
  }
  const pawns = (Math.abs(value) / 100).toFixed(2);
  return value < 0 ? `−${pawns}` : `+${pawns}`;
}

/** Builds the tree from the server's flat list (parents before children). */
function buildModel(answer) {
  const nodes = answer.nodes.map((raw) => ({ ...raw, children: [], depth: 0, end: raw.id, size: 0 }));
  let visited = nodes.length;
  for (const node of nodes) {
    if (node.kind === 'pruned' && visited === nodes.length) visited = node.id;
    if (node.parent !== null && nodes[node.parent]) {
      const parent = nodes[node.parent];
      parent.children.push(node);
      node.depth = parent.depth + 1;
    }
  }
  // Children's ids are above their parent's: one backward pass gives each
  // node the last visit in its subtree and its number of descendants.
  for (let i = nodes.length - 1; i >= 0; i -= 1) {
    const node = nodes[i];
    for (const child of node.children) {
      node.size += child.size + 1;
      if (child.kind !== 'pruned') node.end = Math.max(node.end, child.end);
    }
  }
  // Visited children first, in visit order, then the ones never searched.
  for (const node of nodes) {
    node.children.sort((a, b) => (a.kind === 'pruned') - (b.kind === 'pruned') || a.id - b.id);
  }
  return {
    nodes,
    visited: Math.max(1, visited),
    maxDepth: Math.max(0, ...nodes.map((n) => n.depth)),
    // A search cut short by the node cap has no value and no best line.
    truncated: Boolean(answer.truncated),
  };
}

/**
 * The view. `scroll` is the scrolling box the drawing goes in; `onHover(node,
 * element)` and `onLeave()` show and hide a node's position; `onStep()` is
 * called after the step changes.
 */
export function createTreeView({ scroll, onHover, onLeave, onStep }) {
  let model = null;
  let context = {};
  let step = 0;
  let pinned = new Set(); // unfolded by the person
  let closed = new Set(); // folded by the person
  let focusId = null;
  let hoverId = null;
  let rows = []; // the unfolded nodes, top to bottom, as last drawn
  const root = svg('svg', { class: 'tree-svg', role: 'tree' });

  const complete = () => !model.truncated && step >= model.visited - 1;
  const current = () => model.nodes[step];

  function ancestors(node) {
    const list = [];
    for (let n = node; n.parent !== null; n = model.nodes[n.parent]) list.push(model.nodes[n.parent]);
    return list;
  }

  /** What a node looks like at the current step. */
  function status(node) {
    if (node.kind === 'pruned') {
      const parent = model.nodes[node.parent];
      return parent && parent.end <= step ? 'pruned' : 'future';
    }
    if (node.id > step) return 'future';
    return node.end <= step ? 'done' : 'open';
  }

  function expanded(node, path) {
    if (node.children.length === 0 || closed.has(node.id)) return false;
    return node.parent === null || pinned.has(node.id) || path.has(node.id) || (complete() && node.pv);
  }

  function layout() {
    const path = new Set(ancestors(current()).map((n) => n.id));
    const rows = [];
    const walk = (node) => {
      rows.push(node);
      if (expanded(node, path)) node.children.forEach(walk);
    };
    walk(model.nodes[0]);
    return { rows, path };
  }

  function label(node, state) {
    const parts = [];
    const move = node.parent === null ? 'root' : (node.move_text || node.move || '?');
    parts.push(['move', move]);
    if (state === 'done' || state === 'open') {
      let value = '…';
      if (state === 'done') {
        const bound = node.cutoff ? (node.max ? '≥ ' : '≤ ') : '= ';
        value = `${bound}${valueText(node.value)}`;
      }
      parts.push(['value', value]);
      if (context.algorithm !== 'minimax') parts.push(['window', `[${boundText(node.alpha, -1)}, ${boundText(node.beta, 1)}]`]);
      if (state === 'done' && node.cutoff) parts.push(['cut', '✂ cut-off']);
      if (node.kind === 'terminal') parts.push(['terminal', 'game over']);
    } else if (state === 'pruned') {
      parts.push(['pruned-text', 'not searched']);
    }
    if (context.played && node.parent === 0 && node.move === context.played) parts.push(['played', '★ played']);
    return parts;
  }

  /** A sentence about a node, for people and screen readers. */
  function describe(node) {
    const state = status(node);
    const names = context.sides || ['First', 'Second'];
    const rootIndex = context.rootIndex || 0;
    const mover = names[node.max ? rootIndex : 1 - rootIndex];
    const line = ancestors(node).reverse().slice(1).concat(node.parent === null ? [] : [node])
      .map((n) => n.move_text || n.move).join(' ');
    const where = node.parent === null ? 'The position searched' : `After ${line}`;
    const role = `${node.max ? 'MAX ▲' : 'MIN ▼'}: ${mover} to move, ply ${node.ply}`;
    let result;
    if (state === 'future') result = node.kind === 'pruned' ? 'not searched (pruned)' : 'not visited yet';
    else if (state === 'pruned') result = 'not searched: pruned by the cut-off above';
    else if (state === 'open') result = 'being searched';
    else if (node.cutoff) result = `cut-off: value ${node.max ? 'at least' : 'at most'} ${valueText(node.value)}`;
    else result = `value ${valueText(node.value)}`;
    const window = state === 'done' || state === 'open'
      ? `window α = ${boundText(node.alpha, -1)}, β = ${boundText(node.beta, 1)}` : '';
    const kind = node.kind === 'terminal' ? 'game over' : node.kind === 'leaf' ? 'leaf (evaluated)' : '';
    return { where, role, result, window, kind, pv: complete() && node.pv };
  }

  function render({ follow = false } = {}) {
    if (!model) {
      root.replaceChildren();
      scroll.replaceChildren();
      rows = [];
      return;
    }
    const hadFocus = scroll.contains(document.activeElement) && document.activeElement.dataset?.id;
    const laid = layout();
    rows = laid.rows;
    const { path } = laid;
    const rowOf = new Map(rows.map((node, row) => [node.id, row]));
    const at = (id) => {
      const row = rowOf.get(id);
      return row === undefined ? null : { x: LEFT + model.nodes[id].depth * INDENT, y: TOP + row * ROW + ROW / 2 };
    };
    const cur = current();
    const width = LEFT + model.maxDepth * INDENT + 420;
    const height = TOP + rows.length * ROW + 8;
    for (const [key, value] of Object.entries({
      width, height, viewBox: `0 0 ${width} ${height}`,
      'aria-label': `Search tree, ${model.nodes.length} nodes, step ${step + 1} of ${model.visited}`,
    })) root.setAttribute(key, String(value));
    // The drawing is as large as the whole outline, so the scroll bars are
    // right, but only the rows near the visible part are drawn: a step costs
    // the same with fifty rows unfolded or five thousand.
    if (root.parentNode !== scroll) scroll.replaceChildren(root);
    if (follow) scrollToNode(at(cur.id));
    const first = Math.max(0, Math.floor((scroll.scrollTop - TOP) / ROW) - OVERSCAN);
    const last = Math.min(rows.length - 1, Math.ceil((scroll.scrollTop + scroll.clientHeight - TOP) / ROW) + OVERSCAN);
    const yFirst = TOP + first * ROW;
    const yLast = TOP + (last + 1) * ROW;

    const trunks = svg('g', { class: 'edges' });
    const edges = svg('g', { class: 'edges' });
    const items = svg('g', { class: 'items' });
    const done = complete();
    // A parent's vertical line may cross the drawn rows with none of its
    // children among them: draw the trunks of every unfolded node that does.
    for (const node of rows) {
      if (!expanded(node, path)) continue;
      const p = at(node.id);
      const lastChild = at(node.children[node.children.length - 1].id);
      if (!lastChild || lastChild.y < yFirst || p.y > yLast) continue;
      trunks.append(svg('path', { d: `M ${p.x} ${p.y + 9} V ${lastChild.y}`, class: 'edge trunk' }));
    }
    for (let row = first; row <= last; row += 1) {
      const node = rows[row];
      const { x, y } = at(node.id);
      const state = status(node);
      if (node.parent !== null) {
        const p = at(node.parent);
        const classes = ['edge', state];
        if (done && node.pv) classes.push('pv');
        if (path.has(node.id) || node.id === cur.id) classes.push('active');
        edges.append(svg('path', { d: `M ${p.x} ${p.y + 9} V ${y} H ${x - 10}`, class: classes.join(' ') }));
      }
      const parts = label(node, state);
      const hasChildren = node.children.length > 0;
      const isOpen = expanded(node, path);
      if (hasChildren && !isOpen) parts.push(['more', `+${node.size}`]);
      const textWidth = parts.map(([, t]) => t).join('  ').length * CHAR + 24;
      const classes = ['node', node.max ? 'max' : 'min', state, node.kind];
      if (node.cutoff && state === 'done') classes.push('cutoff');
      if (done && node.pv) classes.push('pv');
      if (node.id === cur.id) classes.push('current');
      if (path.has(node.id)) classes.push('active');
      const info = describe(node);
      const glyph = node.max
        ? svg('polygon', { points: `${x},${y - 9} ${x - 9},${y + 7} ${x + 9},${y + 7}`, class: 'glyph' })
        : svg('polygon', { points: `${x - 9},${y - 7} ${x + 9},${y - 7} ${x},${y + 9}`, class: 'glyph' });
      items.append(svg('g', {
        class: classes.join(' '), 'data-id': node.id, tabindex: -1, role: 'treeitem',
        'aria-level': node.depth + 1, 'aria-expanded': hasChildren ? String(isOpen) : undefined,
        'aria-current': node.id === cur.id ? 'step' : undefined,
        'aria-posinset': row + 1, 'aria-setsize': rows.length,
        'aria-label': [info.where, info.role, info.result, info.window].filter(Boolean).join('; '),
      }, [
        svg('rect', { class: 'hit', x: x - 14, y: y - ROW / 2 + 1, width: textWidth + 8, height: ROW - 2, rx: 4 }),
        glyph,
        svg('text', { x: x + 15, y: y + 5 }, parts.map(([kind, t], i) => svg('tspan', { class: kind, dx: i ? 8 : 0 }, t))),
      ]));
    }
    const curAt = at(cur.id);
    const highlight = svg('rect', {
      class: 'row-current', x: 0, y: curAt ? curAt.y - ROW / 2 : 0, width, height: curAt ? ROW : 0,
    });
    const header = svg('g', { class: 'levels' });
    for (let depth = 0; depth <= model.maxDepth; depth += 1) {
      const max = depth % 2 === 0;
      header.append(svg('text', { x: LEFT + depth * INDENT - 9, y: 16, class: max ? 'max' : 'min' },
        `${max ? '▲' : '▼'} ${depth === 0 ? 'root' : `ply ${depth}`}`));
    }
    root.replaceChildren(highlight, header, trunks, edges, items);
    // Keyboard focus: one node takes Tab (the focused one, else the current one).
    const focusNode = items.querySelector(`[data-id="${focusId}"]`) || items.querySelector(`[data-id="${cur.id}"]`)
      || items.firstChild;
    if (focusNode) focusNode.setAttribute('tabindex', '0');
    if (hadFocus && focusNode) focusNode.focus({ preventScroll: true });
  }

  function scrollToNode(p) {
    if (!p) return;
    const top = p.y - ROW;
    const bottom = p.y + ROW;
    if (top < scroll.scrollTop || bottom > scroll.scrollTop + scroll.clientHeight) {
      scroll.scrollTop = Math.max(0, p.y - scroll.clientHeight / 3);
    }
    if (p.x - 40 < scroll.scrollLeft || p.x + 200 > scroll.scrollLeft + scroll.clientWidth) {
      scroll.scrollLeft = Math.max(0, p.x - 80);
    }
  }

  function setStep(next) {
    if (!model) return;
    const clamped = Math.max(0, Math.min(model.visited - 1, next));
    step = clamped;
    // The path to the current step unfolds, even where it was folded.
    for (const node of ancestors(current())) closed.delete(node.id);
    render({ follow: true });
    onStep?.();
  }

  function toggle(id) {
    const node = model.nodes[id];
    if (!node || node.children.length === 0) return;
    const { path } = layout();
    if (expanded(node, path)) {
      closed.add(id);
      pinned.delete(id);
    } else {
      closed.delete(id);
      pinned.add(id);
    }
    focusId = id;
    render();
  }

  function moveFocus(delta) {
    const ids = rows.map((n) => n.id);
    const from = ids.indexOf(Number(document.activeElement?.dataset?.id ?? focusId ?? step));
    const next = ids[Math.max(0, Math.min(ids.length - 1, (from < 0 ? 0 : from) + delta))];
    if (next === undefined) return;
    focusId = next;
    const row = ids.indexOf(next);
    scrollToNode({ x: LEFT + model.nodes[next].depth * INDENT, y: TOP + row * ROW + ROW / 2 });
    render();
    scroll.querySelector(`g.node[data-id="${next}"]`)?.focus({ preventScroll: true });
  }

  // One set of listeners for every drawing the box will hold. Scrolling
  // draws the rows that come into view, once per frame.
  let frame = null;
  scroll.addEventListener('scroll', () => {
    if (frame !== null || !model) return;
    frame = requestAnimationFrame(() => {
      frame = null;
      render();
    });
  }, { passive: true });
  scroll.addEventListener('click', (event) => {
    const g = event.target.closest?.('g.node');
    if (!g || panned) return;
    toggle(Number(g.dataset.id));
  });
  const enter = (event) => {
    const g = event.target.closest?.('g.node');
    if (!g) return;
    const id = Number(g.dataset.id);
    if (event.type === 'focusin') focusId = id;
    if (hoverId === id && event.type !== 'focusin') return;
    hoverId = id;
    onHover?.(model.nodes[id], g, describe(model.nodes[id]));
  };
  const leave = (event) => {
    const g = event.target.closest?.('g.node');
    const into = event.relatedTarget?.closest?.('g.node');
    if (!g || into === g) return;
    hoverId = null;
    onLeave?.();
  };
  scroll.addEventListener('pointerover', enter);
  scroll.addEventListener('focusin', enter);
  scroll.addEventListener('pointerout', leave);
  scroll.addEventListener('focusout', leave);
  scroll.addEventListener('keydown', (event) => {
    const g = event.target.closest?.('g.node');
    if (!g) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      moveFocus(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      toggle(Number(g.dataset.id));
    }
  });

  // Dragging the background pans the drawing (touch scrolls by itself).
  let drag = null;
  let panned = false;
  scroll.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'mouse' || event.button !== 0) return;
    panned = false;
    drag = { x: event.clientX, y: event.clientY, left: scroll.scrollLeft, top: scroll.scrollTop };
  });
  scroll.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!panned && Math.hypot(dx, dy) < 5) return;
    if (!panned) {
      panned = true;
      scroll.setPointerCapture(event.pointerId);
      scroll.classList.add('panning');
    }
    scroll.scrollLeft = drag.left - dx;
    scroll.scrollTop = drag.top - dy;
  });
  const endDrag = () => {
    drag = null;
    scroll.classList.remove('panning');
    // The click that ends a pan is not a fold.
    setTimeout(() => { panned = false; }, 0);
  };
  scroll.addEventListener('pointerup', endDrag);
  scroll.addEventListener('pointercancel', endDrag);

  return {
    /** Shows a new tree at its last step (the whole search). */
    load(answer, ctx) {
      model = buildModel(answer);
      context = ctx;
      pinned = new Set();
      closed = new Set();
      focusId = null;
      hoverId = null;
      step = model.visited - 1;
      scroll.scrollTop = 0;
      scroll.scrollLeft = 0;
      render();
      onStep?.();
    },
    clear() {
      model = null;
      render();
    },
    get loaded() { return model !== null; },
    get step() { return step; },
    get steps() { return model ? model.visited : 0; },
    setStep,
    forward: () => setStep(step + 1),
    back: () => setStep(step - 1),
    first: () => setStep(0),
    last: () => setStep(model ? model.visited - 1 : 0),
    expandAll() {
      if (!model) return;
      closed = new Set();
      pinned = new Set(model.nodes.filter((n) => n.children.length).map((n) => n.id));
      render();
    },
    collapseAll() {
      if (!model) return;
      pinned = new Set();
      closed = new Set(model.nodes.filter((n) => n.parent !== null && n.children.length).map((n) => n.id));
      render();
    },
    current: () => (model ? current() : null),
    describe: (node) => describe(node),
    node: (id) => model?.nodes[id],
  };
}
