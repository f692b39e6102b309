#!/usr/bin/env python3
"""A Gomocup ("pbrain") wrapper around the search player of the PyPI package
gomokubench (module libs.ai: alpha-beta minimax over its top candidate moves,
levels easy/standard/hard), so match_gomoku.py can play it against Banco.

Usage: python3 pbrain_gomokubench.py [easy|standard|hard]   (default: standard)

Only the protocol is ours: the move comes from libs.ai.get_best_move with the
level's settings, exactly as the package's own GameSession calls it. Needs
`pip install gomokubench` (which brings numpy). Five or more wins in its
rules, so use it with --rule freestyle.
"""

import sys

from libs import piece
from libs.ai import get_best_move, resolve_ai_settings
from libs.board import BoardState


def main():
    level = sys.argv[1] if len(sys.argv) > 1 else "standard"
    settings = resolve_ai_settings(level=level)
    size = 15
    own, theirs, order = set(), set(), []

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def think():
        me = piece.BLACK if len(own) == len(theirs) else piece.WHITE
        state = BoardState(size=size)
        for (x, y) in own:
            state.values[y, x] = me
        for (x, y) in theirs:
            state.values[y, x] = -me
        state.color = -me  # the colour that moved last
        last = next((p for p in reversed(order) if p in theirs), None)
        state.last_move = (last[1], last[0]) if last else None
        move, _ = get_best_move(state, settings["depth"], me == piece.BLACK,
                                candidate_count=settings["candidate_count"],
                                random_top_n=settings["random_top_n"])
        row, col = (int(v) for v in move)
        own.add((col, row))
        order.append((col, row))
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
                    order.append((x, y))
                continue
            word, _, rest = line.partition(" ")
            word = word.upper()
            if word in ("START", "RESTART"):
                if word == "START":
                    size = int(rest)
                own.clear(); theirs.clear(); order.clear()
                out("OK")
            elif word == "BEGIN":
                think()
            elif word == "TURN":
                x, y = (int(v) for v in rest.split(","))
                theirs.add((x, y)); order.append((x, y))
                think()
            elif word == "BOARD":
                own.clear(); theirs.clear(); order.clear()
                board_mode = True
            elif word == "INFO":
                pass
            elif word == "ABOUT":
                out(f'name="gomokubench-{level}", version="0.1.10", author="gomokubench (PyPI)"')
            elif word == "END":
                return
            else:
                out(f"UNKNOWN {word}")
        except Exception as exc:  # keep running whatever the input
            out(f"ERROR {exc}")


if __name__ == "__main__":
    main()
