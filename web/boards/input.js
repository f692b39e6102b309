// Click-click and drag input for any board. The board says which point lies
// under the pointer and which side's piece stands there; this module turns
// pointer events into "select", "move" and "place" calls. A drag shorter than
// a few pixels is a click, so both styles work on a mouse and on a touch screen.

import { toSvgPoint } from './svg.js';

const DRAG_THRESHOLD_PX = 5;

/**
 * Wires pointer input on `board` (an object with root, pointAt, pieceNode).
 * `handlers`: canPick(key) → bool, select(key|null), move(from, to), place(key),
 * selected() → key|null.
 */
export function attachInput(board, handlers) {
  const root = board.root;
  let press = null; // { key, x, y, dragging, ghost, node, wasSelected }

  function endDrag() {
    if (!press) return;
    if (press.ghost) press.ghost.remove();
    if (press.node) press.node.classList.remove('dragging');
    press = null;
  }

  root.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const key = board.pointAt(event.clientX, event.clientY);
    if (!key) return;
    event.preventDefault();
    const selected = handlers.selected();
    if (handlers.canPick(key)) {
      press = { key, x: event.clientX, y: event.clientY, dragging: false, ghost: null, node: board.pieceNode(key), wasSelected: selected === key };
      handlers.select(key);
      root.setPointerCapture(event.pointerId);
    } else if (selected) {
      handlers.move(selected, key);
    } else {
      handlers.place(key);
    }
  });

  root.addEventListener('pointermove', (event) => {
    if (!press) return;
    const distance = Math.hypot(event.clientX - press.x, event.clientY - press.y);
    if (!press.dragging && distance >= DRAG_THRESHOLD_PX && press.node) {
      press.dragging = true;
      press.ghost = press.node.cloneNode(true);
      press.ghost.classList.add('ghost');
      press.ghost.removeAttribute('data-key');
      press.node.classList.add('dragging');
      board.overlay().append(press.ghost);
    }
    if (press.dragging) {
      const point = toSvgPoint(root, event.clientX, event.clientY);
      if (point) press.ghost.setAttribute('transform', `translate(${point.x} ${point.y})`);
    }
  });

  root.addEventListener('pointerup', (event) => {
    if (!press) return;
    const { key, dragging, wasSelected } = press;
    endDrag();
    const target = board.pointAt(event.clientX, event.clientY);
    if (dragging) {
      if (target && target !== key) handlers.move(key, target);
      else handlers.select(key);
    } else if (wasSelected) {
      // A second click on the selected piece puts it down.
      handlers.select(null);
    }
  });

  root.addEventListener('pointercancel', () => {
    endDrag();
  });
  // Right-click cancels a selection or a drag.
  root.addEventListener('contextmenu', (event) => {
    event.preventDefault();
    endDrag();
    handlers.select(null);
  });
}
