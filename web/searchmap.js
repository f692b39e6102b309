// The search map: where the search spent its nodes. For the computer's
// last search or the live analysis, each root move with its share of the
// iteration's nodes, its score (a dismissed move's is only a bound: "at
// most"), and how deep it went; drawn on the board as a shade on each
// move's destination, darker where more was spent.

import { scoreText } from './panels.js';
import { codeSquares } from './analysis.js';

/**
 * How a bound reads beside a score. A dismissed move is worth at most its
 * score for the side to move; from the first player's side, when the
 * second is to move, that is at least.
 */
const BOUND_WORDS = { exact: '', upper: '≤ ', lower: '≥ ' };

/** The shades to draw: one per destination point, its share of the nodes (0 to 1). */
export function heatPoints(kind, rootMoves) {
  const total = rootMoves.reduce((sum, m) => sum + m.nodes, 0);
  if (!total) return [];
  const byPoint = new Map();
  for (const move of rootMoves) {
    const squares = codeSquares(kind, move.code);
    if (!squares) continue;
    byPoint.set(squares.to, (byPoint.get(squares.to) ?? 0) + move.nodes / total);
  }
  return [...byPoint].map(([at, share]) => ({ at, share }));
}

/**
 * Fills `table` with the root moves (most nodes first), and `note` with
 * where they come from; `source` is `{ what, depth, rootMoves, firstBound }`
 * or null.
 */
export function renderSearchMap(table, note, source, firstName) {
  table.replaceChildren();
  if (!source || !source.rootMoves?.length) {
    note.textContent = 'No search of the position shown yet: start the analysis (L), or step to a position the computer searched.';
    return;
  }
  const total = source.rootMoves.reduce((sum, m) => sum + m.nodes, 0) || 1;
  note.textContent = `${source.what}, depth ${source.depth}: the moves it searched, most nodes first; scores for ${firstName}; ≤ or ≥: a move dismissed early, worth no more than that to the side to move.`;
  const head = document.createElement('tr');
  for (const label of ['Move', 'Nodes', 'Score', 'Depth']) {
    const th = document.createElement('th');
    th.textContent = label;
    head.append(th);
  }
  table.append(head);
  for (const move of source.rootMoves.slice(0, 12)) {
    const row = document.createElement('tr');
    row.dataset.code = move.code;
    const share = move.nodes / total;
    const cells = [
      move.text,
      `${(share * 100).toFixed(share < 0.1 ? 1 : 0)} %`,
      `${BOUND_WORDS[move.bound_first] ?? ''}${scoreText(move.score_first)}`,
      String(move.seldepth),
    ];
    for (const [index, text] of cells.entries()) {
      const td = document.createElement('td');
      td.textContent = text;
      if (index === 1) {
        td.className = 'share';
        td.style.setProperty('--share', share.toFixed(3));
      }
      row.append(td);
    }
    table.append(row);
  }
}
