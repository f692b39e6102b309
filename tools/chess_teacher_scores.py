#!/usr/bin/env python3
"""Rescore chess training games with a stronger engine's evaluations.

`banco datagen chess` keeps each game as its moves, the search's score at
every searched ply and the result (the games format, documented in
`src/commands/datagen/games.rs`). This tool replays such a file, asks a UCI
engine (the teacher) for its value of every position the trainer would keep
(not in check, the move played neither a capture nor a promotion: the
filter of `games::replay`), and writes the same games with the teacher's
values in place of the search's, so `banco train` learns from them
unchanged. Positions the trainer drops keep their old score.

The teacher's centipawns are not Banco's: `scale` fits, on a labelled file,
the sigmoid scale that best turns each side's scores into the games'
results, and `label --factor F` multiplies the teacher's values by F (the
ratio of the two scales) as it writes them.

    python3 tools/chess_teacher_scores.py label IN.bgd OUT.bgd --engine stockfish --nodes 1000
    python3 tools/chess_teacher_scores.py scale IN.bgd OUT.bgd
    python3 tools/chess_teacher_scores.py rescale OUT.bgd FINAL.bgd --factor F

Needs python-chess (`pip install chess`).
"""

import argparse
import math
import struct
import subprocess
import sys
import time

import chess

MAGIC = b"BNCOGAME"
HEADER = struct.Struct("<8sHBBI")
GAME_HEAD = struct.Struct("<HBBH")
# Values beyond this are clamped: the self-play games stop at ±2,500
# centipawns held for six plies, so larger targets teach nothing more.
CLAMP = 3000
# A mate the teacher sees is stored as this, signed.
MATE_VALUE = 3000


class Teacher:
    """A UCI engine answering `go nodes N` for one position at a time."""

    def __init__(self, command, nodes, hash_mb):
        self.nodes = nodes
        self.proc = subprocess.Popen(
            command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, word):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("the teacher stopped answering")
            if line.split()[:1] == [word]:
                return line

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def value(self, fen):
        """The teacher's value for the side to move, in its centipawns."""
        self.send(f"position fen {fen}")
        self.send(f"go nodes {self.nodes}")
        value = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("the teacher stopped answering")
            words = line.split()
            if words[:1] == ["bestmove"]:
                return value
            if "score" in words and "upperbound" not in words and "lowerbound" not in words:
                i = words.index("score")
                kind, amount = words[i + 1], int(words[i + 2])
                if kind == "cp":
                    value = amount
                else:
                    value = MATE_VALUE if amount > 0 else -MATE_VALUE

    def close(self):
        self.send("quit")
        self.proc.wait()


def read_games(path):
    """The header and every game of a games-format file."""
    with open(path, "rb") as f:
        data = f.read()
    magic, version, game, squares, count = HEADER.unpack_from(data, 0)
    if magic != MAGIC or version != 1 or game != 0:
        sys.exit(f"{path} is not a chess file in the games format")
    pos = HEADER.size
    games = []
    while pos < len(data):
        plies, random_plies, result, kept = GAME_HEAD.unpack_from(data, pos)
        pos += GAME_HEAD.size
        moves = data[pos:pos + plies]
        pos += plies
        n_scores = plies - random_plies
        scores = list(struct.unpack_from(f"<{n_scores}h", data, pos))
        pos += 2 * n_scores
        games.append((random_plies, result, kept, bytes(moves), scores))
    if len(games) != count:
        sys.exit(f"{path}: the header counts {count} games, the file holds {len(games)}")
    return (version, game, squares), games


def write_games(path, header, games):
    version, game, squares = header
    with open(path, "wb") as f:
        f.write(HEADER.pack(MAGIC, version, game, squares, len(games)))
        for random_plies, result, kept, moves, scores in games:
            f.write(GAME_HEAD.pack(len(moves), random_plies, result, kept))
            f.write(moves)
            f.write(struct.pack(f"<{len(scores)}h", *scores))


def replay(random_plies, moves):
    """Yields (searched ply index, board before the move, kept) per searched ply."""
    board = chess.Board()
    for ply, index in enumerate(moves):
        legal = sorted(board.legal_moves, key=lambda m: m.uci())
        if index >= len(legal):
            sys.exit(f"move {ply + 1} of a game is not legal: the file does not replay")
        mv = legal[index]
        if ply >= random_plies:
            kept = not board.is_check() and not board.is_capture(mv) and mv.promotion is None
            yield ply - random_plies, board, kept
        board.push(mv)


def label(args):
    header, games = read_games(args.input)
    teacher = Teacher(args.engine, args.nodes, args.hash)
    start = time.time()
    asked = 0
    last_report = 0.0
    out = []
    for g, (random_plies, result, kept_count, moves, scores) in enumerate(games):
        teacher.new_game()
        new_scores = list(scores)
        kept = 0
        for searched, board, keep in replay(random_plies, moves):
            if not keep:
                continue
            kept += 1
            value = teacher.value(board.fen())
            if value is None:
                continue
            value = round(value * args.factor)
            new_scores[searched] = max(-CLAMP, min(CLAMP, value))
            asked += 1
        if kept != kept_count:
            sys.exit(f"game {g + 1}: {kept} positions kept on replay, the file says {kept_count}")
        out.append((random_plies, result, kept_count, moves, new_scores))
        now = time.time()
        if now - last_report >= 5 or g + 1 == len(games):
            last_report = now
            rate = asked / max(now - start, 1e-9)
            left = (len(games) - g - 1) * (now - start) / (g + 1)
            print(f"\rgames {g + 1}/{len(games)}, positions {asked}, {rate:.0f}/s, "
                  f"{left:.0f} s left   ", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    teacher.close()
    write_games(args.output, header, out)


def fit_scale(pairs):
    """The sigmoid scale minimising the squared error against the results."""
    def error(k):
        return sum((1 / (1 + math.exp(-s / k)) - r) ** 2 for s, r in pairs) / len(pairs)
    lo, hi = 20.0, 5000.0
    for _ in range(60):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if error(a) < error(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def scale(args):
    """Fits the scale of the old and the new scores of the same kept positions."""
    _, old_games = read_games(args.input)
    _, new_games = read_games(args.output)
    old_pairs, new_pairs = [], []
    for (rp, result, _, moves, old), (_, _, _, _, new) in zip(old_games, new_games):
        for searched, board, keep in replay(rp, moves):
            if not keep:
                continue
            r = result / 2 if board.turn == chess.WHITE else 1 - result / 2
            old_pairs.append((old[searched], r))
            new_pairs.append((new[searched], r))
    k_old, k_new = fit_scale(old_pairs), fit_scale(new_pairs)
    print(f"{len(old_pairs)} positions; scale of the old scores {k_old:.1f}, "
          f"of the new {k_new:.1f}; factor {k_old / k_new:.3f}")


def rescale(args):
    """Multiplies the kept positions' scores by a factor, clamped as `label` clamps."""
    header, games = read_games(args.input)
    out = []
    for random_plies, result, kept_count, moves, scores in games:
        new_scores = list(scores)
        for searched, _, keep in replay(random_plies, moves):
            if keep:
                new_scores[searched] = max(-CLAMP, min(CLAMP, round(scores[searched] * args.factor)))
        out.append((random_plies, result, kept_count, moves, new_scores))
    write_games(args.output, header, out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("label", help="rescore a file's kept positions with a teacher")
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--engine", required=True, help="the teacher's command line")
    p.add_argument("--nodes", type=int, default=1000)
    p.add_argument("--hash", type=int, default=16)
    p.add_argument("--factor", type=float, default=1.0,
                   help="multiplies the teacher's values (the ratio of the two scales)")
    p.set_defaults(run=label)
    p = sub.add_parser("scale", help="fit the scale of a file's old and new scores")
    p.add_argument("input", help="the file as datagen wrote it")
    p.add_argument("output", help="the same games rescored")
    p.set_defaults(run=scale)
    p = sub.add_parser("rescale", help="multiply the kept positions' scores by a factor")
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--factor", type=float, required=True)
    p.set_defaults(run=rescale)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
