// The game's clocks on the page. The server keeps the time and ends the game
// when a flag falls; the page only counts down between its messages, from
// the time left the last message gave and the moment it arrived, so a page
// whose own clock is set wrong still shows the right time.

/** Time controls offered in the new-game dialog: [value, label]. */
export const TIME_CONTROLS = [
  ['', 'No clock'],
  ['180+2', '3 + 2 (blitz)'],
  ['300+0', '5 + 0 (blitz)'],
  ['600+5', '10 + 5 (rapid)'],
  ['900+10', '15 + 10 (rapid)'],
  ['1800+0', '30 + 0 (classical)'],
  ['custom', 'Custom…'],
];

/** A time control as `5 + 3` (minutes and seconds of increment). */
export function controlText(clock) {
  const minutes = clock.initial_ms / 60000;
  const initial = Number.isInteger(minutes) ? String(minutes) : `${clock.initial_ms / 1000} s`;
  return `${initial} + ${clock.increment_ms / 1000}`;
}

/** Time left as a clock shows it: 1:05:09, 4:59, and tenths under ten seconds (0:09.3). */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(left / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (n) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * Whether a clock is low: under twenty seconds, or under a fifth of the
 * starting time when that is shorter (a one-minute game warns at 12 s).
 */
export function isLow(ms, clock) {
  return ms < Math.min(20000, clock.initial_ms / 5);
}

/**
 * Keeps the clock elements of a page counting: `track(game)` after every
 * message; `onLow(side)` once per side and game when its time turns low
 * while it runs.
 */
export function createClockTicker(elements, onLow) {
  let base = null; // { game id, remaining, running, at }
  let timer = null;
  const warned = new Set();

  function left(side) {
    const index = side === 'first' ? 0 : 1;
    const elapsed = base.running === side ? performance.now() - base.at : 0;
    return base.remaining[index] - elapsed;
  }

  function paint() {
    if (!base) return;
    for (const side of ['first', 'second']) {
      const el = elements(side);
      if (!el) continue;
      const ms = left(side);
      el.textContent = clockText(ms);
      el.classList.toggle('running', base.running === side);
      const low = isLow(ms, base.clock);
      el.classList.toggle('low', low);
      el.dataset.ms = String(Math.max(0, Math.round(ms)));
      if (low && base.running === side && !warned.has(`${base.id}:${side}`)) {
        warned.add(`${base.id}:${side}`);
        onLow(side);
      }
    }
  }

  return {
    track(game) {
      clearInterval(timer);
      timer = null;
      if (!game.clock) {
        base = null;
        return;
      }
      base = {
        id: game.id,
        clock: game.clock,
        remaining: game.clock.remaining_ms,
        running: game.ending ? null : game.clock.running,
        at: performance.now(),
      };
      paint();
      if (base.running) timer = setInterval(paint, 100);
    },
    paint,
  };
}
