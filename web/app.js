// Banco's page: one game at a time, its board, panels and controls, kept in
// step with the server through its WebSocket feed.

import { playSound, soundFor } from './sound.js';
import { TIME_CONTROLS, createClockTicker } from './clock.js';
import { api, follow } from './api.js';
import { loadSettings, saveSettings, applySettings } from './settings.js';
import { renderGamePanel, renderComputerPanel, renderEvalBar, renderMoveList, playerLabel } from './panels.js';
import { whyThisMoveUrl } from './lablink.js';
import { attachInput } from './boards/input.js';
import { attachAnnotations } from './boards/annotations.js';
import { createAnalysis, renderAnalysis, codeSquares } from './analysis.js';
import { renderReview } from './review.js';
import { createStudy } from './study.js';
import { renderTree } from './variations.js';
import { heatPoints, renderSearchMap } from './searchmap.js';
import { createExplainer, explainPoints, renderExplanation } from './explain.js';
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
  review: null, // { key, data }: the game review, for the moves it was made on
  reviewing: false,
  selected: null,
  info: null,
  connected: false,
  stopFeed: null,
  messageTimer: null,
};

/** The analysis board: variations from any position, the game untouched. */
const study = createStudy({
  game: () => ui.game,
  changed: () => render(),
  failed: (message) => showMessage(message, 'error'),
});

/**
 * The position shown, as live analysis and the evaluation panel ask for it:
 * the game's, an earlier one under review, or the analysis board's.
 */
function shownPosition() {
  const g = ui.game;
  if (!g) return null;
  if (study.active) {
    const codes = study.codes();
    const view = study.view();
    return {
      key: `${g.id}:study:${codes.join(' ')}:${view ? view.position : ''}`,
      request: { game_id: String(g.id), ply: 0, moves: codes },
    };
  }
  const ply = ui.viewPly ?? g.plies;
  return {
    key: `${g.id}:${ply}:${g.snapshots[ply]}`,
    request: { game_id: String(g.id), ply },
  };
}

/** Live analysis of the position shown. */
const analysis = createAnalysis({
  position: shownPosition,
  onChange: () => renderAnalysisPanel(),
});

/** The evaluation of the position shown, taken apart. */
const explainer = createExplainer({
  position: shownPosition,
  onChange: () => renderExplainPanel(),
  onError: (message) => showMessage(message, 'error'),
});

/** Counts the clocks down between the server's messages. */
const clocks = createClockTicker(
  (side) => document.querySelector(`.strip[data-side="${side}"] .clock`),
  () => { if (ui.settings.sound) playSound('lowtime'); },
);

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

/** The side a person plays against the computer, while the computer is to move: a premove's side. */
function premoveSide() {
  const g = ui.game;
  if (!g || g.ending || g.turn_player !== 'computer') return null;
  const first = g.players.first.type === 'human';
  const second = g.players.second.type === 'human';
  if (first === second) return null;
  return first ? 'first' : 'second';
}

/** A move chosen while the computer thinks: played as soon as it is legal after its reply. */
function setPremove(from, to) {
  ui.premove = { from, to };
  ui.selected = null;
  showMessage(`Premove ${from ? `${from}–${to}` : to}: played after the computer's move if it is legal then (Esc cancels)`);
  drawBoard();
}

/** Plays the waiting premove, now that the person is to move, if it is legal. */
function playPremove() {
  const premove = ui.premove;
  if (!premove || !humanToMove() || !isLive()) return;
  ui.premove = null;
  const candidates = ui.game.legal_moves.filter((m) => m.from === premove.from && m.to === premove.to);
  const move = candidates.find((m) => !m.promotion || m.promotion === 'q');
  if (move) sendNow(move.code);
  else showMessage(`Premove ${premove.from ? `${premove.from}–${premove.to}` : premove.to} is not legal now: dropped`, 'error');
}

// ---- the board -------------------------------------------------------------

function ensureBoard(kind) {
  if (ui.boardKind === kind) return;
  const container = $('board');
  container.dataset.kind = kind;
  ui.board = BOARDS[kind](container);
  ui.boardKind = kind;
  // The player's arrows and circles, kept per position shown.
  ui.annotations = attachAnnotations(ui.board, () => {
    if (study.active) return study.view()?.position ?? '';
    return ui.game?.snapshots[ui.viewPly ?? ui.game.plies] ?? '';
  });
  attachInput(ui.board, {
    selected: () => ui.selected,
    canPick(key) {
      if (study.active) {
        const view = study.view();
        return Boolean(view) && ui.board.ownerAt(key) === view.side_to_move && view.legal_moves.some((m) => m.from === key);
      }
      if (!isLive()) return false;
      const premove = premoveSide();
      if (premove) return ui.board.ownerAt(key) === premove;
      if (!humanToMove()) return false;
      return ui.board.ownerAt(key) === ui.game.side_to_move && legalFrom(key).length > 0;
    },
    select(key) {
      if (study.active) { ui.selected = key; drawBoard(); return; }
      if (!isLive()) { backToLive(); return; }
      ui.selected = key;
      drawBoard();
    },
    move: tryMove,
    place(key) {
      if (study.active) {
        if (ui.board.needsZoom?.()) { ui.board.zoomAt(key); renderZoomButton(); return; }
        if (ui.board.zoomed?.()) { ui.board.unzoom(); renderZoomButton(); }
        const move = study.view()?.legal_moves.find((m) => m.from === null && m.to === key);
        if (move) study.play(move.code);
        return;
      }
      if (!isLive()) { backToLive(); return; }
      // On a phone a 15×15 board's points are closer than a fingertip: the
      // first tap zooms in around itself, the second plays (and zooms out).
      if (ui.board.needsZoom?.()) { ui.board.zoomAt(key); renderZoomButton(); return; }
      if (ui.board.zoomed?.()) { ui.board.unzoom(); renderZoomButton(); }
      if (premoveSide()) { setPremove(null, key); return; }
      if (!humanToMove()) return;
      const move = ui.game.legal_moves.find((m) => m.from === null && m.to === key);
      if (move) send(move.code);
    },
  });
}

/** The "whole board" button, shown while a phone's gomoku board is zoomed in. */
function renderZoomButton() {
  $('zoom-out-button').hidden = !ui.board?.zoomed?.();
}

function unzoomBoard() {
  if (!ui.board?.zoomed?.()) return false;
  ui.board.unzoom();
  renderZoomButton();
  return true;
}

/** The analysis board's position, drawn from the server's view of it. */
function drawStudyBoard() {
  const g = ui.game;
  const view = study.view();
  $('board').classList.add('studying');
  $('board').classList.remove('reviewing');
  if (!view) return; // on its way: drawn when it comes
  const dests = ui.selected && ui.settings.showDests
    ? [...new Set(view.legal_moves.filter((m) => m.from === ui.selected).map((m) => m.to))] : [];
  ui.board.draw({
    snapshot: view.snapshots[view.snapshots.length - 1],
    size: g.size,
    flipped: ui.flipped,
    lastMove: study.node.move,
    check: view.marks ? view.marks.check : null,
    marks: view.marks,
    selected: ui.selected,
    dests,
    coordinates: ui.settings.coordinates,
    pieceStyle: ui.settings.pieceStyle,
    moveNumbers: ui.settings.moveNumbers,
    moves: view.moves,
  });
  ui.annotations.render();
}

function drawBoard() {
  const g = ui.game;
  if (!g) return;
  if (study.active) { drawStudyBoard(); return; }
  $('board').classList.remove('studying');
  const ply = ui.viewPly ?? g.plies;
  const live = isLive();
  let dests = live && ui.selected && ui.settings.showDests ? [...new Set(legalFrom(ui.selected).map((m) => m.to))] : [];
  // A waiting premove: its squares marked as a selection and its destination.
  const premove = live ? ui.premove : null;
  if (premove) dests = [premove.to];
  ui.board.draw({
    snapshot: g.snapshots[ply],
    size: g.size,
    flipped: ui.flipped,
    lastMove: ply > 0 ? g.moves[ply - 1] : null,
    check: live && g.marks ? g.marks.check : null,
    marks: live ? g.marks : null,
    selected: live ? (premove?.from ?? ui.selected) : null,
    dests,
    coordinates: ui.settings.coordinates,
    pieceStyle: ui.settings.pieceStyle,
    moveNumbers: ui.settings.moveNumbers,
    moves: g.moves.slice(0, ply),
  });
  ui.annotations.render();
  $('board').classList.toggle('reviewing', !live);
}

/** A move made on the analysis board: a new line, or along a known one. */
function tryStudyMove(from, to) {
  const view = study.view();
  if (!view || from === to) return;
  const candidates = view.legal_moves.filter((m) => m.from === from && m.to === to);
  if (candidates.length === 0) {
    ui.selected = ui.board.ownerAt(to) === view.side_to_move ? to : null;
    drawBoard();
    return;
  }
  ui.selected = null;
  if (candidates.length > 1 && candidates.every((m) => m.promotion)) {
    const queen = candidates.find((m) => m.promotion === 'q');
    if (ui.settings.autoQueen && queen) study.play(queen.code);
    else askPromotion(to, candidates);
    return;
  }
  study.play(candidates[0].code);
}

function tryMove(from, to) {
  if (study.active) { tryStudyMove(from, to); return; }
  if (!isLive()) { backToLive(); return; }
  if (from === to) return;
  if (premoveSide()) { setPremove(from, to); return; }
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
    const queen = candidates.find((m) => m.promotion === 'q');
    if (ui.settings.autoQueen && queen) send(queen.code);
    else askPromotion(to, candidates);
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

/**
 * Sends a move made on the board, after asking when the player wants each
 * move confirmed, or when it is a renju forbidden point, which loses at once
 * (the rule; a misclick should not decide a game unasked).
 */
function send(code) {
  if (study.active) {
    ui.selected = null;
    study.play(code);
    return;
  }
  const g = ui.game;
  const forbidden = g?.marks?.forbidden?.includes(code);
  if (forbidden && ui.settings.confirmForbidden) {
    const side = g.sides[g.side_to_move === 'first' ? 0 : 1];
    confirmThen(`${code} is forbidden for ${side}`, `Under renju, ${side} loses at once by playing ${code}. Play it anyway?`,
      'Play it and lose', () => sendNow(code));
    return;
  }
  if (ui.settings.confirmMoves) {
    confirmThen(`Play ${code}?`, 'Enter plays the move; Esc takes it back to choose again.', 'Play', () => sendNow(code));
    return;
  }
  sendNow(code);
}

async function sendNow(code) {
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
  const sound = ui.settings.sound ? soundFor(ui.game, game) : null;
  if (sound) playSound(sound);
  if (fresh) ui.premove = null;
  ui.game = game;
  ensureBoard(game.kind);
  render();
  playPremove();
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
  renderComputerPanel($('search-facts'), ui.info, g.thinking, g.sides);
  renderBar();
  renderSearchMapPanel();
  document.body.dataset.searchDepth = ui.info ? String(ui.info.depth) : '';
}

/** The evaluation bar: the live analysis's best line while it runs on the position shown, else the computer's search. */
function renderBar() {
  const best = analysis.current()?.lines[0];
  renderEvalBar($('eval-bar'), $('eval-fill'), $('eval-text'), best ?? ui.info, ui.flipped);
}

function renderStrips() {
  const g = ui.game;
  const sides = [['first', 0], ['second', 1]];
  const [bottom, top] = ui.flipped ? [sides[1], sides[0]] : sides;
  for (const [el, [side, index]] of [[$('strip-bottom'), bottom], [$('strip-top'), top]]) {
    const toMove = !g.ending && g.side_to_move === side;
    const name = document.createElement('span');
    name.className = 'player';
    name.textContent = `${g.sides[index]} · ${playerLabel(g.players[side])}`;
    const parts = [name];
    if (g.clock) {
      const clock = document.createElement('span');
      clock.className = 'clock';
      clock.setAttribute('role', 'timer');
      clock.setAttribute('aria-label', `${g.sides[index]}'s clock`);
      parts.push(clock);
    }
    el.replaceChildren(...parts);
    el.classList.toggle('to-move', toMove);
    el.dataset.side = side;
  }
  clocks.track(g);
}

/** What each step of a swap opening asks, and of whom. */
const OPENING_STEPS = {
  three: (who, g) => `${who} the first three stones: black, white, black (${g.plies} of 3 put).`,
  choice: (who, g) => (g.opening.choices.includes('two')
    ? `${who}: take black; take white and play the fourth stone; or add two stones (white, then black) and let the other player choose.`
    : `${who}: take black, or take white and play the fourth stone.`),
  two: (who, g) => `${who} two stones more: white, then black (${g.plies - 3} of 2 put).`,
  final_choice: (who) => `${who}: take black, or take white and play the sixth stone.`,
};
const CHOICE_LABELS = { black: 'Take black', white: 'Take white', two: 'Add two stones' };

/** The swap opening's panel: whose step it is, and the choices when they are a person's. */
function renderOpening() {
  const g = ui.game;
  const opening = g.opening;
  const going = Boolean(opening && opening.stage !== 'done' && !g.ending);
  $('opening-panel').hidden = !going;
  document.body.dataset.opening = opening ? opening.stage : '';
  if (!going) return;
  const player = g.players[opening.actor];
  const human = player.type === 'human';
  const bothHuman = g.players.first.type === 'human' && g.players.second.type === 'human';
  const puts = opening.stage === 'three' || opening.stage === 'two';
  let who;
  if (!human) who = puts ? 'The computer puts' : 'The computer chooses';
  else if (bothHuman) who = `The ${opening.actor === 'first' ? 'first' : 'second'} player ${puts ? 'puts' : 'chooses'}`;
  else who = puts ? 'Put' : 'Choose';
  $('opening-rule').textContent = opening.rule;
  $('opening-text').textContent = OPENING_STEPS[opening.stage](who, g);
  const buttons = human ? opening.choices.map((choice) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.choice = choice;
    button.textContent = CHOICE_LABELS[choice] ?? choice;
    button.addEventListener('click', () => act(api.opening(g.id, choice, g.plies, g.version)));
    return button;
  }) : [];
  $('opening-choices').replaceChildren(...buttons);
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
  renderOpening();
  renderGameOver();
  renderWhy();
  renderZoomButton();
  renderStudyPanel();
  analysis.refresh();
  renderAnalysisPanel();
  const review = currentReview();
  const goTo = (ply) => {
    ui.viewPly = ply >= g.plies ? null : ply;
    render();
  };
  renderMoveList($('move-list'), g, ui.viewPly ?? g.plies, goTo,
    new Map((review?.moves ?? []).filter((m) => m.judgement).map((m) => [m.ply, m.judgement])));
  renderReview($('review-panel'), review, { sides: g.sides, current: ui.viewPly ?? g.plies, onPick: goTo });
  $('review-button').disabled = g.plies === 0 || ui.reviewing || Boolean(review);
  $('move-input').placeholder = description.move_examples ?? '';
  $('move-input').title = `Type a move: ${description.move_help ?? ''} (M), then Enter`;
  $('position-description').textContent = positionSentence(g);
  $('thinking').hidden = !g.thinking;
  const body = document.body.dataset;
  body.gameId = String(g.id);
  body.kind = g.kind;
  body.plies = String(g.plies);
  body.thinking = String(g.thinking);
  body.turn = g.turn_player;
}

/** The analysis board's panel: the tree, the comment of the move shown, its buttons. */
function renderStudyPanel() {
  const active = study.active;
  $('study-panel').hidden = !active;
  $('study-button').setAttribute('aria-pressed', String(active));
  document.body.dataset.study = active ? study.codes().join(' ') : '';
  document.body.dataset.studyReady = String(active && Boolean(study.view()));
  if (!active) return;
  renderTree($('study-tree'), study.root, study.node, { ...study.numbering(), onPick: (node) => study.go(node) });
  const comment = $('study-comment');
  if (document.activeElement !== comment) comment.value = study.node.comment;
  $('study-promote').disabled = !study.node.parent;
  $('study-delete').disabled = !study.node.parent;
  $('study-continue').disabled = !study.view() || study.view().legal_moves.length === 0;
  const current = $('study-tree').querySelector('[aria-current="true"]');
  current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/** Opens the analysis board on the position shown, or closes it. */
function toggleStudy() {
  const g = ui.game;
  if (!g) return;
  ui.selected = null;
  if (study.active) study.close();
  else study.open(ui.viewPly ?? g.plies);
}

/** A new game from the analysis board's position: the player takes the side to move, the computer the other. */
function continueFromStudy() {
  const g = ui.game;
  const view = study.view();
  if (!g || !view) return;
  const computerSpec = [g.players.first, g.players.second].find((p) => p.type === 'computer');
  const computer = computerSpec
    ? { type: 'computer', level: computerSpec.level, algorithm: computerSpec.algorithm, movetime_ms: computerSpec.movetime_ms ?? 1000 }
    : { type: 'computer', level: 5, movetime_ms: 1000 };
  const human = { type: 'human' };
  const players = view.side_to_move === 'first' ? { first: human, second: computer } : { first: computer, second: human };
  study.close();
  createGame({ game: g.kind, rule: g.rule, size: g.size ?? undefined, position: view.position, players })
    .catch((err) => showMessage(err.message, 'error'));
}

function openStudyText() {
  $('study-text').value = study.exportText();
  $('study-text-error').textContent = '';
  $('study-text-dialog').showModal();
}

async function importStudyText() {
  try {
    await study.importText($('study-text').value);
    $('study-text-dialog').close();
  } catch (err) {
    $('study-text-error').textContent = err.message;
  }
}

/** What names a game's moves: a review belongs to them, and goes stale when they change. */
function movesKey(g) {
  return `${g.id}:${g.start}:${g.moves.map((m) => m.code).join(' ')}`;
}

/** The review of the game as it stands, if one was made. */
function currentReview() {
  const g = ui.game;
  return g && ui.review?.key === movesKey(g) ? ui.review.data : null;
}

/** Reviews the game: every position searched on the server, every move judged. */
async function reviewGame() {
  const g = ui.game;
  if (!g || ui.reviewing) return;
  const key = movesKey(g);
  ui.reviewing = true;
  $('review-button').disabled = true;
  $('review-button').textContent = 'Reviewing…';
  try {
    ui.review = { key, data: await api.review(g.id) };
  } catch (err) {
    showMessage(err.message, 'error');
  } finally {
    ui.reviewing = false;
    $('review-button').textContent = 'Review game';
    render();
  }
}

/** The analysis panel, and the engine's best move as an arrow on the board. */
function renderAnalysisPanel() {
  const g = ui.game;
  if (!g || !ui.annotations) return;
  renderAnalysis(analysis, { list: $('analysis-lines'), status: $('analysis-status'), firstName: g.sides[0] });
  const button = $('analysis-button');
  button.setAttribute('aria-pressed', String(analysis.on));
  button.textContent = analysis.on ? 'Stop' : 'Analyse';
  const best = analysis.current()?.lines[0]?.moves[0];
  const squares = codeSquares(g.kind, best);
  ui.annotations.setEngine(squares ? [squares] : []);
  renderBar();
  renderSearchMapPanel();
  renderExplainPanel();
  followPointerAfterRedraw();
  document.body.dataset.analysis = analysis.on ? analysis.status : 'off';
}

/**
 * What the search map shows: the live analysis of the position shown, else
 * the computer's last search when the position shown is the one it searched.
 */
function searchMapSource() {
  const g = ui.game;
  const live = analysis.current();
  if (live?.root_moves?.length) return { what: 'Live analysis', depth: live.depth, rootMoves: live.root_moves };
  const shown = study.active ? null : (ui.viewPly ?? g.plies);
  const info = ui.info;
  if (info && shown === info.ply && info.root_moves?.length) {
    return { what: `The computer's search (level ${info.level})`, depth: info.depth, rootMoves: info.root_moves };
  }
  return null;
}

/** The search map panel, and its shades on the board while the panel is open. */
function renderSearchMapPanel() {
  const g = ui.game;
  if (!g || !ui.annotations) return;
  const source = searchMapSource();
  renderSearchMap($('searchmap-table'), $('searchmap-note'), source, g.sides[0]);
  const open = $('searchmap-panel').open;
  ui.annotations.setHeat(open && source ? heatPoints(g.kind, source.rootMoves) : []);
  document.body.dataset.searchMap = open && source ? String(source.rootMoves.length) : '0';
}

function toggleExplainPanel() {
  $('eval-panel').open = !$('eval-panel').open;
}

/** The evaluation panel, and its terms on the board while the panel is open. */
function renderExplainPanel() {
  const g = ui.game;
  if (!g || !ui.annotations) return;
  // Only the evaluators the game has are offered (the learned one where it has a net).
  const offered = describe(g.kind)?.evaluators || ['strong', 'simple'];
  const select = $('eval-evaluator');
  for (const option of select.options) option.disabled = !offered.includes(option.value);
  if (!offered.includes(select.value)) {
    select.value = 'strong';
    explainer.evaluator = 'strong';
  }
  const open = $('eval-panel').open;
  explainer.refresh(open);
  const explanation = open ? explainer.current() : null;
  renderExplanation({ table: $('eval-table'), note: $('eval-note'), score: $('eval-score') },
    explanation, explainer, g.sides, (group) => {
      explainer.pick(group);
      renderExplainPanel();
    });
  ui.annotations.setValues(explainPoints(explanation, explainer.group));
  document.body.dataset.explained = explanation ? explanation.evaluator : 'none';
  document.body.dataset.explainedAt = explanation ? shownPosition()?.key ?? '' : '';
}

/**
 * Hovering a move of an analysis line shows the position after it on a
 * small board: the line's positions come from the server, once per line.
 */
const previews = new Map(); // line key → Promise of the position view
let previewBoard = null;
// Requests for the preview are numbered. An answer is drawn only while its
// move is still the one under the pointer, and not over a later answer drawn
// before it (answers may come back out of order). A redraw of the lines asks
// again without cancelling the answer in flight, so lines redrawn faster
// than the server answers cannot keep the preview from ever opening.
let previewRequest = 0;
let previewDrawn = 0;
// Where the pointer last was. A redraw of the lines replaces the element under
// a still pointer, and the browser sends no mouseover for its twin and may
// leave ':hover' stale until the pointer moves: what lies under the pointer is
// asked of the layout instead.
let pointerAt = null;
document.addEventListener('pointermove', (event) => { pointerAt = { x: event.clientX, y: event.clientY }; }, { passive: true });
document.addEventListener('mouseout', (event) => { if (!event.relatedTarget) pointerAt = null; });

/** The move of an analysis line under the pointer, if any. */
function lineMoveUnderPointer() {
  if (!pointerAt) return null;
  return document.elementFromPoint(pointerAt.x, pointerAt.y)?.closest('#analysis-lines .line-move') ?? null;
}

/** After the lines are redrawn: the preview follows the move now under the pointer, or closes. */
function followPointerAfterRedraw() {
  const under = lineMoveUnderPointer();
  if (under) showPreview({ target: under });
  else $('preview').hidden = true;
}

function baseCodes() {
  const g = ui.game;
  if (study.active) return study.codes();
  return g.moves.slice(0, ui.viewPly ?? g.plies).map((m) => m.code);
}

async function showPreview(event) {
  const target = event.target.closest('.line-move');
  if (!target) return;
  const g = ui.game;
  const latest = analysis.current();
  const item = target.closest('li');
  const line = latest?.lines[Number(item?.dataset.line)];
  if (!g || !line) return;
  const request = ++previewRequest;
  const index = Number(target.dataset.index);
  const base = baseCodes();
  const key = `${g.id}:${base.join(' ')}:${line.moves.join(' ')}`;
  if (!previews.has(key)) {
    previews.set(key, api.positionAfter({ game_id: String(g.id), ply: 0, moves: [...base, ...line.moves] }));
    if (previews.size > 50) previews.delete(previews.keys().next().value);
  }
  let view;
  try { view = await previews.get(key); } catch { return; }
  // The analysis redraws its lines as it deepens, so the element hovered may
  // have been replaced meanwhile by its twin under the same pointer.
  const shown = lineMoveUnderPointer();
  if (request < previewDrawn || !shown
    || shown.closest('li')?.dataset.line !== item.dataset.line || shown.dataset.index !== target.dataset.index) return;
  previewDrawn = request;
  const at = base.length + index + 1;
  const container = $('preview-board');
  if (!previewBoard || previewBoard.kind !== g.kind) {
    container.dataset.kind = g.kind;
    previewBoard = { kind: g.kind, board: BOARDS[g.kind](container) };
  }
  const popup = $('preview');
  popup.hidden = false;
  previewBoard.board.draw({
    snapshot: view.snapshots[at],
    size: g.size,
    flipped: ui.flipped,
    lastMove: view.moves[at - 1] ?? null,
    check: null,
    marks: null,
    selected: null,
    dests: [],
    coordinates: false,
    pieceStyle: ui.settings.pieceStyle,
    moveNumbers: ui.settings.moveNumbers,
    moves: view.moves.slice(0, at),
  });
  popup.dataset.ply = String(at);
  const box = shown.getBoundingClientRect();
  const left = Math.max(8, Math.min(window.innerWidth - 236, box.left - 240));
  const top = Math.max(8, Math.min(window.innerHeight - 260, box.top - 40));
  popup.style.left = `${left}px`;
  popup.style.top = `${top}px`;
}

function hidePreview(event) {
  if (!event.target.closest('.line-move')) return;
  $('preview').hidden = true;
}

/** Space: the analysis's best move, played when it is the player's turn on the live board. */
function playAnalysisMove() {
  const best = analysis.current()?.lines[0]?.moves[0];
  if (!best) return;
  if (study.active) { study.play(best); return; }
  if (!isLive() || !humanToMove()) return;
  send(best);
}

/** The last move and whose turn it is, for screen readers: "Move 3: White played e4. Black to move." */
function positionSentence(g) {
  const last = g.moves[g.moves.length - 1];
  const played = last ? `Move ${g.plies}: ${g.sides[last.side === 'first' ? 0 : 1]} played ${last.text}. ` : 'No move yet. ';
  if (g.ending) return `${played}${g.ending.text}.`;
  const side = g.sides[g.side_to_move === 'first' ? 0 : 1];
  return `${played}${side} to move${g.in_check ? ', in check' : ''}.`;
}

/** A move typed in the move box, in any notation the game reads. */
async function typedMove(event) {
  event.preventDefault();
  const input = $('move-input');
  const text = input.value.trim();
  if (!text || !ui.game) return;
  try {
    setGame(await api.move(ui.game.id, text, ui.game.plies, ui.game.version));
    input.value = '';
  } catch (err) {
    showMessage(err.message, 'error');
  }
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

/**
 * Asks before an action that cannot be taken back: a dialog whose OK
 * (Enter) runs `action` and whose Cancel (Esc) does nothing.
 */
function confirmThen(title, text, accept, action) {
  const dialog = $('confirm-dialog');
  $('confirm-title').textContent = title;
  $('confirm-text').textContent = text;
  $('confirm-accept').textContent = accept;
  dialog.returnValue = '';
  dialog.onclose = () => {
    // The close event is queued: one that arrives after the dialog opened
    // again (cancel, then at once a new question) is the earlier answer's.
    if (dialog.open) return;
    dialog.onclose = null;
    if (dialog.returnValue === 'accept') action();
    else { ui.selected = null; drawBoard(); }
  };
  dialog.showModal();
  $('confirm-accept').focus();
}

function reset() {
  const g = ui.game;
  if (!g) return;
  // Nothing to lose before the first move.
  if (g.plies === 0) return act(api.reset(g.id));
  confirmThen('Reset the game?', `The ${g.plies} move${g.plies === 1 ? '' : 's'} played will be taken back, all at once.`,
    'Reset', () => act(api.reset(g.id)));
}

function resign() {
  const g = ui.game;
  if (!g) return;
  confirmThen('Resign?', 'The game ends, lost for your side.', 'Resign', () => act(api.resign(g.id)));
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
  if (g.clock) body.clock = { initial_ms: g.clock.initial_ms, increment_ms: g.clock.increment_ms };
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

/** How a chess player would describe an opponent of this rating. */
function ratingWords(elo) {
  const bands = [[800, 'a beginner'], [1200, 'a casual player'], [1600, 'a club player'],
    [2000, 'a strong club player'], [2300, 'an expert'], [2500, 'a master']];
  const band = bands.find(([limit]) => elo < limit);
  return band ? band[1] : 'a grandmaster';
}

/** What the reference players of the measured tables are, for people. */
const REFERENCES = { 'seeds-caro': "the course's caro program" };

/**
 * How strong a level is, as a player reads it: "Plays like a club player
 * (about 1,430 Elo)"; the measurement's details go in the card's tooltip.
 */
function strengthWords(here) {
  if (here.elo == null) return 'Strength not measured yet.';
  const elo = Math.round(here.elo);
  if ((here.scale || '').includes('UCI_Elo')) {
    const rating = elo < 400 ? 'below 400 Elo' : `about ${elo.toLocaleString('en')} Elo`;
    return `Plays like ${ratingWords(elo)} (${rating}).`;
  }
  // A table anchored on a program, not on a rating: say how it compares.
  const anchor = /anchored on (\S+) =/.exec(here.scale || '')?.[1];
  const reference = REFERENCES[anchor] || anchor || 'the reference player';
  if (Math.abs(elo) < 100) return `About as strong as ${reference}.`;
  return elo > 0 ? `Stronger than ${reference}.` : `Weaker than ${reference}.`;
}

// What a level does in a game and how strong it measured, from /api/meta:
// the words a player reads, and the details (depth, evaluator, blur, the
// measured rating with its error bar) for the tooltip.
function levelInfo(level, game) {
  const entry = ui.meta.levels?.list?.find((l) => l.level === Number(level));
  if (!entry) return { words: '', details: '' };
  const here = entry.games?.[game] ?? {};
  const parts = [];
  if (entry.depth != null) parts.push(`depth ${entry.depth}`);
  if (here.nodes != null) parts.push(`${here.nodes.toLocaleString('en')} nodes a move`);
  if (entry.depth == null && here.nodes == null) parts.push('full strength within the time per move');
  parts.push(`${here.evaluator ?? entry.evaluator} evaluation`);
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
  return { words: strengthWords(here), details: parts.join(' · ') };
}

/** Shows a level's card: the words, with the details beneath in small type and as a tooltip. */
function showLevelInfo(element, level, game) {
  const { words, details } = levelInfo(level, game);
  element.textContent = words;
  element.title = details;
  element.dataset.details = details;
}

function setupNewDialog() {
  const form = $('new-form');
  const dialog = $('new-dialog');
  fillSelect($('new-game-kind'), ui.meta.games.map((g) => [g.kind, g.kind[0].toUpperCase() + g.kind.slice(1)]));
  for (const name of ['algorithm1', 'algorithm2']) {
    fillSelect(form.elements[name], ui.meta.algorithms.map((a) => [a, a]));
    form.elements[name].value = 'engine';
  }
  fillSelect($('new-clock'), TIME_CONTROLS);
  function refresh() {
    const description = describe(form.elements.game.value);
    fillSelectKeep(form.elements.rule, description.rules.map((r) => [r, r]));
    $('rule-field').hidden = description.rules.length < 2;
    fillSelectKeep(form.elements.size, description.sizes.map((s) => [s, `${s} × ${s}`]));
    $('size-field').hidden = description.sizes.length === 0;
    // Swap openings are gomoku's, from the empty board, without clocks.
    $('opening-field').hidden = form.elements.game.value !== 'gomoku';
    fillSelectKeep(form.elements.side, [['first', description.sides[0]], ['second', description.sides[1]]]);
    const mode = form.elements.mode.value;
    dialog.dataset.mode = mode;
    $('computer-first').hidden = mode === 'hvh';
    $('computer-first-title').textContent = mode === 'cvc' ? `${description.sides[0]} (computer)` : 'Computer';
    $('computer-second-title').textContent = `${description.sides[1]} (computer)`;
    $('position-hint').textContent = `(${description.position_format}, optional)`;
    const clocked = mode !== 'cvc' && form.elements.clock.value !== '';
    $('custom-clock').hidden = mode === 'cvc' || form.elements.clock.value !== 'custom';
    // With a clock the computer budgets its own time.
    $('movetime-field').hidden = mode === 'hvh' || clocked;
    $('level1-out').textContent = form.elements.level1.value;
    $('level2-out').textContent = form.elements.level2.value;
    showLevelInfo($('level1-info'), form.elements.level1.value, form.elements.game.value);
    showLevelInfo($('level2-info'), form.elements.level2.value, form.elements.game.value);
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
    if (mode !== 'cvc' && f.clock.value) body.clock = chosenClock(f);
    if (f.game.value === 'gomoku' && f.opening.value) body.opening = f.opening.value;
    $('new-error').textContent = '';
    try {
      await createGame(body);
      dialog.close();
    } catch (err) {
      $('new-error').textContent = err.message;
    }
  });
}

/** The time control picked in the new-game dialog, as the API takes it. */
function chosenClock(f) {
  if (f.clock.value === 'custom') {
    return {
      initial_ms: Math.round(Number(f.clockMinutes.value) * 60000),
      increment_ms: Math.round(Number(f.clockIncrement.value) * 1000),
    };
  }
  const [initial, increment] = f.clock.value.split('+').map(Number);
  return { initial_ms: initial * 1000, increment_ms: increment * 1000 };
}

/** The import dialog: a record pasted or read from a file becomes a new game between two people. */
function setupImportDialog() {
  fillSelect($('import-game'), ui.meta.games.map((g) => [g.kind, g.kind[0].toUpperCase() + g.kind.slice(1)]));
  const help = () => { $('import-help').textContent = describe($('import-game').value).move_help; };
  $('import-game').addEventListener('change', help);
  help();
  $('import-file').addEventListener('change', async (event) => {
    const file = event.target.files?.[0];
    if (file) $('import-text').value = await file.text();
  });
  $('import-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const game = $('import-game').value;
    const body = {
      game,
      record: $('import-text').value,
      players: { first: { type: 'human' }, second: { type: 'human' } },
    };
    $('import-error').textContent = '';
    try {
      await createGame(body);
      $('import-dialog').close();
    } catch (err) {
      $('import-error').textContent = err.message;
    }
  });
}

function openImportDialog() {
  $('import-error').textContent = '';
  if (ui.game) $('import-game').value = ui.game.kind;
  $('import-game').dispatchEvent(new Event('change'));
  $('import-dialog').showModal();
  $('import-text').focus();
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
  if (study.active) {
    const studyKeys = {
      ArrowLeft: () => (event.shiftKey ? study.switchLine(-1) : study.back()),
      ArrowRight: () => (event.shiftKey ? study.switchLine(1) : study.forward()),
      Home: () => study.start(), End: () => study.end(),
    };
    if (studyKeys[event.key]) {
      event.preventDefault();
      ui.selected = null;
      studyKeys[event.key]();
      return;
    }
  }
  const actions = {
    a: toggleStudy, A: toggleStudy,
    z: undo, Z: undo, r: reset, R: reset, f: flip, F: flip, n: openNewDialog, N: openNewDialog,
    m: () => $('move-input').focus(), M: () => $('move-input').focus(),
    '?': () => $('help-dialog').showModal(),
    l: () => analysis.toggle(), L: () => analysis.toggle(),
    e: toggleExplainPanel, E: toggleExplainPanel,
    ' ': playAnalysisMove,
    ArrowLeft: () => review(-1), ArrowRight: () => review(1),
    Home: () => review('first'), End: () => review('last'),
    Escape: () => { unzoomBoard(); ui.selected = null; ui.premove = null; closePromotion(); drawBoard(); },
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
  $('zoom-out-button').addEventListener('click', unzoomBoard);
  $('undo-button').addEventListener('click', undo);
  $('reset-button').addEventListener('click', reset);
  $('analysis-button').addEventListener('click', () => analysis.toggle());
  $('review-button').addEventListener('click', reviewGame);
  $('searchmap-panel').addEventListener('toggle', renderSearchMapPanel);
  $('eval-panel').addEventListener('toggle', renderExplainPanel);
  $('eval-evaluator').addEventListener('change', (event) => {
    explainer.evaluator = event.target.value;
    renderExplainPanel();
  });
  $('analysis-lines').addEventListener('mouseover', showPreview);
  $('analysis-lines').addEventListener('mouseout', hidePreview);
  $('study-button').addEventListener('click', toggleStudy);
  $('study-close').addEventListener('click', toggleStudy);
  $('study-promote').addEventListener('click', () => study.promote());
  $('study-delete').addEventListener('click', () => study.remove());
  $('study-continue').addEventListener('click', continueFromStudy);
  $('study-text-button').addEventListener('click', openStudyText);
  $('study-text-copy').addEventListener('click', () => navigator.clipboard?.writeText($('study-text').value));
  $('study-text-import').addEventListener('click', importStudyText);
  $('study-comment').addEventListener('input', (event) => study.setComment(event.target.value));
  $('study-comment').addEventListener('change', () => render());
  $('analysis-lines-count').addEventListener('change', (event) => analysis.setLines(Number(event.target.value)));
  $('move-entry').addEventListener('submit', typedMove);
  $('flip-button').addEventListener('click', flip);
  $('resign-button').addEventListener('click', () => {
    resign();
  });
  $('pause-button').addEventListener('click', () => {
    if (ui.game) act(api.control(ui.game.id, ui.game.paused ? 'resume' : 'pause'));
  });
  $('step-button').addEventListener('click', () => ui.game && act(api.control(ui.game.id, 'step')));
  $('move-now-button').addEventListener('click', () => ui.game && act(api.control(ui.game.id, 'stop')));
  $('position-button').addEventListener('click', openPositionDialog);
  $('import-button').addEventListener('click', openImportDialog);
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
  window.addEventListener('hashchange', async () => {
    const id = hashGameId();
    const view = hashView();
    try {
      if (id && (!ui.game || String(ui.game.id) !== id)) await openGame(id);
      showHashView(view);
    } catch (err) {
      showMessage(err.message, 'error');
    }
  });
}

function hashGameId() {
  const match = /game=(\d+)/.exec(location.hash);
  return match ? match[1] : null;
}

/**
 * What a link asks the page to show besides the game (the lab's "why this
 * move?" links here): `ply=N` the position after N moves, `show=searchmap`
 * its search map (the computer's search if it made the one shown, else a
 * live analysis started for it), `show=evaluation` its evaluation explained.
 */
function hashView() {
  const query = new URLSearchParams(location.hash.slice(1));
  const ply = query.has('ply') ? Number(query.get('ply')) : null;
  return { ply: Number.isInteger(ply) && ply >= 0 ? ply : null, show: query.get('show') };
}

function showHashView({ ply, show }) {
  const g = ui.game;
  if (!g) return;
  if (ply !== null) ui.viewPly = ply >= g.plies ? null : ply;
  if (show === 'searchmap') $('searchmap-panel').open = true;
  if (show === 'evaluation') $('eval-panel').open = true;
  render();
  if (show === 'searchmap' && !searchMapSource() && !analysis.on) analysis.toggle();
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
  setupImportDialog();
  setupSettingsDialog();
  setupPositionDialog();
  wireButtons();
  const id = hashGameId() || localStorage.getItem('banco.lastGame');
  const view = hashView();
  if (id) {
    try {
      await openGame(id);
      showHashView(view);
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
