// Live analysis: the engine on the position the page shows, 1 to 5 lines,
// every iteration as it comes, until it is switched off. The server runs it
// on its own socket (/api/analysis/ws) with the same permits as the
// computer's moves; this module keeps that socket, asks again whenever the
// shown position changes, and draws the lines.

import { scoreText } from './panels.js';

/** The most lines the server gives. */
export const MAX_LINES = 5;
/** Moves of a line shown; the rest would only wrap. */
const SHOWN_MOVES = 12;

/**
 * The squares a move code joins, for an arrow: UCI and ICCS codes are two
 * points (a promotion's letter aside); a gomoku code is one point.
 */
export function codeSquares(kind, code) {
  if (!code) return null;
  if (kind === 'gomoku') return { from: code, to: code };
  const match = /^([a-i]\d)([a-i]\d)/.exec(code);
  return match ? { from: match[1], to: match[2] } : null;
}

/**
 * Live analysis wired to the page: `position()` names what to analyse
 * (`{ key, request }`, or null for nothing), `onChange()` is called when
 * there is something new to draw. Returns the controller.
 */
export function createAnalysis({ position, onChange }) {
  const state = {
    on: false,
    lines: 3,
    socket: null,
    id: null, // the analysis the server started for `key`
    key: null, // the position asked about last
    pendingKey: null, // asked, not yet started
    latest: null, // the last iteration for `key`
    status: 'off',
  };

  function send(message) {
    if (state.socket?.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/api/analysis/ws`);
    state.socket = socket;
    socket.addEventListener('open', () => { state.key = null; refresh(); });
    socket.addEventListener('message', (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      receive(message);
    });
    socket.addEventListener('close', () => {
      if (state.socket !== socket) return;
      state.socket = null;
      // Dropped while on: try again shortly.
      if (state.on) setTimeout(() => { if (state.on && !state.socket) connect(); }, 1000);
    });
  }

  function receive(message) {
    if (message.type === 'started') {
      state.id = message.id;
      state.key = state.pendingKey;
      state.latest = null;
      state.status = 'waiting';
    } else if (message.type === 'analysis' && message.id === state.id) {
      state.latest = message;
      state.status = 'running';
    } else if (message.type === 'done' && message.id === state.id) {
      state.status = message.reason;
    } else if (message.type === 'error') {
      state.status = 'error';
      state.error = message.message;
    } else {
      return;
    }
    onChange();
  }

  /** Asks about the shown position if it is not the one analysed. */
  function refresh() {
    if (!state.on) return;
    const wanted = position();
    if (!wanted) return;
    if (wanted.key === state.key || wanted.key === state.pendingKey) return;
    if (!state.socket) { connect(); return; }
    if (state.socket.readyState !== WebSocket.OPEN) return; // `open` refreshes
    state.pendingKey = wanted.key;
    state.latest = null;
    send({ type: 'start', ...wanted.request, lines: state.lines });
  }

  return {
    get on() { return state.on; },
    get lines() { return state.lines; },
    get status() { return state.status; },
    get error() { return state.error; },
    /** The last iteration, if it is about the position shown now. */
    current() {
      const wanted = position();
      return state.on && wanted && state.key === wanted.key ? state.latest : null;
    },
    toggle() {
      state.on = !state.on;
      if (state.on) {
        state.status = 'waiting';
        refresh();
      } else {
        send({ type: 'stop' });
        state.key = null;
        state.pendingKey = null;
        state.latest = null;
        state.status = 'off';
      }
      onChange();
    },
    setLines(n) {
      state.lines = Math.max(1, Math.min(MAX_LINES, n));
      // The same position again, with the new number of lines.
      state.key = null;
      state.pendingKey = null;
      refresh();
    },
    refresh,
  };
}

/**
 * Draws the analysis into `list` and `status`: one item per line with its
 * score from the first player's side (as the rest of the page), its depth
 * and its moves.
 */
export function renderAnalysis(analysis, { list, status, firstName }) {
  const latest = analysis.current();
  status.textContent = statusText(analysis, latest, firstName);
  if (!latest) {
    list.replaceChildren();
    return;
  }
  list.replaceChildren(...latest.lines.map((line, index) => {
    const item = document.createElement('li');
    item.dataset.line = String(index);
    item.dataset.move = line.moves[0] ?? '';
    const score = document.createElement('span');
    score.className = 'line-score';
    score.textContent = scoreText(line.score_first);
    const moves = document.createElement('span');
    moves.className = 'line-moves';
    // Each move its own element, so hovering one can show the position after it.
    line.moves_text.slice(0, SHOWN_MOVES).forEach((text, at) => {
      const move = document.createElement('span');
      move.className = 'line-move';
      move.dataset.index = String(at);
      move.textContent = text;
      moves.append(move, ' ');
    });
    if (line.moves_text.length > SHOWN_MOVES) moves.append('…');
    item.append(score, moves);
    return item;
  }));
}

function statusText(analysis, latest, firstName) {
  if (!analysis.on) return 'Off. Press L to let the engine analyse the position shown.';
  if (analysis.status === 'error') return `Error: ${analysis.error}`;
  if (analysis.status === 'game_over') return 'The game is over here: nothing to analyse.';
  if (!latest) return 'Waiting for the engine…';
  const seconds = (latest.time_ms / 1000).toFixed(1);
  const nodes = Number(latest.nodes).toLocaleString('en-US');
  const state = analysis.status === 'running' ? '' : ` · ${analysis.status}`;
  return `Depth ${latest.depth}/${latest.seldepth} · ${nodes} nodes · ${seconds} s · scores for ${firstName}${state}`;
}
