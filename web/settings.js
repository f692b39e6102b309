// Settings kept in the browser: theme, board colours, piece style, helpers.

const KEY = 'banco.settings';

export const DEFAULTS = {
  theme: 'auto', // auto, light, dark
  boardTheme: 'wood', // wood, blue, green, grey
  pieceStyle: 'chinese', // xiangqi: chinese or letters
  coordinates: true,
  showDests: true,
  moveNumbers: true, // gomoku: numbers on stones
  confirmMoves: false, // ask before every move is sent
  confirmForbidden: true, // renju: ask before black plays a forbidden point (which loses)
  sound: false, // sounds for moves, captures, checks and the end of a game
  autoQueen: false, // chess: a pawn reaching the last rank becomes a queen without asking
};

export function loadSettings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || '{}') };
  } catch {
    return { ...DEFAULTS };
  }
}

export function saveSettings(settings) {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

/** Puts the theme and board colours on the page. */
export function applySettings(settings) {
  const dark = settings.theme === 'dark'
    || (settings.theme === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.dataset.board = settings.boardTheme;
}
