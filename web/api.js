// The server's HTTP API and the game's WebSocket feed.

/** An error the server answered, with its code and message. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    throw new ApiError(0, 'network', `cannot reach the server: ${err.message}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let code = 'http';
    let message = text || response.statusText;
    try {
      const parsed = JSON.parse(text);
      code = parsed.error.code;
      message = parsed.error.message;
    } catch { /* not JSON: keep the text */ }
    throw new ApiError(response.status, code, message);
  }
  const type = response.headers.get('Content-Type') || '';
  return type.includes('application/json') ? JSON.parse(text) : text;
}

export const api = {
  meta: () => request('GET', '/api/meta'),
  list: () => request('GET', '/api/games'),
  create: (body) => request('POST', '/api/games', body),
  get: (id) => request('GET', `/api/games/${id}`),
  // `ply` and `version` are what the page saw: a move against other moves is refused.
  move: (id, move, ply, version) => request('POST', `/api/games/${id}/moves`, { move, ply, version }),
  undo: (id) => request('POST', `/api/games/${id}/undo`, {}),
  reset: (id) => request('POST', `/api/games/${id}/reset`, {}),
  resign: (id) => request('POST', `/api/games/${id}/resign`, {}),
  // A choice in a swap opening: black, white or two (stones more).
  opening: (id, choice, ply, version) => request('POST', `/api/games/${id}/opening`, { choice, ply, version }),
  position: (id, position) => request('POST', `/api/games/${id}/position`, { position }),
  players: (id, players) => request('POST', `/api/games/${id}/players`, { players }),
  control: (id, action) => request('POST', `/api/games/${id}/control`, { action }),
  exportText: (id, format) => request('GET', `/api/games/${id}/export?format=${encodeURIComponent(format)}`),
  positionAfter: (body) => request('POST', '/api/positions', body),
  evaluation: (body) => request('POST', '/api/evaluation', body),
  review: (id, body = {}) => request('POST', `/api/games/${id}/review`, body),
  labRace: (body) => request('POST', '/api/lab/race', body),
  labTree: (body) => request('POST', '/api/lab/tree', body),
};

/**
 * Follows a game's feed, reconnecting after a drop. `onMessage` gets each
 * parsed message. Returns a function that closes it for good.
 */
export function follow(id, onMessage, onStatus) {
  let socket = null;
  let closed = false;
  let delay = 500;
  function open() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws`);
    socket.addEventListener('open', () => { delay = 500; onStatus(true); });
    socket.addEventListener('message', (event) => {
      try { onMessage(JSON.parse(event.data)); } catch { /* ignore a broken message */ }
    });
    socket.addEventListener('close', () => {
      onStatus(false);
      if (closed) return;
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    });
  }
  open();
  return () => { closed = true; if (socket) socket.close(); };
}
