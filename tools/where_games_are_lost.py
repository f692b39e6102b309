#!/usr/bin/env python3
"""Where Banco's lost games against a stronger engine were lost: an outside
engine follows every lost game ply by ply and says how the value slid.

For each game of the PGN files that the player named by --player lost,
every position from the game's first (the opening's end, for a game that
starts from a FEN) is searched by a UCI engine at a fixed node count and
its value taken from the loser's side. The report gives, at fixed distances
from the opening, the median value and how many games stood worse than
-100 there; and per game the loser's worst single move (the largest fall of
the win probability sigmoid(value / 200) over one of its moves), counted by
the game's phase (pieces on the board before it). A game lost by one
blunder and a game lost by a slow slide look different here, and they ask
for different work (search against evaluation).

Needs python-chess. Example (docs/benchmarks.md):

  python3 tools/where_games_are_lost.py --engine stockfish --nodes 50000 \\
      --player banco docs/matches/2026-11-28-banco-net15-vs-stockfish-elo2850.pgn
"""
import argparse
import json
import math
import statistics
import sys

import chess
import chess.engine
import chess.pgn

PLIES = (0, 10, 20, 30, 40, 60)


def win_probability(centipawns):
    return 1 / (1 + math.exp(-centipawns / 200))


def lost_games(paths, player):
    """Yields (game, loser's colour) for each game the player lost."""
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                white = game.headers.get("White", "").startswith(player)
                black = game.headers.get("Black", "").startswith(player)
                result = game.headers.get("Result")
                if white and result == "0-1":
                    yield game, chess.WHITE
                elif black and result == "1-0":
                    yield game, chess.BLACK


def follow(engine, game, side, nodes):
    """The values of every position of the game from `side`'s view, and who was to move."""
    board = game.board()
    values = []
    for move in game.mainline_moves():
        info = engine.analyse(board, chess.engine.Limit(nodes=nodes))
        values.append((info["score"].pov(side).score(mate_score=3000), board.turn == side, len(board.piece_map())))
        board.push(move)
    return values


def worst_move(values):
    """The loser's move that lost the most win probability: (loss, ply, pieces)."""
    worst = (0.0, None, None)
    for ply, ((value, own, pieces), (after, _, _)) in enumerate(zip(values, values[1:])):
        if own:
            loss = win_probability(value) - win_probability(after)
            if loss > worst[0]:
                worst = (loss, ply, pieces)
    return worst


def phase(pieces):
    if pieces >= 28:
        return "opening (28 pieces or more)"
    if pieces >= 17:
        return "middlegame (17-27)"
    return "endgame (16 or fewer)"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--engine", required=True, help="the UCI engine that judges")
    parser.add_argument("--nodes", type=int, default=50000)
    parser.add_argument("--player", default="banco", help="the loser's name, as the PGN's White/Black begin")
    parser.add_argument("--json", help="also write every game's values here")
    args = parser.parse_args()

    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Threads": 1, "Hash": 64})
    games = []
    try:
        for game, side in lost_games(args.pgn, args.player):
            values = follow(engine, game, side, args.nodes)
            games.append({"round": game.headers.get("Round"), "values": [v for v, _, _ in values],
                          "worst": worst_move(values)})
            print(f"game {game.headers.get('Round')}: {len(values)} plies", file=sys.stderr)
    finally:
        engine.quit()
    if not games:
        print("no lost games")
        return
    print(f"{len(games)} lost games, judged at {args.nodes} nodes a position")
    print("plies after the opening | median value | games worse than -100")
    for ply in PLIES:
        values = [g["values"][ply] for g in games if len(g["values"]) > ply]
        if values:
            worse = sum(v < -100 for v in values)
            print(f"{ply:>4} | {statistics.median(values):>6.0f} | {worse} of {len(values)}")
    phases = {}
    for g in games:
        loss, _, pieces = g["worst"]
        if pieces is not None:
            phases[phase(pieces)] = phases.get(phase(pieces), 0) + 1
    print("the worst move's phase:", ", ".join(f"{k}: {v}" for k, v in sorted(phases.items())))
    losses = [g["worst"][0] for g in games]
    print(f"the worst move's loss of win probability: median {statistics.median(losses):.2f}, "
          f"more than 0.2 in {sum(l > 0.2 for l in losses)} games")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(games, handle)


if __name__ == "__main__":
    main()
