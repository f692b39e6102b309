// Sounds for the game's events, synthesized (no sound files): a move, a
// capture, a check, the end of a game. Off unless the player turns them on.

let context = null;

/** The tones of each sound: [frequency in Hz, start in s, length in s]. */
const TONES = {
  move: [[520, 0, 0.07]],
  capture: [[330, 0, 0.06], [250, 0.07, 0.09]],
  check: [[700, 0, 0.08], [880, 0.1, 0.1]],
  end: [[523, 0, 0.12], [659, 0.13, 0.12], [784, 0.26, 0.2]],
  lowtime: [[988, 0, 0.05], [988, 0.12, 0.05]],
};

/**
 * Which sound the change from `before` to `after` calls for, or null: the
 * end of the game, a check, a capture (a piece fewer on the board), a move.
 */
export function soundFor(before, after) {
  if (!before || before.id !== after.id || after.plies <= before.plies) return null;
  if (after.ending && !before.ending) return 'end';
  if (after.in_check) return 'check';
  // The board part of a FEN snapshot counts the pieces (letters).
  const pieces = (game) => ((game.snapshots?.[game.plies] ?? '').split(' ')[0].match(/[a-zA-Z]/g) || []).length;
  if (after.kind !== 'gomoku' && pieces(after) < pieces(before)) return 'capture';
  return 'move';
}

/** Plays `name` (and marks it on the page, for tests and curious players). */
export function playSound(name) {
  document.body.dataset.sound = name;
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  context ??= new Audio();
  const now = context.currentTime;
  for (const [frequency, start, length] of TONES[name] ?? []) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.12, now + start);
    gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length);
  }
}
