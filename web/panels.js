// The side panels: the game's facts, the computer's search, the evaluation
// bar and the move list.

import { controlText } from './clock.js';
import { GLYPHS } from './review.js';

function formatNumber(n) {
  if (n === undefined || n === null) return '–';
  return Number(n).toLocaleString('en-US');
}

/** A score as people read it, from the side it is given for. */
export function scoreText(score) {
  if (!score) return '–';
  if (score.kind === 'mate') return `#${score.value}`;
  const pawns = score.value / 100;
  return `${pawns >= 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

function setRows(table, rows) {
  table.replaceChildren(...rows.map(([label, value, testId]) => {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.textContent = label;
    const td = document.createElement('td');
    td.textContent = value;
    if (testId) td.dataset.stat = testId;
    tr.append(th, td);
    return tr;
  }));
}

export function playerLabel(spec) {
  if (!spec || spec.type === 'human') return 'Human';
  return `Computer · level ${spec.level} · ${spec.algorithm}`;
}

/** Whose turn, legal moves, check, the state of the game. */
export function renderGamePanel(table, game) {
  const side = game.side_to_move === 'first' ? 0 : 1;
  const name = game.sides[side];
  const who = game.turn_player === 'human' ? 'a person' : 'the computer';
  let status = 'In progress';
  if (game.ending) status = game.ending.text;
  else if (game.paused && game.turn_player === 'computer') status = 'Paused';
  else if (game.thinking) status = 'The computer is thinking…';
  setRows(table, [
    ['Turn', game.ending ? '–' : `${name} (${who})`, 'turn'],
    ['Legal moves', String(game.legal_moves.length), 'legal'],
    ['Check', game.in_check ? 'Yes' : 'No', 'check'],
    ['Moves played', String(game.plies), 'plies'],
    ...(game.clock ? [['Clock', controlText(game.clock), 'clock']] : []),
    [game.sides[0], playerLabel(game.players.first), 'first'],
    [game.sides[1], playerLabel(game.players.second), 'second'],
    ['Status', status, 'status'],
  ]);
}

/**
 * A bound as seen from the first player: a lower bound for the second
 * player is an upper one for the first.
 */
function firstBound(info) {
  if (info.bound === 'exact' || info.side === 'first') return info.bound;
  return info.bound === 'lower' ? 'upper' : 'lower';
}

/**
 * The computer's search: live while it thinks, the last one after. Scores
 * are given from the first player's side (White, Red, Black in gomoku), as
 * the evaluation bar shows them, whoever searched.
 */
export function renderComputerPanel(table, info, thinking, sides) {
  const first = sides ? sides[0] : 'first player';
  const bound = info ? firstBound(info) : 'exact';
  const rows = info ? [
    ['Algorithm', `${info.algorithm} (level ${info.level})`, 'algorithm'],
    ['Depth', `${info.depth} (sel ${info.seldepth})`, 'depth'],
    [`Score (${first})`, `${scoreText(info.score_first)}${bound === 'exact' ? '' : ` (${bound})`}`, 'score'],
    ['Nodes', formatNumber(info.nodes), 'nodes'],
    ['Leaf nodes', formatNumber(info.leaf_nodes), 'leaf_nodes'],
    ['Cut-offs', formatNumber(info.cutoffs), 'cutoffs'],
    ['TT hits', formatNumber(info.tt_hits), 'tt_hits'],
    ['Time', `${(info.time_ms / 1000).toFixed(2)} s`, 'time'],
    ['Nodes/s', formatNumber(info.nps), 'nps'],
    ['Best line', info.pv.join(' ') || '–', 'pv'],
  ] : [['Search', thinking ? 'Starting…' : 'No search yet', 'none']];
  setRows(table, rows);
}

/** The share of the bar the first player gets: a winning chance, not raw centipawns. */
function firstShare(score) {
  if (!score) return 0.5;
  if (score.kind === 'mate') return score.value > 0 ? 1 : score.value < 0 ? 0 : 0.5;
  return 1 / (1 + Math.exp(-0.00368 * score.value));
}

export function renderEvalBar(bar, fill, text, info, flipped) {
  const share = info ? firstShare(info.score_first) : 0.5;
  // The first player's share grows from their edge of the board.
  fill.style.height = `${(share * 100).toFixed(1)}%`;
  bar.classList.toggle('flipped', flipped);
  text.textContent = info ? scoreText(info.score_first) : '0.00';
  bar.title = `Evaluation from the first player's side: ${text.textContent}`;
}

/**
 * The move list, numbered, each move a button that shows the board after it.
 * `current` is the ply shown; `judgements` (ply → judgement, from a review)
 * adds the annotators' glyphs.
 */
export function renderMoveList(list, game, current, onPick, judgements = new Map()) {
  list.replaceChildren();
  const pairs = game.kind !== 'gomoku';
  const fields = (game.start || '').split(' ');
  let number = pairs ? Number(fields[5]) || 1 : 1;
  let row = null;
  game.moves.forEach((move, index) => {
    const ply = index + 1;
    if (!pairs || move.side === 'first' || row === null) {
      row = document.createElement('li');
      const label = document.createElement('span');
      label.className = 'number';
      label.textContent = pairs && move.side === 'second' ? `${number}…` : `${number}.`;
      row.append(label);
      list.append(row);
      if (!pairs) number += 1;
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move';
    const judgement = judgements.get(ply);
    button.textContent = judgement ? `${move.text}${GLYPHS[judgement]}` : move.text;
    button.title = judgement ? `${move.code}: ${judgement}` : move.code;
    button.dataset.ply = String(ply);
    if (judgement) button.dataset.judgement = judgement;
    if (ply === current) button.setAttribute('aria-current', 'true');
    button.addEventListener('click', () => onPick(ply));
    row.append(button);
    if (pairs && move.side === 'second') {
      number += 1;
      row = null;
    }
  });
  // Keep the current move in view by scrolling the list alone: the page,
  // and the board with it, never moves (scrollIntoView would scroll every
  // scrolling ancestor, the page included).
  const active = list.querySelector('[aria-current="true"]');
  if (active) {
    const item = active.getBoundingClientRect();
    const box = list.getBoundingClientRect();
    if (item.top < box.top) list.scrollTop -= box.top - item.top;
    else if (item.bottom > box.bottom) list.scrollTop += item.bottom - box.bottom;
  }
}
