#!/usr/bin/env python3
"""Builds a balanced chess opening set for engine matches.

Reads the ECO lines of Scid's classification file (Debian package scid-data),
keeps lines of 8 to 12 plies, drops repeated positions, asks Stockfish for a
short evaluation and keeps the positions within --max-cp of equality. Writes
one FEN per line. Needs: pip install chess; apt-get install scid-data stockfish.

    python3 tools/make_openings.py --count 100 --out tools/openings/chess-balanced.epd
"""
import argparse
import random
import re

import chess
import chess.engine


def eco_lines(path):
    text = open(path, encoding="latin-1").read()
    # Entries look like: CODE "Name" moves... * (moves may span lines).
    for match in re.finditer(r'^[A-E]\d\d\S*\s+"[^"]*"\s+([^*]*)\*', text, re.M):
        yield match.group(1).split()


def positions(path, min_plies, max_plies):
    seen = set()
    for tokens in eco_lines(path):
        board = chess.Board()
        try:
            for token in tokens:
                if re.fullmatch(r"\d+\.(\.\.)?", token):
                    continue
                token = re.sub(r"^\d+\.+", "", token)
                if token:
                    board.push_san(token)
        except ValueError:
            continue
        if not (min_plies <= board.ply() <= max_plies):
            continue
        key = board.epd()
        if key not in seen:
            seen.add(key)
            yield board.fen()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eco", default="/usr/share/scid/data/scid.eco")
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--max-cp", type=int, default=40)
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    candidates = list(positions(args.eco, 8, 12))
    random.Random(args.seed).shuffle(candidates)
    chosen = []
    with chess.engine.SimpleEngine.popen_uci(args.engine) as engine:
        for fen in candidates:
            info = engine.analyse(chess.Board(fen), chess.engine.Limit(depth=args.depth))
            cp = info["score"].white().score(mate_score=100000)
            if abs(cp) <= args.max_cp:
                chosen.append(fen)
                if len(chosen) == args.count:
                    break
    with open(args.out, "w") as out:
        for fen in chosen:
            out.write(fen + "\n")
    print(f"{len(candidates)} candidate positions, wrote {len(chosen)} to {args.out}")


if __name__ == "__main__":
    main()
