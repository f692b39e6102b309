#!/usr/bin/env python3
"""Turns the games of a match_gomoku.py record (--jsonl) into the game lines
`banco tune gomoku --records FILE` reads (one a line: number, winner `b`,
`w` or `d`, opening plies, moves as `h8`), so the evaluation can be fitted to
the games of any two Gomocup brains, a stronger engine's self-play included
(docs/gomoku.md, "Fitted to a stronger engine's games").

The referee's x, y become the column letter and the row number from 1 (the
fit reads patterns, which a mirror of the board leaves as they are). The
opening's stones are counted as opening plies, so the fit skips the
positions before the brains' first move. Games that ended other than by a
five or a full board (a time-out, an illegal move, a crash) say nothing about
the position and are left out; how many is printed.

  python3 tools/gomoku_match_to_records.py MATCH.jsonl GAMES.txt
"""
import json
import sys


def record_line(number, game):
    """The game as one `--records` line, or None for a game not ended on the board."""
    result = game["result"]
    if result == "1-0":
        winner = "b"
    elif result == "0-1":
        winner = "w"
    elif result in ("1/2", "1/2-1/2"):
        winner = "d"
    else:
        return None
    if winner != "d" and not game["reason"].endswith("five"):
        return None
    stones = game["opening"] + game["moves"]
    points = " ".join(f"{chr(ord('a') + x)}{y + 1}" for x, y in stones)
    return f"{number} {winner} {len(game['opening'])} {points}"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    kept = skipped = 0
    with open(sys.argv[1], encoding="utf-8") as src, open(sys.argv[2], "w", encoding="utf-8") as out:
        for line in src:
            if not line.strip():
                continue
            record = record_line(kept, json.loads(line))
            if record is None:
                skipped += 1
                continue
            out.write(record + "\n")
            kept += 1
    print(f"{kept} games written, {skipped} left out (not ended on the board)", file=sys.stderr)


if __name__ == "__main__":
    main()
