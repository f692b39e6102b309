#!/usr/bin/env python3
"""Judge chess nets by an outside referee: how closely each net's static
value of real game positions follows a strong engine's search of them.

A net is proved by matches against the one before it; this is a second,
cheap view that needs no games: a net that learned from Banco's own games
only could also learn Banco's own mistakes, and an outside judge shows
whether it did. Two steps:

  label  quiet positions sampled from PGN files (every third ply from the
         seventh, not in check, the best move no capture or promotion, no
         mate found, within ±1500), each searched by a UCI engine at a fixed
         node count, written as JSON ({fen, judge, pieces}).
  score  each net's static value of every labelled position (`banco
         --eval-file NET uci`, the `eval` command), against the labels:
         Spearman's rank correlation (no scale needed: the judge's
         centipawns and Banco's need not be the same unit), the share of
         positions the judge calls ±50 or more where the net agrees on who
         is better, and the mean squared distance of win probabilities,
         sigmoid(value / 400), at the net's best scale factor.

Needs python-chess. Example (docs/nnue.md):

  python3 tools/judge_nets.py label --engine stockfish --nodes 150000 \\
      --count 3000 --out judged.json docs/matches/*-vs-stockfish-elo2850.pgn
  python3 tools/judge_nets.py score --positions judged.json \\
      --banco target/release/banco strong old.nnue new.nnue
"""
import argparse
import json
import math
import random
import subprocess
import sys

import chess
import chess.engine
import chess.pgn


def sample_positions(pgns, count, seed):
    """Distinct positions (by placement, side, castling, en passant) from the games."""
    fens = {}
    for path in pgns:
        with open(path, encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    board.push(move)
                    if ply < 6 or ply % 3 or board.is_check() or board.is_game_over():
                        continue
                    fens[" ".join(board.fen().split()[:4])] = board.fen()
    keys = sorted(fens)
    random.Random(seed).shuffle(keys)
    return [fens[k] for k in keys[:count]]


def label(args):
    candidates = sample_positions(args.pgns, args.count * 2, args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Hash": 64, "Threads": 1})
    kept = []
    for fen in candidates:
        if len(kept) >= args.count:
            break
        board = chess.Board(fen)
        # A fresh game each time: every label is the engine's own, not its table's.
        info = engine.analyse(board, chess.engine.Limit(nodes=args.nodes), game=object())
        score = info["score"].pov(board.turn)
        pv = info.get("pv") or []
        if score.is_mate() or not pv or board.is_capture(pv[0]) or pv[0].promotion:
            continue
        if abs(score.score()) > 1500:
            continue
        kept.append({"fen": fen, "judge": score.score(), "pieces": len(board.piece_map())})
        if len(kept) % 500 == 0:
            print(f"{len(kept)} positions labelled", file=sys.stderr)
    engine.quit()
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"engine": args.engine, "nodes": args.nodes, "positions": kept}, f)
    print(f"{len(kept)} positions written to {args.out}")


def static_values(banco, net, fens):
    """Banco's static value, for the side to move, of each position."""
    command = [banco] + ([] if net == "strong" else ["--eval-file", net]) + ["uci"]
    evaluator = "strong" if net == "strong" else "nnue"
    lines = [f"setoption name Evaluator value {evaluator}"]
    for fen in fens:
        lines += [f"position fen {fen}", "eval"]
    lines.append("quit")
    out = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True).stdout
    values = [int(line.split()[5]) for line in out.splitlines()
              if line.startswith("info string eval ") and " cp " in line]
    if len(values) != len(fens):
        sys.exit(f"{net}: {len(values)} values for {len(fens)} positions")
    return values


def win_probability(value):
    return 1 / (1 + math.exp(-value / 400))


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2  # ties share their mean rank
        i = j + 1
    return result


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    return cov / math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))


def score(args):
    with open(args.positions, encoding="utf-8") as f:
        positions = json.load(f)["positions"]
    fens = [p["fen"] for p in positions]
    judge = [p["judge"] for p in positions]
    target = [win_probability(v) for v in judge]
    decided = [i for i, v in enumerate(judge) if abs(v) >= 50]
    print(f"{len(fens)} positions; {len(decided)} judged ±50 or more")
    for net in args.nets:
        values = static_values(args.banco, net, fens)
        loss, factor = min(
            (sum((win_probability(k * v) - t) ** 2 for v, t in zip(values, target)) / len(values), k)
            for k in (x / 20 for x in range(4, 61)))
        agree = sum(1 for i in decided if (values[i] > 0) == (judge[i] > 0)) / len(decided)
        print(f"{net}: spearman {spearman(values, judge):.4f}, agrees on the better side "
              f"{100 * agree:.1f} %, loss {loss:.6f} at scale x{factor:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="step", required=True)
    p = sub.add_parser("label", help="label positions from PGN files with a UCI engine")
    p.add_argument("--engine", required=True, help="the judge: a UCI engine's command")
    p.add_argument("--nodes", type=int, default=150_000)
    p.add_argument("--count", type=int, default=3000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    p.add_argument("pgns", nargs="+")
    p.set_defaults(run=label)
    s = sub.add_parser("score", help="score nets against labelled positions")
    s.add_argument("--positions", required=True)
    s.add_argument("--banco", default="target/release/banco")
    s.add_argument("nets", nargs="+", help="net files, or 'strong' for the hand-written evaluation")
    s.set_defaults(run=score)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
