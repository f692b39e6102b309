// Banco's page: one game at a time, its board, panels and controls, kept in
// step with the server through its WebSocket feed.

import { api, follow } from './api.js';
import { loadSettings, saveSettings, applySettings } from './settings.js';
import { renderGamePanel, renderComputerPanel, renderEvalBar, renderMoveList, playerLabel } from './panels.js';
import { whyThisMoveUrl } from './lablink.js';
import { attachInput } from './boards/input.js';
import { createChessBoard } from './boards/chess.js';
import { createXiangqiBoard } from './boards/xiangqi.js';
import { createGomokuBoard } from './boards/gomoku.js';

/** One renderer per game; a new game adds its module here. */
const BOARDS = { chess: createChessBoard, xiangqi: createXiangqiBoard, gomoku: createGomokuBoard };

const $ = (id) => document.getElementById(id);

const ui = {
  meta: null,
  settings: loadSettings(),
  game: null,
  board: null,
  boardKind: null,
  flipped: false,
  viewPly: null, // null: the live position; a number: reviewing that ply
  selected: null,
  info: null,
  connected: false,
  stopFeed: null,
  messageTimer: null,
};

function describe(kind) {
  return ui.meta.games.find((g) => g.kind === kind);
}

function showMessage(text, kind = 'info') {
  const el = $('message');
  el.textContent = text;
  el.dataset.kind = kind;
  clearTimeout(ui.messageTimer);
  ui.messageTimer = setTimeout(() => { el.textContent = ''; }, 5000);
}

function isLive() {
  return ui.viewPly === null;
}

function humanToMove() {
  const g = ui.game;
  return g && !g.ending && g.turn_player === 'human';
}

function legalFrom(key) {
  return ui.game.legal_moves.filter((m) => m.from === key);
}

// ---- the board -------------------------------------------------------------

function ensureBoard(kind) {
  if (ui.boardKind === kind) return;
  const container = $('board');
  container.dataset.kind = kind;
  ui.board = BOARDS[kind](container);
  ui.boardKind = kind;
  attachInput(ui.board, {
    selected: () => ui.selected,
    canPick(key) {
      if (!isLive() || !humanToMove()) return false;
      return ui.board.ownerAt(key) === ui.game.side_to_move && legalFrom(key).length > 0;
    },
    select(key) {
      if (!isLive()) { backToLive(); return; }
      ui.selected = key;
      drawBoard();
    },
    move: tryMove,
    place(key) {
      if (!isLive()) { backToLive(); return; }
      if (!humanToMove()) return;
      const move = ui.game.legal_moves.find((m) => m.from === null && m.to === key);
      if (move) send(move.code);
    },
  });
}

function drawBoard() {
  const g = ui.game;
  if (!g) return;
  const ply = ui.viewPly ?? g.plies;
  const live = isLive();
  const dests = live && ui.selected && ui.settings.showDests ? [...new Set(legalFrom(ui.selected).map((m) => m.to))] : [];
  ui.board.draw({
    snapshot: g.snapshots[ply],
    size: g.size,
    flipped: ui.flipped,
    lastMove: ply > 0 ? g.moves[ply - 1] : null,
    check: live && g.marks ? g.marks.check : null,
    marks: live ? g.marks : null,
    selected: live ? ui.selected : null,
    dests,
    coordinates: ui.settings.coordinates,
    pieceStyle: ui.settings.pieceStyle,
    moveNumbers: ui.settings.moveNumbers,
    moves: g.moves.slice(0, ply),
  });
  $('board').classList.toggle('reviewing', !live);
}

function tryMove(from, to) {
  if (!isLive()) { backToLive(); return; }
  if (from === to) return;
  const candidates = ui.game.legal_moves.filter((m) => m.from === from && m.to === to);
  if (candidates.length === 0) {
    if (ui.board.ownerAt(to) === ui.game.side_to_move && legalFrom(to).length > 0) {
      ui.selected = to;
    } else {
      ui.selected = null;
      showMessage(`Illegal move: ${from}–${to} is not allowed here`, 'error');
    }
    drawBoard();
    return;
  }
  if (candidates.length > 1 && candidates.every((m) => m.promotion)) {
    askPromotion(to, candidates);
    return;
  }
  send(candidates[0].code);
}

function askPromotion(to, candidates) {
  const picker = $('promotion');
  picker.replaceChildren();
  const side = ui.game.side_to_move;
  for (const piece of ui.board.promotionPieces(side)) {
    const move = candidates.find((m) => m.promotion === piece.letter);
    if (!move) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `promote ${piece.white ? 'white' : 'black'}`;
    button.textContent = piece.glyph;
    button.title = piece.name;
    button.dataset.promotion = piece.letter;
    button.addEventListener('click', () => { closePromotion(); send(move.code); });
    picker.append(button);
  }
  const point = ui.board.screenPoint(to);
  picker.style.left = `${point.x + window.scrollX}px`;
  picker.style.top = `${point.y + window.scrollY}px`;
  picker.hidden = false;
  picker.querySelector('button')?.focus();
}

function closePromotion() {
  $('promotion').hidden = true;
}

async function send(code) {
  const g = ui.game;
  ui.selected = null;
  closePromotion();
  try {
    setGame(await api.move(g.id, code, g.plies, g.version));
  } catch (err) {
    showMessage(err.message, 'error');
    drawBoard();
  }
}

function backToLive() {
  ui.viewPly = null;
  render();
}

// ---- the game and its feed -------------------------------------------------

function setGame(game) {
  const fresh = !ui.game || ui.game.id !== game.id;
  if (!fresh && game.version < ui.game.version) return; // an older answer arrived late
  if (fresh) {
    ui.viewPly = null;
    ui.selected = null;
    const players = game.players;
    // Facing the computer from the second side, see the board from there.
    ui.flipped = players.first.type === 'computer' && players.second.type === 'human';
  }
  if (ui.viewPly !== null && ui.viewPly >= game.plies) ui.viewPly = null;
  if (ui.game && game.plies !== ui.game.plies) ui.selected = null;
  if (game.last_search && (!ui.info || !game.thinking)) ui.info = game.last_search;
  if (!game.last_search && game.plies === 0 && !game.thinking) ui.info = null;
  ui.game = game;
  ensureBoard(game.kind);
  render();
}

async function openGame(id) {
  const game = await api.get(id);
  if (ui.stopFeed) ui.stopFeed();
  ui.info = null;
  ui.game = null;
  setGame(game);
  localStorage.setItem('banco.lastGame', String(game.id));
  if (location.hash !== `#game=${game.id}`) history.replaceState(null, '', `#game=${game.id}`);
  ui.stopFeed = follow(game.id, onFeed, (up) => {
    ui.connected = up;
    document.body.dataset.connected = String(up);
  });
}

function onFeed(message) {
  if (!ui.game) return;
  if (message.type === 'state') {
    if (message.game.id === ui.game.id) setGame(message.game);
  } else if (message.type === 'info') {
    ui.info = message.info;
    renderSearch();
  } else if (message.type === 'thinking') {
    $('thinking').hidden = false;
    document.body.dataset.thinking = 'true';
  } else if (message.type === 'error') {
    showMessage(message.error.message, 'error');
  }
}

// ---- rendering ---------------------------------------------------------------

function renderSearch() {
  const g = ui.game;
  renderComputerPanel($('search-facts'), ui.info, g.thinking);
  renderEvalBar($('eval-bar'), $('eval-fill'), $('eval-text'), ui.info, ui.flipped);
  document.body.dataset.searchDepth = ui.info ? String(ui.info.depth) : '';
}

function renderStrips() {
  const g = ui.game;
  const sides = [['first', 0], ['second', 1]];
  const [bottom, top] = ui.flipped ? [sides[1], sides[0]] : sides;
  for (const [el, [side, index]] of [[$('strip-bottom'), bottom], [$('strip-top'), top]]) {
    const toMove = !g.ending && g.side_to_move === side;
    el.textContent = `${g.sides[index]} · ${playerLabel(g.players[side])}`;
    el.classList.toggle('to-move', toMove);
    el.dataset.side = side;
  }
}

function renderControls() {
  const g = ui.game;
  const computers = ['first', 'second'].filter((s) => g.players[s].type === 'computer').length;
  const humans = 2 - computers;
  $('pause-button').hidden = computers === 0;
  $('pause-button').textContent = g.paused ? 'Resume' : 'Pause';
  $('step-button').hidden = computers === 0 || !g.paused;
  $('move-now-button').hidden = !g.thinking;
  $('resign-button').hidden = humans === 0 || Boolean(g.ending);
  $('undo-button').disabled = g.plies === 0;
  $('first-button').disabled = g.plies === 0;
  $('back-button').disabled = g.plies === 0 || ui.viewPly === 0;
  $('forward-button').disabled = isLive();
  $('last-button').disabled = isLive();
}

/**
 * "Why this move?": after a computer's move (the last one, or one picked in
 * the move list), a link to the lab on the position it was chosen in. It
 * opens a new tab, so the game, its feed and the place in the move list stay
 * as they are while the lab searches.
 */
function renderWhy() {
  const g = ui.game;
  const ply = ui.viewPly ?? g.plies;
  const url = whyThisMoveUrl(g, ply, ui.meta.levels?.list);
  const link = $('why-button');
  link.hidden = !url;
  if (!url) {
    link.removeAttribute('href');
    return;
  }
  const move = g.moves[ply - 1];
  link.href = url;
  link.dataset.ply = String(ply);
  link.title = `Open the AI lab (new tab) on the position where the computer chose ${move.text}: every search technique raced on it, and its search tree`;
  link.setAttribute('aria-label', `Why ${move.text}? Open the AI lab in a new tab`);
}

function renderGameOver() {
  const g = ui.game;
  const box = $('game-over');
  box.hidden = !g.ending;
  if (g.ending) {
    $('game-over-reason').textContent = `${g.ending.text} (${g.ending.result})`;
    box.dataset.reason = g.ending.reason;
  }
}

function render() {
  const g = ui.game;
  if (!g) return;
  const description = describe(g.kind);
  $('game-title').textContent = `#${g.id} · ${g.kind}${g.rule && g.rule !== 'standard' ? ` (${g.rule})` : ''}`;
  $('notation').textContent = description.notation;
  drawBoard();
  renderGamePanel($('game-facts'), g);
  renderSearch();
  renderStrips();
  renderControls();
  renderGameOver();
  renderWhy();
  renderMoveList($('move-list'), g, ui.viewPly ?? g.plies, (ply) => {
    ui.viewPly = ply >= g.plies ? null : ply;
    render();
  });
  $('thinking').hidden = !g.thinking;
  const body = document.body.dataset;
  body.gameId = String(g.id);
  body.kind = g.kind;
  body.plies = String(g.plies);
  body.thinking = String(g.thinking);
  body.turn = g.turn_player;
}

// ---- actions -----------------------------------------------------------------

async function act(promise) {
  try {
    setGame(await promise);
  } catch (err) {
    showMessage(err.message, 'error');
  }
}

function undo() {
  if (ui.game) act(api.undo(ui.game.id));
}

function reset() {
  if (ui.game) act(api.reset(ui.game.id));
}

function flip() {
  ui.flipped = !ui.flipped;
  if (ui.game) render();
}

function review(step) {
  const g = ui.game;
  if (!g) return;
  const current = ui.viewPly ?? g.plies;
  let next;
  if (step === 'first') next = 0;
  else if (step === 'last') next = g.plies;
  else next = Math.max(0, Math.min(g.plies, current + step));
  ui.viewPly = next >= g.plies ? null : next;
  ui.selected = null;
  render();
}

function rematch() {
  const g = ui.game;
  if (!g) return;
  const body = {
    game: g.kind,
    rule: g.rule,
    size: g.size ?? undefined,
    position: g.start,
    // Sides swap, as in a rematch over the board.
    players: { first: g.players.second, second: g.players.first },
  };
  createGame(body).catch((err) => showMessage(err.message, 'error'));
}

async function createGame(body) {
  const game = await api.create(body);
  await openGame(game.id);
  return game;
}

// ---- dialogs -------------------------------------------------------------------

function fillSelect(select, options) {
  select.replaceChildren(...options.map(([value, label]) => {
    const option = document.createElement('option');
    option.value = String(value);
    option.textContent = label;
    return option;
  }));
}

// What a level does in a game and how strong it measured, from /api/meta:
// "depth 3 · simple evaluation · blur ±60 · measured ≈ 1180 Elo ± 90".
function levelInfo(level, game) {
  const entry = ui.meta.levels?.list?.find((l) => l.level === Number(level));
  if (!entry) return '';
  const here = entry.games?.[game] ?? {};
  const parts = [];
  if (entry.depth != null) parts.push(`depth ${entry.depth}`);
  if (here.nodes != null) parts.push(`${here.nodes.toLocaleString('en')} nodes a move`);
  if (entry.depth == null && here.nodes == null) parts.push('full strength within the time per move');
  parts.push(`${entry.evaluator} evaluation`);
  if (!entry.quiescence) parts.push('no quiescence');
  const noise = here.noise ?? entry.noise;
  if (noise > 0) parts.push(`blur ±${noise}`);
  if (here.elo != null) {
    const error = here.error != null ? ` ± ${here.error}` : '';
    const scale = here.scale ? `, ${here.scale}` : '';
    parts.push(`measured ≈ ${here.elo} Elo${error} (${here.games} games${scale})`);
  } else {
    parts.push('strength not measured yet');
  }
  return parts.join(' · ');
}

function setupNewDialog() {
  const form = $('new-form');
  const dialog = $('new-dialog');
  fillSelect($('new-game-kind'), ui.meta.games.map((g) => [g.kind, g.kind[0].toUpperCase() + g.kind.slice(1)]));
  for (const name of ['algorithm1', 'algorithm2']) {
    fillSelect(form.elements[name], ui.meta.algorithms.map((a) => [a, a]));
    form.elements[name].value = 'engine';
  }
  function refresh() {
    const description = describe(form.elements.game.value);
    fillSelectKeep(form.elements.rule, description.rules.map((r) => [r, r]));
    $('rule-field').hidden = description.rules.length < 2;
    fillSelectKeep(form.elements.size, description.sizes.map((s) => [s, `${s} × ${s}`]));
    $('size-field').hidden = description.sizes.length === 0;
    fillSelectKeep(form.elements.side, [['first', description.sides[0]], ['second', description.sides[1]]]);
    const mode = form.elements.mode.value;
    dialog.dataset.mode = mode;
    $('computer-first').hidden = mode === 'hvh';
    $('computer-first-title').textContent = mode === 'cvc' ? `${description.sides[0]} (computer)` : 'Computer';
    $('computer-second-title').textContent = `${description.sides[1]} (computer)`;
    $('position-hint').textContent = `(${description.position_format}, optional)`;
    $('level1-out').textContent = form.elements.level1.value;
    $('level2-out').textContent = form.elements.level2.value;
    $('level1-info').textContent = levelInfo(form.elements.level1.value, form.elements.game.value);
    $('level2-info').textContent = levelInfo(form.elements.level2.value, form.elements.game.value);
  }
  function fillSelectKeep(select, options) {
    const keep = select.value;
    fillSelect(select, options);
    if (options.some(([v]) => String(v) === keep)) select.value = keep;
  }
  form.addEventListener('input', refresh);
  form.addEventListener('change', refresh);
  refresh();
  $('new-cancel').addEventListener('click', () => dialog.close());
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const f = form.elements;
    const mode = f.mode.value;
    const computer = (level, algorithm) => ({
      type: 'computer', level: Number(level), algorithm, movetime_ms: Number(f.movetime.value),
    });
    let players;
    if (mode === 'hvh') players = { first: { type: 'human' }, second: { type: 'human' } };
    else if (mode === 'cvc') players = { first: computer(f.level1.value, f.algorithm1.value), second: computer(f.level2.value, f.algorithm2.value) };
    else if (f.side.value === 'first') players = { first: { type: 'human' }, second: computer(f.level1.value, f.algorithm1.value) };
    else players = { first: computer(f.level1.value, f.algorithm1.value), second: { type: 'human' } };
    const description = describe(f.game.value);
    const body = { game: f.game.value, players, paused: mode === 'cvc' && f.paused.checked };
    if (description.rules.length > 1) body.rule = f.rule.value;
    if (description.sizes.length > 0) body.size = Number(f.size.value);
    if (f.position.value.trim()) body.position = f.position.value.trim();
    $('new-error').textContent = '';
    try {
      await createGame(body);
      dialog.close();
    } catch (err) {
      $('new-error').textContent = err.message;
    }
  });
}

function openNewDialog() {
  $('new-error').textContent = '';
  $('new-dialog').showModal();
}

async function openGamesDialog() {
  const list = $('saved-games');
  list.replaceChildren();
  $('games-dialog').showModal();
  try {
    const { games } = await api.list();
    if (games.length === 0) list.textContent = 'No games yet.';
    for (const game of games) {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      const players = game.players ? `${playerLabel(game.players.first)} vs ${playerLabel(game.players.second)}` : '';
      const when = new Date(game.updated_at).toLocaleString();
      button.textContent = `#${game.id} ${game.kind} · ${players} · ${game.plies} moves · ${game.result} · ${when}`;
      button.addEventListener('click', async () => {
        $('games-dialog').close();
        try { await openGame(game.id); } catch (err) { showMessage(err.message, 'error'); }
      });
      item.append(button);
      list.append(item);
    }
  } catch (err) {
    list.textContent = err.message;
  }
}

function setupSettingsDialog() {
  const form = $('settings-form');
  const s = ui.settings;
  for (const [name, value] of Object.entries(s)) {
    const field = form.elements[name];
    if (!field) continue;
    if (field.type === 'checkbox') field.checked = value; else field.value = value;
  }
  form.addEventListener('change', () => {
    for (const name of Object.keys(s)) {
      const field = form.elements[name];
      if (!field) continue;
      s[name] = field.type === 'checkbox' ? field.checked : field.value;
    }
    saveSettings(s);
    applySettings(s);
    render();
  });
}

function setupPositionDialog() {
  const form = $('position-form');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    $('position-error').textContent = '';
    try {
      setGame(await api.position(ui.game.id, $('position-text').value.trim()));
      $('position-dialog').close();
    } catch (err) {
      $('position-error').textContent = err.message;
    }
  });
}

function openPositionDialog() {
  if (!ui.game) return;
  $('position-format').textContent = describe(ui.game.kind).position_format;
  $('position-text').value = ui.game.position;
  $('position-error').textContent = '';
  $('position-dialog').showModal();
}

async function showExport(format) {
  const g = ui.game;
  try {
    const text = await api.exportText(g.id, format);
    $('export-text').value = text;
    const link = $('export-download');
    URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = `banco-${g.kind}-${g.id}.${format === 'pgn' ? 'pgn' : 'txt'}`;
  } catch (err) {
    $('export-text').value = err.message;
  }
}

function openExportDialog() {
  if (!ui.game) return;
  const formats = $('export-formats');
  formats.replaceChildren(...describe(ui.game.kind).exports.map((format) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = format.toUpperCase();
    button.addEventListener('click', () => showExport(format));
    return button;
  }));
  $('export-dialog').showModal();
  showExport(describe(ui.game.kind).exports[0]);
}

// ---- keys and buttons ------------------------------------------------------------

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector('dialog[open]')) return;
  const tag = event.target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
  const actions = {
    z: undo, Z: undo, r: reset, R: reset, f: flip, F: flip, n: openNewDialog, N: openNewDialog,
    '?': () => $('help-dialog').showModal(),
    ArrowLeft: () => review(-1), ArrowRight: () => review(1),
    Home: () => review('first'), End: () => review('last'),
    Escape: () => { ui.selected = null; closePromotion(); drawBoard(); },
  };
  const action = actions[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
}

function wireButtons() {
  $('new-game-button').addEventListener('click', openNewDialog);
  $('new-after-button').addEventListener('click', openNewDialog);
  $('rematch-button').addEventListener('click', rematch);
  $('games-button').addEventListener('click', openGamesDialog);
  $('settings-button').addEventListener('click', () => $('settings-dialog').showModal());
  $('help-button').addEventListener('click', () => $('help-dialog').showModal());
  $('undo-button').addEventListener('click', undo);
  $('reset-button').addEventListener('click', reset);
  $('flip-button').addEventListener('click', flip);
  $('resign-button').addEventListener('click', () => {
    if (ui.game && window.confirm('Resign this game?')) act(api.resign(ui.game.id));
  });
  $('pause-button').addEventListener('click', () => {
    if (ui.game) act(api.control(ui.game.id, ui.game.paused ? 'resume' : 'pause'));
  });
  $('step-button').addEventListener('click', () => ui.game && act(api.control(ui.game.id, 'step')));
  $('move-now-button').addEventListener('click', () => ui.game && act(api.control(ui.game.id, 'stop')));
  $('position-button').addEventListener('click', openPositionDialog);
  $('export-button').addEventListener('click', openExportDialog);
  $('export-copy').addEventListener('click', () => navigator.clipboard?.writeText($('export-text').value));
  $('first-button').addEventListener('click', () => review('first'));
  $('back-button').addEventListener('click', () => review(-1));
  $('forward-button').addEventListener('click', () => review(1));
  $('last-button').addEventListener('click', () => review('last'));
  for (const button of document.querySelectorAll('dialog [data-close]')) {
    button.addEventListener('click', () => button.closest('dialog').close());
  }
  document.addEventListener('keydown', onKey);
  window.addEventListener('resize', () => closePromotion());
  window.addEventListener('hashchange', () => {
    const id = hashGameId();
    if (id && (!ui.game || String(ui.game.id) !== id)) openGame(id).catch((err) => showMessage(err.message, 'error'));
  });
}

function hashGameId() {
  const match = /game=(\d+)/.exec(location.hash);
  return match ? match[1] : null;
}

async function start() {
  applySettings(ui.settings);
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applySettings(ui.settings));
  try {
    ui.meta = await api.meta();
  } catch (err) {
    showMessage(err.message, 'error');
    return;
  }
  setupNewDialog();
  setupSettingsDialog();
  setupPositionDialog();
  wireButtons();
  const id = hashGameId() || localStorage.getItem('banco.lastGame');
  if (id) {
    try {
      await openGame(id);
      document.body.dataset.ready = 'true';
      return;
    } catch (err) {
      showMessage(`Game ${id} could not be opened: ${err.message}`, 'error');
    }
  }
  document.body.dataset.ready = 'true';
  openNewDialog();
}

start();
