// Small helpers for drawing boards as SVG.

const NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element with attributes and children (strings become text). */
export function svg(name, attrs = {}, children = []) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/** The SVG user coordinates of a point on the screen. */
export function toSvgPoint(root, clientX, clientY) {
  const matrix = root.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}

/** Reads the piece placement of a FEN into rows of characters, top row first. */
export function placementRows(fen) {
  const placement = (fen || '').split(' ')[0];
  return placement.split('/').map((row) => {
    const cells = [];
    for (const ch of row) {
      if (ch >= '0' && ch <= '9') {
        for (let i = 0; i < Number(ch); i += 1) cells.push(null);
      } else {
        cells.push(ch);
      }
    }
    return cells;
  });
}
