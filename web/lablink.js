// Links into the AI lab (/lab): the state of a lab view as a query string,
// and the settings a computer player searched with, for "Why this move?".

/** The race's depth when nothing else says: deep enough to show pruning, quick enough to wait for. */
export const DEFAULT_DEPTH = { chess: 4, xiangqi: 4, gomoku: 3 };
/** The deepest race the server runs. */
export const MAX_RACE_DEPTH = 6;
/** The deepest tree the server draws. */
export const MAX_TREE_DEPTH = 4;
/** The tree's depth when nothing else says: small enough to read. */
export const DEFAULT_TREE_DEPTH = 2;

// Levels 1–5 search to a fixed depth (docs/levels.md); the others stop on
// nodes or time, so the lab uses the game's usual depth for them. The
// server's /api/meta lists each level's settings; this table is the
// fallback when it does not.
const LEVEL_DEPTHS = { 1: 1, 2: 1, 3: 2, 4: 3, 5: 4 };

function levelSettings(level, levels) {
  return (levels || []).find((entry) => entry.level === Number(level)) || null;
}

/** The evaluator a level plays with: levels 1–4 the simple one, 5–10 the strong one. */
export function evaluatorForLevel(level, levels) {
  const listed = levelSettings(level, levels)?.evaluator;
  if (listed === 'simple' || listed === 'strong') return listed;
  return Number(level) <= 4 ? 'simple' : 'strong';
}

/** The race depth that matches a computer player's search. */
export function depthForPlayer(player, kind, levels) {
  const listed = levelSettings(player.level, levels);
  let depth = listed ? (listed.depth ?? null) : (LEVEL_DEPTHS[player.level] ?? null);
  if (player.depth) depth = depth === null ? player.depth : Math.min(depth, player.depth);
  if (depth === null) depth = DEFAULT_DEPTH[kind] ?? 4;
  return Math.max(1, Math.min(MAX_RACE_DEPTH, depth));
}

/** A lab URL from its parameters (undefined, null and '' are left out). */
export function labUrl(params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  return `/lab?${query}`;
}

/**
 * "Why this move?": the lab on the position the computer chose the move of
 * `ply` (1-based: the move that led to the position after `ply` plies), with
 * that computer's evaluator and depth (`levels`: /api/meta's list of level
 * settings, if the server gives it). Null when that move is not a computer's.
 */
export function whyThisMoveUrl(game, ply, levels) {
  if (!game || ply < 1 || ply > game.moves.length) return null;
  const move = game.moves[ply - 1];
  const player = game.players[move.side];
  if (!player || player.type !== 'computer') return null;
  const depth = depthForPlayer(player, game.kind, levels);
  return labUrl({
    game_id: game.id,
    ply: ply - 1,
    evaluator: evaluatorForLevel(player.level, levels),
    depth,
    tree_depth: Math.min(depth, 3),
    algorithm: 'alphabeta',
    run: 'race,tree',
  });
}
