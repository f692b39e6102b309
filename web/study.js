// The analysis board: from any position of a game, moves played freely into
// a tree of variations (variations.js) without touching the game. Each
// position's board, legal moves and notation come from the server
// (POST /api/positions: the game's start plus the line's moves), kept per
// node once fetched.

import { api } from './api.js';
import {
  treeOf, addMove, lineTo, depthOf, down, sibling, promote, remove, exportMovetext, parseMovetext, leafLines,
} from './variations.js';

/**
 * The analysis board of the page: `game()` is the game shown, `changed()`
 * redraws, `failed(message)` tells the player.
 */
export function createStudy({ game, changed, failed }) {
  let study = null; // { gameId, root, node, views: Map(node → position view) }
  // Closing keeps the tree: opened again on the same game, its lines are there.
  let shown = false;

  async function fetchView(node) {
    const g = game();
    if (study.views.has(node)) return study.views.get(node);
    const view = await api.positionAfter({ game_id: String(g.id), ply: 0, moves: lineTo(node).map((m) => m.code) });
    study.views.set(node, view);
    return view;
  }

  /** Goes to `node`, fetching its position first. */
  async function go(node) {
    if (!study) return;
    study.node = node;
    changed();
    try {
      await fetchView(node);
    } catch (err) {
      failed(err.message);
    }
    if (study?.node === node) changed();
  }

  /** The options that number the game's moves in text. */
  function numbering() {
    const g = game();
    const fields = (g.start || '').split(' ');
    const pairs = g.kind !== 'gomoku';
    const firstNumber = pairs ? Number(fields[5]) || 1 : 1;
    const startsWithSecond = pairs && study?.views.get(study.root)?.side_to_move === 'second';
    return { pairs, firstNumber, startsWithSecond };
  }

  return {
    get active() { return shown && Boolean(study) && study.gameId === game()?.id; },
    get root() { return study?.root; },
    get node() { return study?.node; },
    /** The position shown, once fetched. */
    view() { return study ? study.views.get(study.node) ?? null : null; },
    /** The moves from the game's start to the node shown, as codes. */
    codes() { return study ? lineTo(study.node).map((m) => m.code) : []; },
    depth() { return study ? depthOf(study.node) : 0; },
    numbering,
    /** Opens the board on the game's position after `ply` moves, the game's moves as its main line. */
    open(ply) {
      const g = game();
      if (!study || study.gameId !== g.id) {
        study = { gameId: g.id, root: treeOf([]), node: null, views: new Map() };
      }
      // The game's moves are a line of the tree (its main line unless the
      // player promoted another); the board opens where the game is shown.
      let node = study.root;
      let target = node;
      g.moves.forEach((move, index) => {
        node = addMove(node, move);
        if (index < ply) target = node;
      });
      study.node = target;
      shown = true;
      // The root's view tells who moves first (for numbering the text).
      fetchView(study.root).then(changed).catch(() => {});
      return go(target);
    },
    close() {
      shown = false;
      changed();
    },
    /** Plays `code` from the node shown: into its line if known, else as a new side line. */
    async play(code) {
      if (!study) return;
      const from = study.node;
      const known = from.children.find((child) => child.move.code === code);
      if (known) { await go(known); return; }
      try {
        const g = game();
        const view = await api.positionAfter({ game_id: String(g.id), ply: 0, moves: [...lineTo(from).map((m) => m.code), code] });
        const child = addMove(from, view.moves[view.moves.length - 1]);
        study.views.set(child, view);
        await go(child);
      } catch (err) {
        failed(err.message);
      }
    },
    back() { if (study?.node.parent) go(study.node.parent); },
    forward() { if (study?.node.children.length) go(study.node.children[0]); },
    start() { if (study) go(study.root); },
    end() { if (study) go(down(study.node, Infinity)); },
    /** To the line before (-1) or after (+1) the one shown, at its branching. */
    switchLine(step) { if (study) go(sibling(study.node, step)); },
    go,
    promote() {
      if (!study) return;
      promote(study.node);
      changed();
    },
    remove() {
      if (!study || !study.node.parent) return;
      const parent = remove(study.node);
      go(parent);
    },
    setComment(text) {
      if (study) study.node.comment = text;
    },
    /** The whole tree as text (PGN movetext; a header for chess). */
    exportText() {
      const g = game();
      const movetext = exportMovetext(study.root, numbering());
      if (g.kind !== 'chess') {
        const header = [`[Game "${g.kind}"]`];
        if (g.rule) header.push(`[Rule "${g.rule}"]`);
        if (g.start) header.push(`[Position "${g.start}"]`);
        return `${header.join('\n')}\n\n${movetext}\n`;
      }
      const header = ['[Event "Banco analysis"]', '[Result "*"]'];
      if (g.start) header.push('[SetUp "1"]', `[FEN "${g.start}"]`);
      return `${header.join('\n')}\n\n${movetext}\n`;
    },
    /**
     * Reads an exported tree back onto this game's start: every line is
     * played through the server, so a move that is not legal is named.
     */
    async importText(text) {
      const g = game();
      const parsed = parseMovetext(text);
      const root = treeOf([]);
      const views = new Map();
      root.comment = parsed.comment;
      for (const line of leafLines(parsed)) {
        const view = await api.positionAfter({ game_id: String(g.id), ply: 0, moves: line.map((n) => n.text) });
        let node = root;
        view.moves.forEach((move, index) => {
          node = addMove(node, move);
          if (line[index].comment) node.comment = line[index].comment;
        });
        views.set(node, view);
      }
      study = { gameId: g.id, root, node: root, views };
      shown = true;
      fetchView(root).then(changed).catch(() => {});
      await go(root);
    },
  };
}
