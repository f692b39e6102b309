// What each row of the algorithm race does, for students who know minimax
// from a course. Shown as the row's tooltip and in the list under the table.

export const TECHNIQUES = {
  minimax: 'Textbook minimax: every move is searched to the full depth and nothing is skipped. '
    + 'It visits about b^d positions (b moves per position, depth d). Every other row is checked against its value.',
  alphabeta: 'Alpha-beta: the same tree, searched with a window (α, β) of values that still matter. '
    + 'Once one reply shows a move is worse than an alternative already found, the other replies are skipped (a cut-off). '
    + 'Same value as minimax; moves in the order the rules generate them.',
  ordering: 'Alpha-beta with move ordering: likely good moves first (captures of big pieces by small ones, promotions; '
    + 'in gomoku the strongest patterns). Good moves first make cut-offs come sooner; with perfect ordering alpha-beta '
    + 'visits about b^(d/2) positions.',
  killers: 'Killer moves and the history table: a quiet move that caused a cut-off in a sibling position is tried early, '
    + 'and moves that often cut are remembered across the search. Better ordering of non-captures, same value.',
  tt: 'Transposition table: a hash table of positions already searched. A position reached again by another move order '
    + 'is not searched again, and the best move stored for it is tried first.',
  id: 'Iterative deepening: search depth 1, then 2, … up to d. The shallow searches cost little and fill the table '
    + 'with good first moves, so the final search often costs less than searching depth d at once; and there is always a '
    + 'move ready when time runs out.',
  aspiration: 'Aspiration windows: each iteration starts with a narrow window around the previous score instead of '
    + '(−∞, +∞). A narrow window cuts more; if the value falls outside it, the search is repeated with a wider one.',
  pvs: 'Principal variation search: the first move gets the full window; the others get a zero-width window that only '
    + 'proves "not better". Only a move that proves better is searched again with the full window.',
  quiescence: 'Quiescence search: at the depth limit, captures (in gomoku, fours and fives) are played out until the '
    + 'position is quiet, so no position is judged in the middle of an exchange. It sees further than the fixed depth, '
    + 'so its value may differ from minimax.',
  nullmove: 'Null-move pruning: let the side to move pass; if a shallower search still shows it too good for the '
    + 'opponent to allow, cut without trying the moves. A guess that is almost always right (not in zugzwang), '
    + 'so the value may differ from minimax.',
  lmr: 'Late move reductions: moves late in the ordering are first searched less deeply, and again at full depth only '
    + 'if they look good. Saves many nodes; may miss a late surprise, so the value may differ.',
  futility: 'Futility pruning: near the horizon, a position whose static value is far above beta is cut at once '
    + '(reverse futility), and quiet moves that cannot bring a value far below alpha back up are skipped (futility and '
    + 'late move pruning, and quiet moves that lose material by exchange). In chess, a position far below alpha near '
    + 'the horizon asks quiescence whether a capture saves it, and is cut if none does (razoring). Fewer nodes; a skipped '
    + 'move may have been the one.',
  checks: 'Check extension: a move that gives check is searched one ply deeper, so a forcing line is not cut off '
    + 'at the horizon in the middle of an attack. More nodes in sharp positions, better values.',
  singular: 'Singular extensions: when one move (the table\'s best) is much better than every other, shown by a '
    + 'shallower search of the others, it is searched a ply deeper; if even the others reach beta, the node is cut '
    + '(multi-cut). Used in chess and xiangqi.',
  all: 'Everything together, as the engine plays at its top levels (without the clock and threads): the rows above, '
    + 'plus ProbCut (where a game switches it on) and the threat probe (gomoku: a win by continuous fours proved '
    + 'and scored as a mate).',
  mtdf: 'MTD(f): a series of zero-window searches that close in on the value from a first guess, '
    + 'with the transposition table keeping the repeated searches cheap.',
};

/** The explanation of a row, or a plain fallback for an algorithm this page does not know. */
export function explain(algorithm, label) {
  return TECHNIQUES[algorithm] || `${label || algorithm}: a search variant the server offers.`;
}

/** What the tree's columns and marks mean. */
export const TREE_HELP = 'MAX (▲) is the side to move at the root; MIN (▼) its opponent. Values are from MAX\'s view. '
  + 'Each node shows the value it returned and the window [α, β] it was searched with. '
  + 'A cut-off (✂) means a reply proved the position too good for one side: MAX\'s value is then at least (≥) and '
  + 'MIN\'s at most (≤) the number shown, and the remaining moves (grey, dashed) were never searched.';
