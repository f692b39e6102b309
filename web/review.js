// Game review: the server searches every position of the game to one node
// budget and judges each move (inaccuracy, mistake, blunder: winning chances
// given away, as lichess counts them). This module draws what it found: the
// evaluation over the game as a chart (a click goes to that position), each
// side's counts, and the judged moves with the better move.

import { svg } from './boards/svg.js';

/** The glyph each judgement gets in the move list, as annotators write them. */
export const GLYPHS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

const WIDTH = 400;
const HEIGHT = 100;

/** The first player's winning chances in a position, -1 to +1 (the bar's curve). */
function chances(position) {
  if (position.ended) return position.ended === 'first' ? 1 : position.ended === 'second' ? -1 : 0;
  const score = position.score_first;
  if (score.kind === 'mate') return score.value > 0 ? 1 : score.value < 0 ? -1 : 0;
  return 2 / (1 + Math.exp(-0.00368208 * score.value)) - 1;
}

/**
 * Draws `review` into `panel` (its chart, summary and list); `sides` names
 * the two sides, `current` is the ply shown, `onPick(ply)` goes to a position.
 */
export function renderReview(panel, review, { sides, current, onPick }) {
  panel.hidden = !review;
  if (!review) return;
  const positions = review.positions;
  const step = WIDTH / Math.max(1, positions.length - 1);
  const x = (ply) => ply * step;
  const y = (position) => HEIGHT / 2 - (HEIGHT / 2) * chances(position);
  const line = positions.map((p) => `${x(p.ply).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
  // The first player's share is the light part, from the bottom up, as on the bar.
  const area = `0,${HEIGHT} ${line} ${x(positions.length - 1).toFixed(1)},${HEIGHT}`;
  const chart = svg('svg', {
    class: 'review-chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: 'none', role: 'img',
    'aria-label': `The evaluation over the game, from ${sides[0]}'s side; click to go to a position`,
  }, [
    svg('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: 'review-second' }),
    svg('polygon', { points: area, class: 'review-area' }),
    svg('line', { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: 'review-middle' }),
    svg('polyline', { points: line, class: 'review-line' }),
    svg('line', { x1: x(current), y1: 0, x2: x(current), y2: HEIGHT, class: 'review-current' }),
    ...review.moves.filter((m) => m.judgement).map((m) => svg('circle', {
      cx: x(m.ply), cy: y(positions[m.ply]), r: 3.5, class: `review-mark ${m.judgement}`, 'data-ply': m.ply,
    })),
  ]);
  chart.addEventListener('click', (event) => {
    const box = chart.getBoundingClientRect();
    const ply = Math.round(((event.clientX - box.left) / box.width) * (positions.length - 1));
    onPick(Math.max(0, Math.min(positions.length - 1, ply)));
  });

  const summary = document.createElement('table');
  summary.className = 'facts review-summary';
  const head = document.createElement('tr');
  head.append(cell('th', ''), cell('th', sides[0]), cell('th', sides[1]));
  summary.append(head);
  for (const [label, key] of [['Inaccuracies ?!', 'inaccuracies'], ['Mistakes ?', 'mistakes'], ['Blunders ??', 'blunders']]) {
    const row = document.createElement('tr');
    row.append(cell('th', label), cell('td', review.summary[0][key]), cell('td', review.summary[1][key]));
    row.dataset.count = key;
    summary.append(row);
  }

  const list = document.createElement('ol');
  list.className = 'review-moves';
  for (const move of review.moves.filter((m) => m.judgement)) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `review-move ${move.judgement}`;
    button.dataset.ply = String(move.ply);
    button.dataset.judgement = move.judgement;
    const side = sides[move.side === 'first' ? 0 : 1];
    const better = move.best_text ? `; better ${move.best_text}` : '';
    button.textContent = `${move.ply}. ${side}: ${move.played_text}${GLYPHS[move.judgement]} (${move.judgement}${better})`;
    button.addEventListener('click', () => onPick(move.ply));
    item.append(button);
    list.append(item);
  }

  const note = document.createElement('p');
  note.className = 'hint';
  note.textContent = `${Number(review.nodes).toLocaleString('en-US')} nodes a position`
    + (review.complete ? '' : ' · stopped before the end: the last positions were not reviewed');
  panel.querySelector('.review-body').replaceChildren(chart, summary, list, note);
}

function cell(tag, text) {
  const el = document.createElement(tag);
  el.textContent = String(text);
  return el;
}
