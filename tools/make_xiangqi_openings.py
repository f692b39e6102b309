#!/usr/bin/env python3
"""Balanced two-ply xiangqi openings for engine matches.

Pairs common first moves of red with common replies of black, has
Fairy-Stockfish (UCI_Variant xiangqi) score each resulting position at a
fixed depth, and keeps those within a margin of equality. Moves are written
as pyffish and Fairy-Stockfish's UCI write them (ranks 1-10), one opening per
line as `startpos moves ...`, which the xiangqi match referee reads.

Usage: make_xiangqi_openings.py ENGINE [--depth D] [--margin CP] > FILE
"""
import argparse
import subprocess

import pyffish

# Central cannon, cannons to other files, horses, soldiers, elephants,
# advisors: the usual first moves (in ranks 1-10).
RED = ["h3e3", "b3e3", "h3g3", "b3c3", "h1g3", "b1c3", "c4c5", "g4g5",
       "c1e3", "g1e3", "f1e2", "h3d3", "b3f3"]
BLACK = ["h10g8", "b10c8", "h8e8", "b8e8", "c7c6", "g7g6", "c10e8", "g10e8",
         "h8f8", "b8d8"]


def score(engine, moves, depth):
    commands = (
        "setoption name UCI_Variant value xiangqi\n"
        f"position startpos moves {' '.join(moves)}\n"
        f"go depth {depth}\n"
    )
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    proc.stdin.write(commands)
    proc.stdin.flush()
    cp = None
    for line in proc.stdout:
        if " score cp " in line:
            cp = int(line.split(" score cp ")[1].split()[0])
        elif " score mate " in line:
            cp = 10_000
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    return cp


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("engine")
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--margin", type=int, default=60)
    args = parser.parse_args()
    start = pyffish.start_fen("xiangqi")
    for red in RED:
        for black in BLACK:
            legal = pyffish.legal_moves("xiangqi", start, [red])
            if black not in legal:
                continue
            cp = score(args.engine, [red, black], args.depth)
            # The score is red's (red to move after two plies).
            if cp is not None and abs(cp) <= args.margin:
                print(f"startpos moves {red} {black}", flush=True)


if __name__ == "__main__":
    main()
