#!/usr/bin/env python3
"""A Gomocup ("pbrain") wrapper around the ThreatSpace player of the PyPI
package gomoku 0.1.0 ("Gomoku AI": forced moves, a threat-space search for
its own win and the opponent's, then a pattern heuristic), so
match_gomoku.py can play it against Banco. Its bitboard is fixed at 15x15.

Usage: python3 pbrain_gomoku_tss.py

Only the protocol is ours: the move comes from the package's
ThreatSpace.make_move on the position the manager gave. The player prints
its reasoning on standard output; that goes to standard error here so the
protocol stays clean. Needs `pip install gomoku` (with gmpy2).
"""

import contextlib
import sys

import gomoku.player.threat_space as threat_space
from gomoku.board import Board
from gomoku.player.threat_space import ThreatSpace

threat_space.VERBOSE = 0
SIZE = 15


def main():
    own, theirs = set(), set()
    player = ThreatSpace()

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def think():
        black_is_me = len(own) == len(theirs)
        black, white = (own, theirs) if black_is_me else (theirs, own)
        bits = lambda stones: sum(1 << (y * SIZE + x) for (x, y) in stones)
        board = Board(b1=bits(black), b2=bits(white), turns=len(own) + len(theirs))
        with contextlib.redirect_stdout(sys.stderr):
            move = player.make_move(board)
        if not isinstance(move, int):
            move = move[0] * SIZE + move[1]
        row, col = divmod(int(move), SIZE)
        own.add((col, row))
        out(f"{col},{row}")

    board_mode = False
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        try:
            if board_mode:
                if line.upper() == "DONE":
                    board_mode = False
                    think()
                else:
                    x, y, f = (int(v) for v in line.split(","))
                    (own if f == 1 else theirs).add((x, y))
                continue
            word, _, rest = line.partition(" ")
            word = word.upper()
            if word in ("START", "RESTART"):
                if word == "START" and int(rest) != SIZE:
                    out("ERROR only 15x15")
                    continue
                own.clear(); theirs.clear()
                player = ThreatSpace()
                out("OK")
            elif word == "BEGIN":
                think()
            elif word == "TURN":
                x, y = (int(v) for v in rest.split(","))
                theirs.add((x, y))
                think()
            elif word == "BOARD":
                own.clear(); theirs.clear()
                board_mode = True
            elif word == "INFO":
                pass
            elif word == "ABOUT":
                out('name="gomoku-threatspace", version="0.1.0", author="gomoku (PyPI)"')
            elif word == "END":
                return
            else:
                out(f"UNKNOWN {word}")
        except Exception as exc:  # keep running whatever the input
            out(f"ERROR {exc}")


if __name__ == "__main__":
    main()
