// The chess board: 8×8 squares, coordinates on the edge squares, pieces as
// chess glyphs, last move, check, legal destinations, drag ghost.

import { svg, toSvgPoint, placementRows } from './svg.js';

const SQUARE = 100;
const FILES = 'abcdefgh';
// Filled glyphs for both colours, told apart by fill; U+FE0E asks for text, not emoji.
const GLYPHS = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F\uFE0E' };
const NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

export function createChessBoard(container) {
  const root = svg('svg', { viewBox: `0 0 ${8 * SQUARE} ${8 * SQUARE}`, class: 'board-svg chess', role: 'img' });
  const layers = {
    squares: svg('g'), marks: svg('g'), coords: svg('g', { class: 'coords' }),
    pieces: svg('g'), dests: svg('g'), overlay: svg('g', { class: 'overlay' }),
  };
  Object.values(layers).forEach((layer) => root.append(layer));
  container.replaceChildren(root);
  let flipped = false;
  let cells = new Map(); // key → piece letter

  function centre(key) {
    const file = FILES.indexOf(key[0]);
    const rank = Number(key[1]) - 1;
    const col = flipped ? 7 - file : file;
    const row = flipped ? rank : 7 - rank;
    return { x: col * SQUARE + SQUARE / 2, y: row * SQUARE + SQUARE / 2, col, row };
  }

  function keyAt(col, row) {
    if (col < 0 || col > 7 || row < 0 || row > 7) return null;
    const file = flipped ? 7 - col : col;
    const rank = flipped ? row : 7 - row;
    return `${FILES[file]}${rank + 1}`;
  }

  function draw(view) {
    flipped = view.flipped;
    cells = new Map();
    placementRows(view.snapshot).forEach((row, r) => {
      row.forEach((piece, f) => { if (piece) cells.set(`${FILES[f]}${8 - r}`, piece); });
    });
    layers.squares.replaceChildren();
    layers.coords.replaceChildren();
    for (let row = 0; row < 8; row += 1) {
      for (let col = 0; col < 8; col += 1) {
        const key = keyAt(col, row);
        const light = (FILES.indexOf(key[0]) + Number(key[1])) % 2 === 1;
        layers.squares.append(svg('rect', {
          x: col * SQUARE, y: row * SQUARE, width: SQUARE, height: SQUARE,
          class: light ? 'sq light' : 'sq dark', 'data-square': key,
        }));
        if (view.coordinates && row === 7) {
          layers.coords.append(svg('text', { x: col * SQUARE + SQUARE - 6, y: 8 * SQUARE - 6, 'text-anchor': 'end', class: light ? 'on-light' : 'on-dark' }, key[0]));
        }
        if (view.coordinates && col === 0) {
          layers.coords.append(svg('text', { x: 5, y: row * SQUARE + 22, class: light ? 'on-light' : 'on-dark' }, key[1]));
        }
      }
    }
    layers.marks.replaceChildren();
    if (view.lastMove) {
      for (const key of [view.lastMove.from, view.lastMove.to]) {
        if (!key) continue;
        const c = centre(key);
        layers.marks.append(svg('rect', { x: c.col * SQUARE, y: c.row * SQUARE, width: SQUARE, height: SQUARE, class: 'last-move' }));
      }
    }
    if (view.selected) {
      const c = centre(view.selected);
      layers.marks.append(svg('rect', { x: c.col * SQUARE, y: c.row * SQUARE, width: SQUARE, height: SQUARE, class: 'selected' }));
    }
    if (view.check) {
      const c = centre(view.check);
      layers.marks.append(svg('circle', { cx: c.x, cy: c.y, r: SQUARE * 0.48, class: 'check' }));
    }
    layers.pieces.replaceChildren();
    for (const [key, piece] of cells) {
      const c = centre(key);
      const white = piece === piece.toUpperCase();
      const letter = piece.toLowerCase();
      layers.pieces.append(svg('g', {
        transform: `translate(${c.x} ${c.y})`, class: `piece ${white ? 'white' : 'black'}`, 'data-key': key,
        'data-piece': piece, 'aria-label': `${white ? 'white' : 'black'} ${NAMES[letter]} on ${key}`,
      }, [svg('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central', y: 4 }, GLYPHS[letter])]));
    }
    layers.dests.replaceChildren();
    for (const key of view.dests || []) {
      const c = centre(key);
      const capture = cells.has(key);
      layers.dests.append(capture
        ? svg('circle', { cx: c.x, cy: c.y, r: SQUARE * 0.46, class: 'dest capture', 'data-dest': key })
        : svg('circle', { cx: c.x, cy: c.y, r: SQUARE * 0.14, class: 'dest', 'data-dest': key }));
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
      return keyAt(Math.floor(p.x / SQUARE), Math.floor(p.y / SQUARE));
    },
    /** Where a point is on the screen, for tests and the promotion picker. */
    screenPoint(key) {
      const c = centre(key);
      const m = root.getScreenCTM();
      return new DOMPoint(c.x, c.y).matrixTransform(m);
    },
    promotionPieces(side) {
      return ['q', 'r', 'b', 'n'].map((letter) => ({ letter, glyph: GLYPHS[letter], name: NAMES[letter], white: side === 'first' }));
    },
  };
}
