// The gomoku board: stones on the intersections of a 15×15 to 20×20 grid,
// star points, coordinates, move numbers on the stones (a setting), the last
// stone marked, the winning line, and renju's forbidden points for black.

import { svg, toSvgPoint } from './svg.js';

const STEP = 40;
const MARGIN = 46;
const LETTERS = 'abcdefghijklmnopqrst';
/**
 * Points closer than this on the screen (CSS pixels) are hard to hit with a
 * finger: a tap zooms in around itself first, and the next tap plays.
 */
const MIN_TAP_PITCH_PX = 28;
/** The pitch a zoomed board aims for, in CSS pixels. */
const ZOOMED_PITCH_PX = 40;

function parsePoint(code) {
  return { x: LETTERS.indexOf(code[0]), y: Number(code.slice(1)) - 1 };
}

export function createGomokuBoard(container) {
  const root = svg('svg', { class: 'board-svg gomoku', role: 'img' });
  const layers = {
    grid: svg('g', { class: 'grid' }), cells: svg('g'), marks: svg('g'), pieces: svg('g'),
    overlay: svg('g', { class: 'overlay' }),
  };
  Object.values(layers).forEach((layer) => root.append(layer));
  container.replaceChildren(root);
  let size = 15;
  let flipped = false;
  let stones = new Map(); // code → { side, number }
  let zoom = null; // null, or the zoomed window: { x, y, width } in board units

  function place(code) {
    const { x, y } = parsePoint(code);
    const col = flipped ? size - 1 - x : x;
    const row = flipped ? y : size - 1 - y;
    return { x: MARGIN + col * STEP, y: MARGIN + row * STEP };
  }

  function keyAt(col, row) {
    if (col < 0 || col >= size || row < 0 || row >= size) return null;
    const x = flipped ? size - 1 - col : col;
    const y = flipped ? row : size - 1 - row;
    return `${LETTERS[x]}${y + 1}`;
  }

  function fullSize() {
    return (size - 1) * STEP + 2 * MARGIN;
  }

  /** The viewBox: the whole board, or the zoomed window. */
  function applyZoom() {
    const full = fullSize();
    if (zoom) root.setAttribute('viewBox', `${zoom.x} ${zoom.y} ${zoom.width} ${zoom.width}`);
    else root.setAttribute('viewBox', `0 0 ${full} ${full}`);
    container.dataset.zoomed = String(Boolean(zoom));
  }

  /** One point's pitch on the screen, in CSS pixels. */
  function pitchPx() {
    const shown = zoom ? zoom.width : fullSize();
    return (root.getBoundingClientRect().width / shown) * STEP;
  }

  function drawGrid(view) {
    const extent = (size - 1) * STEP;
    const full = extent + 2 * MARGIN;
    const g = layers.grid;
    g.replaceChildren(svg('rect', { x: 0, y: 0, width: full, height: full, class: 'wood' }));
    for (let i = 0; i < size; i += 1) {
      g.append(svg('line', { x1: MARGIN, y1: MARGIN + i * STEP, x2: MARGIN + extent, y2: MARGIN + i * STEP }));
      g.append(svg('line', { x1: MARGIN + i * STEP, y1: MARGIN, x2: MARGIN + i * STEP, y2: MARGIN + extent }));
    }
    // Star points: the centre and the four points on the fourth lines.
    const centre = Math.floor(size / 2);
    for (const [c, r] of [[centre, centre], [3, 3], [3, size - 4], [size - 4, 3], [size - 4, size - 4]]) {
      g.append(svg('circle', { cx: MARGIN + c * STEP, cy: MARGIN + r * STEP, r: 4, class: 'star' }));
    }
    if (view.coordinates) {
      for (let i = 0; i < size; i += 1) {
        const column = keyAt(i, 0).replace(/\d+/, '');
        const rowNumber = keyAt(0, i).slice(1);
        g.append(svg('text', { x: MARGIN + i * STEP, y: full - 8, class: 'coord', 'text-anchor': 'middle' }, column));
        g.append(svg('text', { x: 14, y: MARGIN + i * STEP, class: 'coord', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, rowNumber));
      }
    }
    // Transparent cells: one target per point, for clicks and for tests.
    layers.cells.replaceChildren();
    for (let row = 0; row < size; row += 1) {
      for (let col = 0; col < size; col += 1) {
        layers.cells.append(svg('rect', {
          x: MARGIN + (col - 0.5) * STEP, y: MARGIN + (row - 0.5) * STEP, width: STEP, height: STEP,
          class: 'cell', 'data-square': keyAt(col, row),
        }));
      }
    }
  }

  function draw(view) {
    if ((view.size || 15) !== size) zoom = null;
    size = view.size || 15;
    flipped = view.flipped;
    stones = new Map();
    const codes = (view.snapshot || '').split(/\s+/).filter(Boolean);
    codes.forEach((code, index) => stones.set(code, { side: index % 2 === 0 ? 'first' : 'second', number: index + 1 }));
    drawGrid(view);
    layers.marks.replaceChildren();
    const marks = view.marks || {};
    for (const code of marks.forbidden || []) {
      const p = place(code);
      const d = STEP * 0.2;
      layers.marks.append(svg('g', { class: 'forbidden', 'data-forbidden': code }, [
        svg('line', { x1: p.x - d, y1: p.y - d, x2: p.x + d, y2: p.y + d }),
        svg('line', { x1: p.x - d, y1: p.y + d, x2: p.x + d, y2: p.y - d }),
      ]));
    }
    layers.pieces.replaceChildren();
    const last = codes[codes.length - 1];
    const line = new Set(marks.line || []);
    for (const [code, stone] of stones) {
      const p = place(code);
      const black = stone.side === 'first';
      const children = [svg('circle', { r: STEP * 0.46, class: 'stone' })];
      if (view.moveNumbers) {
        children.push(svg('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central', class: 'number' }, String(stone.number)));
      } else if (code === last) {
        children.push(svg('circle', { r: STEP * 0.12, class: 'last-dot' }));
      }
      const classes = ['piece', black ? 'black' : 'white'];
      if (code === last) classes.push('last');
      if (line.has(code)) classes.push('winning');
      layers.pieces.append(svg('g', {
        transform: `translate(${p.x} ${p.y})`, class: classes.join(' '), 'data-key': code,
        'aria-label': `${black ? 'black' : 'white'} stone ${stone.number} on ${code}`,
      }, children));
    }
    applyZoom();
    if (line.size > 1) {
      const ends = [...line].map(place);
      const first = ends[0];
      const final = ends[ends.length - 1];
      layers.overlay.replaceChildren(svg('line', { x1: first.x, y1: first.y, x2: final.x, y2: final.y, class: 'win-line' }));
    } else {
      layers.overlay.replaceChildren();
    }
  }

  return {
    root,
    draw,
    overlay: () => layers.overlay,
    pieceNode: (key) => layers.pieces.querySelector(`[data-key="${key}"]`),
    /** Whether the points are too close for a finger and the board is not zoomed in yet. */
    needsZoom: () => !zoom && pitchPx() < MIN_TAP_PITCH_PX,
    /** Zooms in around `key`, so its neighbours are a finger apart. */
    zoomAt(key) {
      const full = fullSize();
      const scale = Math.min(3, Math.max(1.5, ZOOMED_PITCH_PX / pitchPx()));
      const width = full / scale;
      const p = place(key);
      const clamp = (v) => Math.max(0, Math.min(full - width, v - width / 2));
      zoom = { x: clamp(p.x), y: clamp(p.y), width };
      applyZoom();
    },
    /** The whole board again. */
    unzoom() {
      zoom = null;
      applyZoom();
    },
    zoomed: () => Boolean(zoom),
    ownerAt: (key) => stones.get(key)?.side ?? null,
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
