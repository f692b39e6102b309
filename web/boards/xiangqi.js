// The xiangqi board: pieces on the 9×10 intersections, the river, the two
// palaces with their diagonals, file numbers as each side counts them, and
// pieces as Chinese characters or, as a setting, letters.

import { svg, toSvgPoint, placementRows } from './svg.js';

const STEP = 60;
const MARGIN = 60;
const FILES = 'abcdefghi';
const CHINESE = {
  K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵',
  k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒',
};
const NAMES = { k: 'general', a: 'advisor', b: 'elephant', n: 'horse', r: 'chariot', c: 'cannon', p: 'soldier' };
// WXF letters people read: horse H, elephant E.
const LETTERS = { k: 'K', a: 'A', b: 'E', n: 'H', r: 'R', c: 'C', p: 'P' };

export function createXiangqiBoard(container) {
  const width = 8 * STEP + 2 * MARGIN;
  const height = 9 * STEP + 2 * MARGIN;
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'board-svg xiangqi', role: 'img' });
  const layers = {
    grid: svg('g', { class: 'grid' }), marks: svg('g'), pieces: svg('g'), dests: svg('g'),
    overlay: svg('g', { class: 'overlay' }),
  };
  Object.values(layers).forEach((layer) => root.append(layer));
  container.replaceChildren(root);
  let flipped = false;
  let cells = new Map();

  // Screen column and row of a point (rank 0 is red's back rank, at the bottom).
  function place(key) {
    const file = FILES.indexOf(key[0]);
    const rank = Number(key.slice(1));
    const col = flipped ? 8 - file : file;
    const row = flipped ? rank : 9 - rank;
    return { x: MARGIN + col * STEP, y: MARGIN + row * STEP };
  }

  function keyAt(col, row) {
    if (col < 0 || col > 8 || row < 0 || row > 9) return null;
    const file = flipped ? 8 - col : col;
    const rank = flipped ? row : 9 - row;
    return `${FILES[file]}${rank}`;
  }

  function drawGrid(view) {
    const g = layers.grid;
    g.replaceChildren();
    const x = (col) => MARGIN + col * STEP;
    const y = (row) => MARGIN + row * STEP;
    g.append(svg('rect', { x: 0, y: 0, width, height, class: 'wood' }));
    g.append(svg('rect', { x: x(0) - 6, y: y(0) - 6, width: 8 * STEP + 12, height: 9 * STEP + 12, class: 'frame' }));
    for (let row = 0; row < 10; row += 1) g.append(svg('line', { x1: x(0), y1: y(row), x2: x(8), y2: y(row) }));
    for (let col = 0; col < 9; col += 1) {
      if (col === 0 || col === 8) {
        g.append(svg('line', { x1: x(col), y1: y(0), x2: x(col), y2: y(9) }));
      } else {
        // Inner files stop at the river.
        g.append(svg('line', { x1: x(col), y1: y(0), x2: x(col), y2: y(4) }));
        g.append(svg('line', { x1: x(col), y1: y(5), x2: x(col), y2: y(9) }));
      }
    }
    for (const top of [0, 7]) {
      g.append(svg('line', { x1: x(3), y1: y(top), x2: x(5), y2: y(top + 2) }));
      g.append(svg('line', { x1: x(5), y1: y(top), x2: x(3), y2: y(top + 2) }));
    }
    const riverY = (y(4) + y(5)) / 2;
    const left = flipped ? '漢 界' : '楚 河';
    const right = flipped ? '楚 河' : '漢 界';
    g.append(svg('text', { x: x(2), y: riverY, class: 'river', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, left));
    g.append(svg('text', { x: x(6), y: riverY, class: 'river', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, right));
    if (view.coordinates) {
      // Each side numbers the files 1–9 from its own right.
      for (let col = 0; col < 9; col += 1) {
        const bottom = 9 - col;
        const top = col + 1;
        g.append(svg('text', { x: x(col), y: height - 8, class: 'coord', 'text-anchor': 'middle' }, String(bottom)));
        g.append(svg('text', { x: x(col), y: 20, class: 'coord', 'text-anchor': 'middle' }, String(top)));
      }
    }
  }

  function draw(view) {
    flipped = view.flipped;
    cells = new Map();
    placementRows(view.snapshot).forEach((row, r) => {
      row.forEach((piece, f) => { if (piece) cells.set(`${FILES[f]}${9 - r}`, piece); });
    });
    drawGrid(view);
    layers.marks.replaceChildren();
    if (view.lastMove) {
      for (const key of [view.lastMove.from, view.lastMove.to]) {
        if (!key) continue;
        const p = place(key);
        layers.marks.append(svg('rect', { x: p.x - STEP / 2 + 3, y: p.y - STEP / 2 + 3, width: STEP - 6, height: STEP - 6, rx: 6, class: 'last-move' }));
      }
    }
    if (view.selected) {
      const p = place(view.selected);
      layers.marks.append(svg('circle', { cx: p.x, cy: p.y, r: STEP * 0.5, class: 'selected' }));
    }
    layers.pieces.replaceChildren();
    const letters = view.pieceStyle === 'letters';
    for (const [key, piece] of cells) {
      const p = place(key);
      const red = piece === piece.toUpperCase();
      const kind = piece.toLowerCase();
      const label = letters ? LETTERS[kind] : CHINESE[piece];
      const checked = view.check === key;
      layers.pieces.append(svg('g', {
        transform: `translate(${p.x} ${p.y})`, class: `piece ${red ? 'red' : 'black'}${checked ? ' in-check' : ''}`,
        'data-key': key, 'data-piece': piece, 'aria-label': `${red ? 'red' : 'black'} ${NAMES[kind]} on ${key}`,
      }, [
        svg('circle', { r: STEP * 0.44, class: 'disc' }),
        svg('circle', { r: STEP * 0.36, class: 'ring' }),
        svg('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central', class: letters ? 'letter' : 'hanzi' }, label),
      ]));
    }
    layers.dests.replaceChildren();
    for (const key of view.dests || []) {
      const p = place(key);
      layers.dests.append(cells.has(key)
        ? svg('circle', { cx: p.x, cy: p.y, r: STEP * 0.47, class: 'dest capture', 'data-dest': key })
        : svg('circle', { cx: p.x, cy: p.y, r: STEP * 0.12, class: 'dest', 'data-dest': key }));
    }
  }

  return {
    root,
    draw,
    overlay: () => layers.overlay,
    pieceNode: (key) => layers.pieces.querySelector(`[data-key="${key}"]`),
    ownerAt(key) {
      const piece = cells.get(key);
      if (!piece) return null;
      return piece === piece.toUpperCase() ? 'first' : 'second';
    },
    pointAt(clientX, clientY) {
      const p = toSvgPoint(root, clientX, clientY);
      if (!p) return null;
      return keyAt(Math.round((p.x - MARGIN) / STEP), Math.round((p.y - MARGIN) / STEP));
    },
    screenPoint(key) {
      const p = place(key);
      return new DOMPoint(p.x, p.y).matrixTransform(root.getScreenCTM());
    },
  };
}
