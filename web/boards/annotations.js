// Arrows and circles a player draws on any board with the right mouse
// button, as on lichess: drag from one point to another for an arrow, click
// a point for a circle; the same again takes it away. Shift draws in red,
// Alt in blue, otherwise green. They belong to the position they were drawn
// on and stay while the page is open; a left click on the board clears them.
// The engine's best move, while live analysis runs, is drawn beside them in
// its own colour (set with `setEngine`); the player's clicks leave it alone.

import { svg, toSvgPoint } from './svg.js';

const COLOURS = ['green', 'red', 'blue'];

function colourOf(event) {
  if (event.shiftKey) return 'red';
  if (event.altKey) return 'blue';
  return 'green';
}

/**
 * Wires annotations on `board` (root, pointAt, screenPoint). `positionKey()`
 * names the position shown (its snapshot), so each position keeps its own.
 * Returns `{ render, clear }`: `render()` after every drawing of the board.
 */
export function attachAnnotations(board, positionKey) {
  const root = board.root;
  const layer = svg('g', { class: 'annotations' });
  const defs = svg('defs', {}, [...COLOURS, 'engine'].map((colour) => svg('marker', {
    id: `arrowhead-${colour}`, class: `arrowhead ${colour}`, viewBox: '0 0 10 10', refX: 5, refY: 5,
    markerWidth: 3, markerHeight: 3, orient: 'auto-start-reverse',
  }, [svg('path', { d: 'M0,0 L10,5 L0,10 z' })])));
  const byPosition = new Map(); // position → Map(id → { from, to, colour })
  let start = null; // { key, colour } while the right button is down
  let engine = []; // [{ from, to }]: the engine's moves, on whatever is shown
  let heat = []; // [{ at, share }]: the search map's shades
  let values = []; // [{ at, value, share, label }]: the evaluation's terms per point

  function marks() {
    const key = positionKey();
    if (!byPosition.has(key)) byPosition.set(key, new Map());
    return byPosition.get(key);
  }

  /** A point's centre in the board's own units. */
  function centre(key) {
    const screen = board.screenPoint(key);
    return toSvgPoint(root, screen.x, screen.y);
  }

  function toggle(from, to, colour) {
    const current = marks();
    const id = `${from}-${to}`;
    if (current.get(id)?.colour === colour) current.delete(id);
    else current.set(id, { from, to, colour });
    render();
  }

  function render() {
    // The board redraws its own layers; this one goes back on top.
    if (layer.parentNode !== root || root.lastChild !== layer) root.append(layer);
    if (defs.parentNode !== root) root.prepend(defs);
    layer.replaceChildren();
    drawHeat();
    drawValues();
    const current = byPosition.get(positionKey());
    root.dataset.annotations = String(current?.size ?? 0);
    const drawn = [...(current?.values() ?? []), ...engine.map((m) => ({ ...m, colour: 'engine' }))];
    const view = root.viewBox.baseVal;
    const unit = Math.max(view.width, view.height) / 100;
    for (const { from, to, colour } of drawn) {
      const a = centre(from);
      if (!a) continue;
      if (from === to) {
        layer.append(svg('circle', {
          cx: a.x, cy: a.y, r: unit * 5, class: `circle ${colour}`, 'stroke-width': unit * 0.9, 'data-at': from,
        }));
        continue;
      }
      const b = centre(to);
      if (!b) continue;
      // Stop short of the centre, so the head does not cover the piece.
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      const shorten = Math.min(unit * 3, length / 3);
      const end = { x: b.x - ((b.x - a.x) / length) * shorten, y: b.y - ((b.y - a.y) / length) * shorten };
      layer.append(svg('line', {
        x1: a.x, y1: a.y, x2: end.x, y2: end.y, class: `arrow ${colour}`, 'stroke-width': unit * 1.6,
        'marker-end': `url(#arrowhead-${colour})`, 'data-from': from, 'data-to': to,
      }));
    }
  }

  /** Half the distance between the two closest of `points`, capped: a shade fills its point, not its neighbours'. */
  function shadeRadius(points, unit) {
    let spacing = unit * 12;
    for (const a of points) {
      for (const b of points) {
        if (a !== b) spacing = Math.min(spacing, Math.hypot(a.c.x - b.c.x, a.c.y - b.c.y) || spacing);
      }
    }
    return Math.min(unit * 5.5, spacing * 0.48);
  }

  /** The evaluation explained: a square on each point, the first player's colour or the second's, as strong as its worth. */
  function drawValues() {
    if (!values.length) return;
    const view = root.viewBox.baseVal;
    const unit = Math.max(view.width, view.height) / 100;
    const points = values.map((p) => ({ ...p, c: centre(p.at) })).filter((p) => p.c);
    const half = shadeRadius(points, unit);
    for (const { at, value, share, label, c } of points) {
      const side = value > 0 ? 'first' : 'second';
      layer.append(svg('rect', {
        x: c.x - half, y: c.y - half, width: half * 2, height: half * 2, rx: half * 0.25,
        class: `eval-shade ${side}`, 'data-at': at, 'data-value': value.toFixed(2),
        'fill-opacity': (0.12 + 0.6 * share).toFixed(2),
      }));
      if (label) {
        layer.append(svg('text', {
          x: c.x, y: c.y + half * 0.85, class: 'eval-label', 'font-size': half * 0.62, 'text-anchor': 'middle',
        }, `${value > 0 ? '+' : ''}${Math.round(value)}`));
      }
    }
  }

  /** The search map: a shade on each point, as dark as its share of the nodes, with the share written. */
  function drawHeat() {
    if (!heat.length) return;
    const view = root.viewBox.baseVal;
    const unit = Math.max(view.width, view.height) / 100;
    const points = heat.map(({ at, share }) => ({ at, share, c: centre(at) })).filter((p) => p.c);
    const radius = shadeRadius(points, unit);
    for (const { at, share, c } of points) {
      layer.append(svg('circle', {
        cx: c.x, cy: c.y, r: radius, class: 'heat', 'data-at': at, 'data-share': share.toFixed(3),
        'fill-opacity': (0.15 + 0.7 * Math.min(1, share * 2)).toFixed(2),
      }));
      if (share >= 0.03) {
        layer.append(svg('text', {
          x: c.x, y: c.y + radius * 0.25, class: 'heat-label', 'font-size': radius * 0.7, 'text-anchor': 'middle',
        }, `${Math.round(share * 100)}`));
      }
    }
  }

  root.addEventListener('pointerdown', (event) => {
    if (event.button === 0) {
      if (byPosition.get(positionKey())?.size) {
        byPosition.delete(positionKey());
        render();
      }
      return;
    }
    if (event.button !== 2) return;
    const key = board.pointAt(event.clientX, event.clientY);
    if (key) start = { key, colour: colourOf(event) };
  });
  root.addEventListener('pointerup', (event) => {
    if (event.button !== 2 || !start) return;
    const key = board.pointAt(event.clientX, event.clientY);
    const { key: from, colour } = start;
    start = null;
    if (key) toggle(from, key, colour);
  });

  return {
    render,
    clear() {
      byPosition.clear();
      render();
    },
    /** The search map's shades to draw (`[]` for none). */
    setHeat(points) {
      heat = points;
      render();
    },
    /** The evaluation's worth per point to draw (`[]` for none). */
    setValues(points) {
      values = points;
      render();
    },
    /** The engine's moves to draw (`[]` for none). */
    setEngine(moves) {
      engine = moves;
      render();
    },
  };
}
