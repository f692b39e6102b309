// The algorithm race: one row per search variant on the same position, as a
// table and as bars of nodes (or time) on a log scale.

import { svg } from '../boards/svg.js';
import { explain } from './notes.js';

export function formatNumber(n) {
  if (n === undefined || n === null || Number.isNaN(Number(n))) return '–';
  return Number(n).toLocaleString('en-US');
}

export function formatTime(ms) {
  if (ms === undefined || ms === null) return '–';
  if (ms < 1) return `${Number(ms).toFixed(2)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/**
 * A score in pawns for chess and xiangqi (centipawns / 100), the
 * evaluation's own units for gomoku; `#3` mates in 3, `#-3` is mated.
 */
export function scoreText(score, kind) {
  if (!score) return '–';
  if (score.mate !== undefined) return `#${score.mate}`;
  if (score.cp === undefined) return '–';
  if (kind === 'gomoku') return `${score.cp > 0 ? '+' : ''}${score.cp}`;
  const pawns = score.cp / 100;
  return `${pawns >= 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

/** Whether a row is a bug: a value-preserving variant that disagrees with minimax. */
export function disagrees(row) {
  return row.value_preserving && row.agrees_with_minimax === false;
}

function cell(text, column, extra = {}) {
  const td = document.createElement('td');
  td.dataset.col = column;
  td.textContent = text;
  if (extra.title) td.title = extra.title;
  if (extra.className) td.className = extra.className;
  return td;
}

function badge(text, className, title) {
  const span = document.createElement('span');
  span.className = `badge ${className}`;
  span.textContent = text;
  span.title = title;
  return span;
}

function agreement(row, minimax) {
  if (disagrees(row)) {
    return ['⚠ differs: a bug', 'A value-preserving variant disagrees with minimax — a bug. It must find the same value.', 'warn'];
  }
  if (row.algorithm === 'minimax') return ['reference', 'Minimax is the reference the other rows are checked against.', 'muted'];
  if (row.agrees_with_minimax === true) return ['✓ same', 'Same value as minimax.', 'ok'];
  if (!row.value_preserving) {
    if (minimax?.completed && row.completed && row.value !== undefined && row.value !== null) {
      return row.value === minimax.value
        ? ['same', 'Same value as minimax this time, though this technique may change it.', 'muted']
        : ['differs (allowed)', 'This technique may change the value (it looks further, or prunes on a guess), so a difference is not a bug.', 'muted'];
    }
    return ['–', 'This technique may change the value, and one of the two searches did not finish: not compared.', 'muted'];
  }
  return ['–', 'Not compared: minimax or this row did not finish within the node limit.', 'muted'];
}

/**
 * Fills the race table's body. `played` is the move the computer played here
 * (a code), when the lab was opened from a game.
 */
/** A search's score (for the side to move) from the first player's side, as every Banco screen gives scores. */
export function firstPlayerScore(score, secondToMove) {
  if (!score || !secondToMove) return score;
  if (score.mate !== undefined) return { ...score, mate: -score.mate };
  if (score.cp !== undefined) return { ...score, cp: -score.cp };
  return score;
}

/**
 * The race's rows. Scores are shown from the first player's side
 * (`firstName`: White, Red, gomoku's Black), as on the game page; the
 * search's own value, for the side to move, is in each score's tooltip.
 */
export function renderRaceTable(tbody, answer, { played, secondToMove = false, firstName = 'the first player' } = {}) {
  tbody.replaceChildren();
  const minimax = answer.rows.find((r) => r.algorithm === 'minimax');
  for (const row of answer.rows) {
    const tr = document.createElement('tr');
    tr.dataset.algorithm = row.algorithm;
    const classes = [];
    if (!row.completed) classes.push('incomplete');
    if (disagrees(row)) classes.push('disagrees');
    tr.className = classes.join(' ');

    const name = document.createElement('th');
    name.scope = 'row';
    name.dataset.col = 'algorithm';
    name.title = explain(row.algorithm, row.label);
    const label = document.createElement('span');
    label.className = 'technique';
    label.textContent = row.label || row.algorithm;
    name.append(label);
    if (!row.value_preserving) name.append(' ', badge('≈', 'approx', 'May change the value: not checked against minimax as a bug.'));
    if (!row.completed) {
      name.append(' ', badge('stopped', 'limit', 'Stopped at the node limit: the counts are what it had done by then; its score and move are not final.'));
    }
    if (disagrees(row)) name.append(' ', badge('⚠ bug', 'warn', 'A value-preserving variant disagrees with minimax — a bug.'));
    tr.append(name);

    const nodes = `${formatNumber(row.nodes)}${row.completed ? '' : '+'}`;
    let ratio = '';
    if (minimax && minimax.nodes && row.algorithm !== 'minimax' && row.nodes) {
      ratio = `${(100 * row.nodes / minimax.nodes).toPrecision(2)} % of minimax's nodes`;
    }
    tr.append(
      cell(nodes, 'nodes', { title: ratio || `${formatNumber(row.nodes)} positions visited` }),
      cell(formatNumber(row.leaf_nodes), 'leaf_nodes', { title: 'Positions evaluated (leaves of the tree)' }),
      cell(formatNumber(row.cutoffs), 'cutoffs', { title: 'Beta cut-offs: moves skipped because a reply already refuted the line' }),
      cell(row.ebf === null || row.ebf === undefined ? '–' : Number(row.ebf).toFixed(2), 'ebf',
        { title: 'Effective branching factor: the b with b^depth = nodes' }),
      cell(formatTime(row.time_ms), 'time', { title: row.nps ? `${formatNumber(row.nps)} nodes per second` : '' }),
      cell(scoreText(firstPlayerScore(row.score, secondToMove), answer.game), 'score',
        { title: `From ${firstName}'s side; the search's value ${row.value ?? '–'} is for the side to move` }),
    );
    const best = cell(row.best_move_text || row.best_move || '–', 'best', { title: row.pv_text ? `Best line: ${row.pv_text}` : '' });
    if (played && row.best_move === played) best.append(' ', badge('played', 'played', 'The computer played this move in the game'));
    tr.append(best);
    const [text, title, kind] = agreement(row, minimax);
    tr.append(cell(text, 'agrees', { title, className: `agree-${kind}` }));
    tbody.append(tr);
  }
}

const MEASURES = {
  nodes: { label: 'Nodes', value: (r) => r.nodes, text: (r) => `${formatNumber(r.nodes)}${r.completed ? '' : '+'}` },
  leaf_nodes: { label: 'Leaf nodes', value: (r) => r.leaf_nodes, text: (r) => formatNumber(r.leaf_nodes) },
  time: { label: 'Time', value: (r) => r.time_ms, text: (r) => formatTime(r.time_ms) },
};

function tickLabel(value) {
  if (value >= 1e9) return `${value / 1e9}G`;
  if (value >= 1e6) return `${value / 1e6}M`;
  if (value >= 1e3) return `${value / 1e3}k`;
  return String(value);
}

/** Bars of one measure per row on a log scale, each with its number. */
export function renderRaceChart(container, answer, measureName = 'nodes') {
  const measure = MEASURES[measureName] || MEASURES.nodes;
  const rows = answer.rows;
  const values = rows.map((r) => Number(measure.value(r)) || 0);
  const positive = values.filter((v) => v > 0);
  const lo = positive.length ? 10 ** Math.floor(Math.log10(Math.min(...positive))) : 1;
  const hi = positive.length ? 10 ** Math.ceil(Math.log10(Math.max(...positive) * 1.0001)) : 10;
  const span = Math.max(1, Math.log10(hi) - Math.log10(lo));
  const labelWidth = 200;
  const barWidth = 360;
  const rowHeight = 24;
  const top = 24;
  const width = labelWidth + barWidth + 110;
  const height = top + rows.length * rowHeight + 6;
  const x = (v) => labelWidth + (v > 0 ? ((Math.log10(v) - Math.log10(lo)) / span) * barWidth : 0);
  const root = svg('svg', {
    viewBox: `0 0 ${width} ${height}`, class: 'race-chart-svg', role: 'img',
    'aria-label': `${measure.label} per algorithm on a logarithmic scale`,
  });
  for (let tick = lo; tick <= hi * 1.0001; tick *= 10) {
    const tx = x(tick);
    root.append(
      svg('line', { x1: tx, y1: top - 4, x2: tx, y2: height - 4, class: 'tick' }),
      svg('text', { x: tx, y: top - 8, 'text-anchor': 'middle', class: 'tick-label' }, tickLabel(Math.round(tick * 1000) / 1000)),
    );
  }
  rows.forEach((row, i) => {
    const value = values[i];
    const y = top + i * rowHeight;
    const classes = ['bar'];
    if (!row.completed) classes.push('incomplete');
    if (disagrees(row)) classes.push('disagrees');
    if (row.algorithm === 'minimax') classes.push('reference');
    const end = x(value);
    root.append(svg('g', { class: classes.join(' '), 'data-algorithm': row.algorithm }, [
      svg('title', {}, `${row.label || row.algorithm}: ${measure.text(row)}${row.completed ? '' : ' (stopped at the node limit)'}`),
      svg('text', { x: labelWidth - 8, y: y + rowHeight / 2, 'text-anchor': 'end', 'dominant-baseline': 'central', class: 'bar-label' },
        `${disagrees(row) ? '⚠ ' : ''}${row.label || row.algorithm}`),
      svg('rect', { x: labelWidth, y: y + 4, width: Math.max(1, end - labelWidth), height: rowHeight - 8, rx: 2 }),
      svg('text', { x: end + 6, y: y + rowHeight / 2, 'dominant-baseline': 'central', class: 'bar-value' }, measure.text(row)),
    ]));
  });
  container.replaceChildren(root);
}
