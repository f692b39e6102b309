#!/usr/bin/env python3
"""pbrain-seeds-caro: the seeds' caro program, document 003, as a Gomocup ("pbrain") brain.

Written for measurement: it is an opponent of known, fixed strength and is
not meant to be improved.

Source: the seeds' caro program, document 003 (a Vietnamese notebook on
minimax and alpha-beta pruning, "BaiTapTuan3", holding a pygame caro game on a
15x15 board).  The document shows the engine twice:
  * the complete program (classes Board, AI_Engine, Game and main(); the
    engine is built as AI_Engine(level=2) and called as
    minimax(board, level, -inf, inf, True)), and
  * after it, an annotated excerpt of evaluate_position, check_pattern and
    minimax with Vietnamese comments.
Apart from the comments and the line breaks the two copies are the same code
token for token.  This port follows the complete program, which is the AI the
document actually runs, with its depth 2 (level=2).

Kept exactly as the seeds wrote it:
  * Board.get_empty_sqrs: candidates are the empty squares next to (8
    neighbours of) any stone, gathered in a set; on an empty board the centre
    (ROWS//2, COLS//2).  The set -> list -> stable sort keeps the seeds' tie
    order (CPython hashes small-int tuples the same way on every run).
  * Board.check_win: five in a row starting at a stone, so five OR MORE wins
    (an overline contains a five): the freestyle rule.
  * AI_Engine.evaluate_position / check_pattern: the same scores (100000,
    5000/500, 500/50, 10; opponent patterns weighted * 1.2).
  * AI_Engine.minimax: check_win(AI) then check_win(PLAYER) first, board full
    or depth 0 -> evaluation; moves sorted by squared distance from the centre;
    a copy.deepcopy of the board per child; alpha-beta with the same cut-offs.
  * the depth: 2, whatever the time limits say (the seeds ignore time).

Changed (only the I/O): the pygame window, drawing, mouse input and the Game
class are gone; the board is set from Gomocup protocol commands instead.  The
board size, which the seeds hold in the constants ROWS = COLS = 15, is set by
START n (15..20 accepted: nothing in the seeds' logic depends on 15 itself).
Own stones are the seeds' AI (2) and the opponent's are the seeds' PLAYER (1),
so the engine always searches as the maximizing AI.  Protocol coordinates
are x = column, y = row; the seeds index squares[row][col].  If the search
returns no move (a full board, or a position already won) the brain plays the
empty point nearest the centre.
"""

import copy
import math
import re
import sys

# ---- the seeds' constants (the pygame ones removed) -------------------------
ROWS = 15
COLS = 15

PLAYER = 1
AI = 2
EMPTY = 0

MIN_SIZE, MAX_SIZE = 15, 20


# ---- the seeds' code, unchanged apart from the pygame parts ------------------
class Board:
    def __init__(self):
        self.squares = [[EMPTY] * COLS for _ in range(ROWS)]
        self.marked_sqrs = 0
        self.last_move = None

    def mark_sqr(self, row, col, player):
        self.squares[row][col] = player
        self.marked_sqrs += 1
        self.last_move = (row, col)

    def empty_sqr(self, row, col):
        return self.squares[row][col] == EMPTY

    def get_empty_sqrs(self):
        moves = set()
        for r in range(ROWS):
            for c in range(COLS):
                if self.squares[r][c] != EMPTY:
                    for dr in [-1, 0, 1]:
                        for dc in [-1, 0, 1]:
                            nr, nc = r + dr, c + dc
                            if 0 <= nr < ROWS and 0 <= nc < COLS and self.squares[nr][nc] == EMPTY:
                                moves.add((nr, nc))
        if not moves and self.marked_sqrs == 0: return [(ROWS//2, COLS//2)]
        return list(moves)

    def is_full(self):
        return self.marked_sqrs == ROWS * COLS

    def check_win(self, player):
        for r in range(ROWS):
            for c in range(COLS):
                if self.squares[r][c] == player:
                    if c + 4 < COLS and all(self.squares[r][c+i] == player for i in range(5)): return True
                    if r + 4 < ROWS and all(self.squares[r+i][c] == player for i in range(5)): return True
                    if r + 4 < ROWS and c + 4 < COLS and all(self.squares[r+i][c+i] == player for i in range(5)): return True
                    if r + 4 < ROWS and c - 4 >= 0 and all(self.squares[r+i][c-i] == player for i in range(5)): return True
        return False


class AI_Engine:
    def __init__(self, level=1, player=AI):
        self.level = level
        self.player = player

    def evaluate_position(self, board, player):
        score = 0
        opponent = PLAYER if player == AI else AI
        for r in range(ROWS):
            for c in range(COLS):
                if board.squares[r][c] == player: score += self.check_pattern(board, r, c, player)
                elif board.squares[r][c] == opponent: score -= self.check_pattern(board, r, c, opponent) * 1.2
        return score

    def check_pattern(self, board, r, c, player):
        score = 0
        directions = [(0,1), (1,0), (1,1), (1,-1)]
        for dr, dc in directions:
            count = 0
            blocked = 0
            for i in range(1, 5):
                nr, nc = r + dr*i, c + dc*i
                if 0 <= nr < ROWS and 0 <= nc < COLS:
                    if board.squares[nr][nc] == player: count += 1
                    elif board.squares[nr][nc] != EMPTY:
                        blocked += 1
                        break
                else:
                    blocked += 1
                    break
            if count == 4: score += 100000
            elif count == 3: score += 5000 if blocked == 0 else 500
            elif count == 2: score += 500 if blocked == 0 else 50
            elif count == 1: score += 10
        return score

    def minimax(self, board, depth, alpha, beta, maximizing):
        if board.check_win(AI): return 10000000, None
        if board.check_win(PLAYER): return -10000000, None
        if board.is_full() or depth == 0: return self.evaluate_position(board, AI), None

        possible_moves = board.get_empty_sqrs()
        possible_moves.sort(key=lambda x: (x[0]-ROWS//2)**2 + (x[1]-COLS//2)**2)

        best_move = None
        if maximizing:
            max_eval = -math.inf
            for (row, col) in possible_moves:
                temp_board = copy.deepcopy(board)
                temp_board.mark_sqr(row, col, AI)
                eval_score, _ = self.minimax(temp_board, depth-1, alpha, beta, False)
                if eval_score > max_eval:
                    max_eval = eval_score
                    best_move = (row, col)
                alpha = max(alpha, eval_score)
                if beta <= alpha: break
            return max_eval, best_move
        else:
            min_eval = math.inf
            for (row, col) in possible_moves:
                temp_board = copy.deepcopy(board)
                temp_board.mark_sqr(row, col, PLAYER)
                eval_score, _ = self.minimax(temp_board, depth-1, alpha, beta, True)
                if eval_score < min_eval:
                    min_eval = eval_score
                    best_move = (row, col)
                beta = min(beta, eval_score)
                if beta <= alpha: break
            return min_eval, best_move


# ---- the I/O adaptation (new): Gomocup protocol --------------------------------
ABOUT = 'name="seeds-caro", version="1.0", author="Banco", country="VN"'
PAIR_RE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")
TRIPLE_RE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*$")

board = Board()
# As in the seeds' Game class: AI_Engine(level=2); its level is the depth.
ai = AI_Engine(level=2)


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def new_board(size):
    global ROWS, COLS, board
    ROWS = COLS = size
    board = Board()


def inside(x, y):
    return 0 <= x < COLS and 0 <= y < ROWS


def place(x, y, who):
    """Protocol x = column, y = row; who is the seeds' AI or PLAYER."""
    board.mark_sqr(y, x, who)


def think():
    """The seeds' main loop on the AI's turn, answering x,y."""
    value, move = ai.minimax(board, ai.level, -math.inf, math.inf, True)
    if move is None or not board.empty_sqr(*move):
        empties = [(r, c) for r in range(ROWS) for c in range(COLS) if board.squares[r][c] == EMPTY]
        if not empties:
            say("ERROR board is full")
            return
        empties.sort(key=lambda x: (x[0]-ROWS//2)**2 + (x[1]-COLS//2)**2)
        move = empties[0]
    row, col = move
    board.mark_sqr(row, col, AI)
    say(f"{col},{row}")


def read_line():
    """Next non-empty line without its line end; None at end of input."""
    while True:
        line = sys.stdin.readline()
        if not line:
            return None
        line = line.strip()
        if line:
            return line


def cmd_board():
    """BOARD, then x,y,who lines up to DONE; then think."""
    new_board(ROWS)
    while True:
        line = read_line()
        if line is None:
            return False
        u = line.upper()
        if u == "DONE":
            break
        if u == "END":
            return False
        m = TRIPLE_RE.match(line)
        if not m:
            continue  # garbled line inside BOARD: ignored
        x, y, who = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if who not in (1, 2) or not inside(x, y) or not board.empty_sqr(y, x):
            continue  # 3 = winning-line marker, or an impossible stone
        place(x, y, AI if who == 1 else PLAYER)
    think()
    return True


def handle(line):
    """One command.  Returns False when the brain must exit."""
    parts = line.split(None, 1)
    cmd = parts[0].upper()
    arg = parts[1].strip() if len(parts) > 1 else ""
    if cmd == "START":
        try:
            n = int(arg)
        except ValueError:
            say("ERROR bad START size")
            return True
        if MIN_SIZE <= n <= MAX_SIZE:
            new_board(n)
            say("OK")
        else:
            say(f"ERROR unsupported size {n} (only {MIN_SIZE}..{MAX_SIZE})")
    elif cmd == "RESTART":
        new_board(ROWS)
        say("OK")
    elif cmd == "BEGIN":
        think()
    elif cmd == "TURN":
        m = PAIR_RE.match(arg)
        if not m:
            say("ERROR bad TURN coordinates")
            return True
        x, y = int(m.group(1)), int(m.group(2))
        if not inside(x, y) or not board.empty_sqr(y, x):
            say(f"ERROR TURN {x},{y} is off the board or occupied")
            return True
        place(x, y, PLAYER)
        think()
    elif cmd == "BOARD":
        return cmd_board()
    elif cmd == "TAKEBACK":
        m = PAIR_RE.match(arg)
        if m:
            x, y = int(m.group(1)), int(m.group(2))
            if inside(x, y) and not board.empty_sqr(y, x):
                board.squares[y][x] = EMPTY
                board.marked_sqrs -= 1
        say("OK")
    elif cmd == "INFO":
        pass
    elif cmd == "END":
        return False
    elif cmd == "ABOUT":
        say(ABOUT)
    else:
        say("UNKNOWN " + "".join(ch if " " <= ch <= "~" else "?" for ch in line[:80]))
    return True


def main():
    try:
        sys.stdin.reconfigure(errors="replace")
    except (AttributeError, ValueError):
        pass
    while True:
        line = read_line()
        if line is None:
            return
        try:
            if not handle(line):
                return
        except Exception as e:  # never crash on odd input
            say(f"ERROR {type(e).__name__}: {e}"[:200])


if __name__ == "__main__":
    main()
