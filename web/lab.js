// The AI lab: one position, every search technique raced on it, and the
// tree a minimax or alpha-beta search walked, replayed step by step. The
// address bar holds the whole state, so a link reproduces a view.

import { api } from './api.js';
import { loadSettings, applySettings } from './settings.js';
import { createChessBoard } from './boards/chess.js';
import { createXiangqiBoard } from './boards/xiangqi.js';
import { createGomokuBoard } from './boards/gomoku.js';
import { DEFAULT_DEPTH, DEFAULT_TREE_DEPTH, MAX_RACE_DEPTH, MAX_TREE_DEPTH, labUrl } from './lablink.js';
import { renderRaceTable, renderRaceChart, disagrees, formatNumber, formatTime } from './lab/race.js';
import { explain, TREE_HELP } from './lab/notes.js';
import { createTreeView, valueText } from './lab/tree.js';

const BOARDS = { chess: createChessBoard, xiangqi: createXiangqiBoard, gomoku: createGomokuBoard };
/** Enough for the whole depth-3 alpha-beta tree of every game's start (xiangqi's is 31,641 nodes, pruned moves included). */
const DEFAULT_MAX_NODES = 40000;
const MAX_NODES = 100000;

const $ = (id) => document.getElementById(id);

const lab = {
  meta: null,
  settings: loadSettings(),
  game: 'chess',
  rule: null,
  size: null,
  position: '',
  depth: DEFAULT_DEPTH.chess,
  evaluator: 'strong',
  // Opened from a game: { id, ply, game, played } (played: the move made there, or null).
  ref: null,
  treeDepth: DEFAULT_TREE_DEPTH,
  algorithm: 'alphabeta',
  maxNodes: DEFAULT_MAX_NODES,
  run: new Set(), // what the link re-runs: 'race', 'tree'
  race: null,
  tree: null,
  raceToken: 0,
  treeToken: 0,
  board: null,
  boardKind: null,
  preview: null,
  previewKind: null,
  timer: null,
};

function describe(kind) {
  return lab.meta.games.find((g) => g.kind === kind);
}

function startPosition(kind = lab.game) {
  return describe(kind)?.start_position ?? '';
}

function sides() {
  return describe(lab.game)?.sides ?? ['First', 'Second'];
}

/** 0 or 1: a side as the game API names it (`first`) or as the lab does (`white`, `red`). */
function sideIndex(side) {
  if (side === 'first') return 0;
  if (side === 'second') return 1;
  const index = sides().findIndex((name) => name.toLowerCase() === String(side).toLowerCase());
  return Math.max(0, index);
}

function sideName(side) {
  return sides()[sideIndex(side)];
}

function fillSelect(select, options, value) {
  select.replaceChildren(...options.map(([v, label]) => {
    const option = document.createElement('option');
    option.value = String(v);
    option.textContent = label;
    return option;
  }));
  if (value !== undefined && value !== null) select.value = String(value);
}

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const clamp = (value, lo, hi, fallback) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.max(lo, Math.min(hi, n)) : fallback;
};

// ---- what is asked of the server ------------------------------------------

/** The position part of a request: a stored game's ply, or a game and position. */
function target() {
  if (lab.ref) return { game_id: String(lab.ref.id), ply: lab.ref.ply };
  const body = { game: lab.game };
  const position = lab.position.trim();
  if (position && position !== startPosition()) body.position = position;
  const description = describe(lab.game);
  if (description.rules.length > 1 && lab.rule) body.rule = lab.rule;
  if (description.sizes.length > 0 && lab.size) body.size = Number(lab.size);
  return body;
}

/** Writes the state into the address bar. */
function syncUrl() {
  const params = {};
  if (lab.ref) {
    params.game_id = lab.ref.id;
    params.ply = lab.ref.ply;
  } else {
    const body = target();
    params.game = body.game;
    params.rule = body.rule;
    params.size = body.size;
    params.position = body.position;
  }
  params.depth = lab.depth;
  params.evaluator = lab.evaluator;
  params.tree_depth = lab.treeDepth;
  params.algorithm = lab.algorithm;
  if (lab.maxNodes !== DEFAULT_MAX_NODES) params.max_nodes = lab.maxNodes;
  params.run = ['race', 'tree'].filter((r) => lab.run.has(r)).join(',');
  history.replaceState(null, '', labUrl(params));
}

// ---- the position's board ---------------------------------------------------

/** The squares a move code joins, for the last-move mark. */
function moveSquares(code) {
  if (!code) return null;
  if (lab.game === 'gomoku') return { from: null, to: code };
  return { from: code.slice(0, 2), to: code.slice(2, 4) };
}

function boardView(snapshot, lastMove, extra = {}) {
  return {
    snapshot,
    size: Number(lab.size) || 15,
    flipped: false,
    lastMove,
    coordinates: lab.settings.coordinates,
    pieceStyle: lab.settings.pieceStyle,
    moveNumbers: false,
    ...extra,
  };
}

/** Who is to move in a position the page has not sent yet (for the caption). */
function guessSideToMove(position) {
  if (lab.game === 'gomoku') return position.split(/\s+/).filter(Boolean).length % 2 === 0 ? 'first' : 'second';
  return position.split(/\s+/)[1] === 'b' ? 'second' : 'first';
}

function drawBoard() {
  const container = $('lab-board');
  if (lab.boardKind !== lab.game) {
    container.dataset.kind = lab.game;
    lab.board = BOARDS[lab.game](container);
    lab.boardKind = lab.game;
  }
  const answer = lab.race || lab.tree;
  const position = lab.position.trim() || startPosition();
  const snapshot = answer ? answer.snapshot : position;
  const last = lab.ref && lab.ref.ply > 0 ? lab.ref.game.moves[lab.ref.ply - 1]?.code : null;
  try {
    lab.board.draw(boardView(snapshot, moveSquares(last), { moveNumbers: lab.game === 'gomoku' && lab.settings.moveNumbers }));
  } catch {
    // A position still being typed may not draw; the server will say what is wrong.
  }
  const side = answer ? answer.side_to_move : guessSideToMove(position);
  const played = lab.ref?.played;
  $('lab-board-caption').textContent = `${sideName(side)} to move${played ? ` · played here: ${played.text}` : ''}`;
}

// ---- the setup form -----------------------------------------------------------

function fillSetup() {
  const description = describe(lab.game);
  fillSelect($('lab-game'), lab.meta.games.map((g) => [g.kind, g.kind[0].toUpperCase() + g.kind.slice(1)]), lab.game);
  fillSelect($('lab-rule'), description.rules.map((r) => [r, r]), lab.rule ?? description.rules[0]);
  $('lab-rule-field').hidden = description.rules.length < 2;
  fillSelect($('lab-size'), description.sizes.map((s) => [s, `${s} × ${s}`]), lab.size ?? description.sizes[0]);
  $('lab-size-field').hidden = description.sizes.length === 0;
  $('lab-position-format').textContent = `(${description.position_format})`;
  $('lab-position').value = lab.position || startPosition();
  fillSelect($('lab-depth'), range(1, MAX_RACE_DEPTH).map((d) => [d, String(d)]), lab.depth);
  // Only the evaluators the game has are offered (the learned one where it has a net).
  const offered = description.evaluators || ['strong', 'simple'];
  for (const option of $('lab-evaluator').options) option.disabled = !offered.includes(option.value);
  if (!offered.includes(lab.evaluator)) lab.evaluator = 'strong';
  $('lab-evaluator').value = lab.evaluator;
  fillSelect($('tree-depth'), range(1, MAX_TREE_DEPTH).map((d) => [d, String(d)]), lab.treeDepth);
  $('tree-algorithm').value = lab.algorithm;
  $('tree-max-nodes').value = String(lab.maxNodes);
  if (description.rules.length > 1 && !lab.rule) lab.rule = description.rules[0];
  if (description.sizes.length > 0 && !lab.size) lab.size = description.sizes.includes(15) ? 15 : description.sizes[0];
  if (description.sizes.length > 0) $('lab-size').value = String(lab.size);
}

function showOrigin() {
  const box = $('lab-origin');
  const ref = lab.ref;
  box.hidden = !ref;
  document.body.dataset.fromGame = ref ? String(ref.id) : '';
  if (!ref) return;
  const { game, ply, played } = ref;
  let text = `Game #${game.id} (${game.kind}) after ${ply} move${ply === 1 ? '' : 's'}`;
  let hint = '';
  if (played) {
    const player = game.players[played.side];
    const who = player.type === 'computer'
      ? `the computer (level ${player.level}, ${player.algorithm})`
      : 'a person';
    text += `. ${game.sides[played.side === 'second' ? 1 : 0]}, played by ${who}, chose ${played.text} here.`;
    if (player.type === 'computer' && player.level < 9) {
      hint = 'Below level 9 the computer blurs each move\'s value on purpose (see the levels), so it can play another move than the best one found here. Its depth and evaluator are set as its level searches.';
    }
  } else {
    text += '. No move was played here yet.';
  }
  $('lab-origin-text').textContent = text;
  $('lab-origin-hint').textContent = hint;
  $('lab-origin-link').href = `/#game=${game.id}`;
  $('lab-searchmap-link').href = `/#game=${game.id}&ply=${ply}&show=searchmap`;
  $('lab-evaluation-link').href = `/#game=${game.id}&ply=${ply}&show=evaluation`;
}

/** Results no longer match the settings: say so, keep them visible. */
function markStale(what) {
  for (const name of what) {
    const status = $(`${name}-status`);
    if (lab[name]) {
      status.textContent = 'The settings changed: run again to update.';
      status.dataset.kind = 'stale';
    }
    lab.run.delete(name);
  }
}

function clearResults() {
  stopPlaying();
  lab.race = null;
  lab.tree = null;
  lab.run.clear();
  $('race-results').hidden = true;
  $('tree-box').hidden = true;
  $('race-status').textContent = '';
  $('tree-status').textContent = '';
  tree.clear();
  hidePreview();
}

/** The person edited the position: it is no longer a stored game's. */
function leaveGame() {
  if (!lab.ref) return;
  lab.ref = null;
  showOrigin();
}

function wireSetup() {
  $('lab-game').addEventListener('change', (event) => {
    lab.game = event.target.value;
    lab.rule = null;
    lab.size = null;
    lab.position = '';
    lab.depth = DEFAULT_DEPTH[lab.game] ?? 4;
    lab.ref = null;
    showOrigin();
    clearResults();
    fillSetup();
    drawBoard();
    syncUrl();
  });
  for (const [id, key] of [['lab-rule', 'rule'], ['lab-size', 'size']]) {
    $(id).addEventListener('change', (event) => {
      lab[key] = key === 'size' ? Number(event.target.value) : event.target.value;
      leaveGame();
      clearResults();
      drawBoard();
      syncUrl();
    });
  }
  let typing = null;
  $('lab-position').addEventListener('input', (event) => {
    lab.position = event.target.value;
    leaveGame();
    lab.race = null;
    lab.tree = null;
    markStale(['race', 'tree']);
    clearTimeout(typing);
    typing = setTimeout(() => { drawBoard(); syncUrl(); }, 250);
  });
  $('lab-start-position').addEventListener('click', () => {
    lab.position = '';
    $('lab-position').value = startPosition();
    leaveGame();
    clearResults();
    drawBoard();
    syncUrl();
  });
  $('lab-depth').addEventListener('change', (event) => {
    lab.depth = Number(event.target.value);
    markStale(['race']);
    syncUrl();
  });
  $('lab-evaluator').addEventListener('change', (event) => {
    lab.evaluator = event.target.value;
    markStale(['race', 'tree']);
    syncUrl();
  });
  $('setup-form').addEventListener('submit', (event) => event.preventDefault());
}

// ---- the race ---------------------------------------------------------------------

function setStatus(id, text, kind = 'info') {
  const el = $(id);
  el.textContent = text;
  el.dataset.kind = kind;
}

async function runRace() {
  const token = ++lab.raceToken;
  const body = { ...target(), depth: lab.depth, evaluator: lab.evaluator };
  $('race-run').disabled = true;
  document.body.dataset.race = 'running';
  setStatus('race-status', `Searching to depth ${lab.depth} with every technique… minimax looks at every line, so this can take a while.`, 'busy');
  const started = performance.now();
  try {
    const answer = await api.labRace(body);
    if (token !== lab.raceToken) return;
    lab.race = answer;
    lab.run.add('race');
    showRace();
    drawBoard();
    syncUrl();
    setStatus('race-status', `Done in ${formatTime(performance.now() - started)}.`);
    document.body.dataset.race = 'done';
  } catch (err) {
    if (token !== lab.raceToken) return;
    setStatus('race-status', errorText(err), 'error');
    document.body.dataset.race = 'error';
  } finally {
    if (token === lab.raceToken) $('race-run').disabled = false;
  }
}

function errorText(err) {
  if (err.status === 404 && err.code === 'not_found') return 'This server has no AI lab endpoints (an older build?).';
  return err.message;
}

function showRace() {
  const answer = lab.race;
  $('race-results').hidden = false;
  renderRaceTable($('race-body'), answer, {
    played: lab.ref?.played?.code,
    secondToMove: sideIndex(answer.side_to_move) === 1,
    firstName: sides()[0],
  });
  $('race-score-head').textContent = `Score (${sides()[0]})`;
  $('race-score-head').title = `From ${sides()[0]}'s side, as everywhere in Banco: + is good for ${sides()[0]}`;
  renderRaceChart($('race-chart'), answer, $('race-measure').value);
  const rows = answer.rows;
  const minimax = rows.find((r) => r.algorithm === 'minimax');
  const alphabeta = rows.find((r) => r.algorithm === 'alphabeta');
  const bugs = rows.filter(disagrees);
  const parts = [`${sideName(answer.side_to_move)} to move, depth ${answer.depth}, ${answer.evaluator} evaluator.`];
  if (minimax && alphabeta && minimax.completed && alphabeta.completed && minimax.nodes) {
    if (alphabeta.nodes >= minimax.nodes) {
      parts.push(`Alpha-beta found minimax's value with as many nodes as minimax (${formatNumber(minimax.nodes)}): nothing could be cut off here.`);
    } else {
      const share = Math.round(100 * alphabeta.nodes / minimax.nodes);
      parts.push(`Alpha-beta found minimax's value with ${formatNumber(alphabeta.nodes)} nodes instead of ${formatNumber(minimax.nodes)}: ${share < 1 ? 'less than 1' : share} % of the work.`);
    }
  }
  if (rows.some((r) => !r.completed)) parts.push('Rows marked "stopped" hit the node limit.');
  if (answer.completed === false) parts.push('The race ran out of its time: only the rows above were raced; lower the depth to see them all.');
  $('race-summary').textContent = parts.join(' ');
  const warning = $('race-summary');
  warning.classList.toggle('has-bug', bugs.length > 0);
  if (bugs.length) {
    const strong = document.createElement('strong');
    strong.textContent = `⚠ ${bugs.map((r) => r.label || r.algorithm).join(', ')}: a value-preserving variant disagrees with minimax — a bug. `;
    warning.prepend(strong);
  }
  const notes = $('race-notes');
  notes.replaceChildren(...rows.flatMap((row) => {
    const dt = document.createElement('dt');
    dt.textContent = row.label || row.algorithm;
    const dd = document.createElement('dd');
    dd.textContent = explain(row.algorithm, row.label);
    return [dt, dd];
  }));
}

// ---- the tree ---------------------------------------------------------------------

// The tree view; made in start(), once its box exists.
let tree = null;

async function runTree() {
  const token = ++lab.treeToken;
  stopPlaying();
  const body = {
    ...target(), depth: lab.treeDepth, algorithm: lab.algorithm, evaluator: lab.evaluator, max_nodes: lab.maxNodes,
  };
  $('tree-run').disabled = true;
  document.body.dataset.tree = 'running';
  setStatus('tree-status', 'Searching…', 'busy');
  try {
    const answer = await api.labTree(body);
    if (token !== lab.treeToken) return;
    lab.tree = answer;
    lab.run.add('tree');
    showTree();
    drawBoard();
    syncUrl();
    setStatus('tree-status', '');
    document.body.dataset.tree = 'done';
  } catch (err) {
    if (token !== lab.treeToken) return;
    setStatus('tree-status', errorText(err), 'error');
    document.body.dataset.tree = 'error';
  } finally {
    if (token === lab.treeToken) $('tree-run').disabled = false;
  }
}

function showTree() {
  const answer = lab.tree;
  $('tree-box').hidden = false;
  const name = answer.algorithm === 'minimax' ? 'Minimax' : 'Alpha-beta';
  const stats = answer.stats || {};
  const value = answer.value?.mate !== undefined ? `mate in ${answer.value.mate}` : valueText(answer.value?.cp);
  // A search the node cap cut short has no value: it is never presented as the answer.
  const text = answer.truncated
    ? `${name} to depth ${answer.depth}: stopped after ${formatNumber(stats.nodes)} nodes, at the cap of `
      + `${formatNumber(lab.maxNodes)} nodes drawn: no value and no best line. Raise "Max nodes" or lower the depth.`
    : `${name} to depth ${answer.depth}: ${formatNumber(stats.nodes)} nodes, ${formatNumber(stats.leaf_nodes)} leaves, `
      + `${formatNumber(stats.cutoffs)} cut-offs; value ${value} for ${sideName(answer.side_to_move)} (MAX).`;
  $('tree-summary').textContent = text;
  $('tree-summary').classList.toggle('truncated', Boolean(answer.truncated));
  tree.load(answer, {
    algorithm: answer.algorithm,
    played: lab.ref?.played?.code,
    sides: sides(),
    rootIndex: sideIndex(answer.side_to_move),
  });
}

function onStep() {
  const steps = tree.steps;
  const step = tree.step;
  const slider = $('step-slider');
  slider.max = String(Math.max(0, steps - 1));
  slider.value = String(step);
  $('step-count').textContent = `${step + 1} / ${steps}`;
  $('step-first').disabled = step === 0;
  $('step-back').disabled = step === 0;
  $('step-forward').disabled = step >= steps - 1;
  $('step-last').disabled = step >= steps - 1;
  const node = tree.current();
  if (node) {
    const info = tree.describe(node);
    $('step-text').textContent = `Step ${step + 1} of ${steps}: ${info.where} · ${info.role}${info.window ? ` · ${info.window}` : ''} · ${info.result}`;
  }
  document.body.dataset.treeStep = String(step);
  if (step >= steps - 1) stopPlaying();
}

function playing() {
  return lab.timer !== null;
}

function stopPlaying() {
  if (lab.timer !== null) clearInterval(lab.timer);
  lab.timer = null;
  const button = $('step-play');
  button.textContent = '▶ Play';
  $('step-text').setAttribute('aria-live', 'polite');
}

function togglePlay() {
  if (!tree.loaded) return;
  if (playing()) {
    stopPlaying();
    return;
  }
  if (tree.step >= tree.steps - 1) tree.first();
  const perSecond = Number($('step-speed').value) || 3;
  lab.timer = setInterval(() => tree.forward(), 1000 / perSecond);
  const button = $('step-play');
  button.textContent = '❚❚ Pause';
  // A screen reader would fall behind a running replay.
  $('step-text').setAttribute('aria-live', 'off');
}

// ---- a node's position, on hover or focus -----------------------------------------

function showPreview(node, element, info) {
  const box = $('node-preview');
  const container = $('preview-board');
  if (lab.previewKind !== lab.game) {
    container.dataset.kind = lab.game;
    lab.preview = BOARDS[lab.game](container);
    lab.previewKind = lab.game;
  }
  lab.preview.draw(boardView(node.snapshot, moveSquares(node.move), { coordinates: false }));
  const lines = [info.where, info.role, info.result, info.window, info.kind, info.pv ? 'on the principal variation' : '']
    .filter(Boolean);
  $('preview-text').replaceChildren(...lines.map((line, i) => {
    const p = document.createElement(i === 0 ? 'strong' : 'span');
    p.textContent = line;
    return p;
  }));
  box.hidden = false;
  box.dataset.node = String(node.id);
  const rect = element.getBoundingClientRect();
  const width = box.offsetWidth;
  const height = box.offsetHeight;
  let left = rect.right + 12;
  if (left + width > window.innerWidth - 8) left = Math.max(8, rect.left - width - 12);
  const top = Math.max(8, Math.min(window.innerHeight - height - 8, rect.top - height / 3));
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

function hidePreview() {
  $('node-preview').hidden = true;
}

// ---- keys and buttons ---------------------------------------------------------------

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector('dialog[open]')) return;
  const tag = event.target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
  if ((tag === 'BUTTON' || tag === 'A') && (event.key === ' ' || event.key === 'Enter')) return;
  if (event.key === '?') {
    event.preventDefault();
    $('lab-help-dialog').showModal();
    return;
  }
  if (!tree.loaded) return;
  const actions = {
    ArrowLeft: () => { stopPlaying(); tree.back(); },
    ArrowRight: () => { stopPlaying(); tree.forward(); },
    Home: () => { stopPlaying(); tree.first(); },
    End: () => { stopPlaying(); tree.last(); },
    ' ': togglePlay,
    Escape: hidePreview,
  };
  const action = actions[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
}

function wireButtons() {
  $('race-run').addEventListener('click', runRace);
  $('race-measure').addEventListener('change', () => lab.race && renderRaceChart($('race-chart'), lab.race, $('race-measure').value));
  $('tree-form').addEventListener('submit', (event) => {
    event.preventDefault();
    runTree();
  });
  $('tree-depth').addEventListener('change', (event) => { lab.treeDepth = Number(event.target.value); markStale(['tree']); syncUrl(); });
  $('tree-algorithm').addEventListener('change', (event) => { lab.algorithm = event.target.value; markStale(['tree']); syncUrl(); });
  $('tree-max-nodes').addEventListener('change', (event) => {
    lab.maxNodes = clamp(event.target.value, 1, MAX_NODES, DEFAULT_MAX_NODES);
    event.target.value = String(lab.maxNodes);
    markStale(['tree']);
    syncUrl();
  });
  $('step-first').addEventListener('click', () => { stopPlaying(); tree.first(); });
  $('step-back').addEventListener('click', () => { stopPlaying(); tree.back(); });
  $('step-forward').addEventListener('click', () => { stopPlaying(); tree.forward(); });
  $('step-last').addEventListener('click', () => { stopPlaying(); tree.last(); });
  $('step-play').addEventListener('click', togglePlay);
  $('step-slider').addEventListener('input', (event) => { stopPlaying(); tree.setStep(Number(event.target.value)); });
  $('step-speed').addEventListener('change', () => { if (playing()) { stopPlaying(); togglePlay(); } });
  $('tree-expand').addEventListener('click', () => tree.expandAll());
  $('tree-collapse').addEventListener('click', () => tree.collapseAll());
  $('lab-help-button').addEventListener('click', () => $('lab-help-dialog').showModal());
  for (const button of document.querySelectorAll('dialog [data-close]')) {
    button.addEventListener('click', () => button.closest('dialog').close());
  }
  document.addEventListener('keydown', onKey);
  $('tree-scroll').addEventListener('scroll', hidePreview, { passive: true });
}

// ---- start ----------------------------------------------------------------------------

/** Reads the state from the address bar; opens the stored game it names. */
async function readUrl() {
  const q = new URLSearchParams(location.search);
  const kinds = lab.meta.games.map((g) => g.kind);
  if (q.has('game_id')) {
    const game = await api.get(q.get('game_id'));
    const ply = clamp(q.get('ply'), 0, game.plies, game.plies);
    lab.ref = { id: game.id, ply, game, played: game.moves[ply] || null };
    lab.game = game.kind;
    lab.rule = game.rule;
    lab.size = game.size;
    lab.position = game.snapshots[ply] ?? '';
  } else {
    lab.game = kinds.includes(q.get('game')) ? q.get('game') : 'chess';
    lab.rule = q.get('rule');
    lab.size = q.has('size') ? Number(q.get('size')) : null;
    lab.position = q.get('position') || '';
  }
  lab.depth = clamp(q.get('depth'), 1, MAX_RACE_DEPTH, DEFAULT_DEPTH[lab.game] ?? 4);
  lab.evaluator = ['simple', 'nnue'].includes(q.get('evaluator')) ? q.get('evaluator') : 'strong';
  lab.treeDepth = clamp(q.get('tree_depth'), 1, MAX_TREE_DEPTH, DEFAULT_TREE_DEPTH);
  lab.algorithm = q.get('algorithm') === 'minimax' ? 'minimax' : 'alphabeta';
  lab.maxNodes = clamp(q.get('max_nodes'), 1, MAX_NODES, DEFAULT_MAX_NODES);
  return new Set((q.get('run') || '').split(',').filter((r) => r === 'race' || r === 'tree'));
}

async function start() {
  applySettings(lab.settings);
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applySettings(lab.settings));
  tree = createTreeView({
    scroll: $('tree-scroll'),
    onHover: showPreview,
    onLeave: hidePreview,
    onStep,
  });
  $('tree-help').textContent = TREE_HELP;
  wireButtons();
  try {
    lab.meta = await api.meta();
  } catch (err) {
    setStatus('race-status', err.message, 'error');
    return;
  }
  let run = new Set();
  try {
    run = await readUrl();
  } catch (err) {
    setStatus('race-status', `The game could not be opened: ${err.message}`, 'error');
    lab.ref = null;
    lab.game = 'chess';
  }
  fillSetup();
  showOrigin();
  wireSetup();
  drawBoard();
  syncUrl();
  document.body.dataset.ready = 'true';
  if (run.has('tree')) runTree();
  if (run.has('race')) runRace();
}

start();
