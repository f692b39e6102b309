#!/usr/bin/env python3
"""Scores the positions of gomoku game records with a Gomocup brain's evaluation.

Reads records in the format of `banco tune gomoku --records` (per line: game
number, winner `b`/`w`/`d`, opening plies, moves such as `h8`), asks the brain
for its move in every position after the opening at a fixed node budget, and
writes the same records with each such move as `point/score`: the brain's
evaluation, reported on its `MESSAGE ... Eval N ...` line, for the side to
move, multiplied by --factor (to carry it into Banco's units). Positions whose
evaluation is a forced win or loss (|Eval| >= --mate) keep no score.

    python3 tools/teacher_scores.py --brain PATH --rule 0 --nodes 5000 \
        IN.txt.gz OUT.txt

`--scale-of OUT.txt` instead prints the scale K for which sigmoid(score / K)
best fits the games' results over the scored positions (least squares, as
`banco tune` fits its own scale), so that --factor can be chosen as Banco's
scale over the brain's: the two then read as the same winning chance.
"""

import argparse
import gzip
import math
import re
import subprocess
import sys
import time

EVAL = re.compile(r"\bEval\s+(-?\d+)")


def point_xy(word):
    """`h8` -> (x, y) in Gomocup coordinates (x = file, y = rank - 1)."""
    return ord(word[0]) - ord("a"), int(word[1:]) - 1


class Brain:
    def __init__(self, path, rule, nodes, size):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send(f"START {size}")
        self.wait_for("OK")
        self.send(f"INFO rule {rule}")
        self.send(f"INFO max_node {nodes}")
        self.send("INFO timeout_turn 100000")
        self.send("INFO timeout_match 0")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, word):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the brain stopped")
            if line.strip().startswith(word):
                return line

    def evaluate(self, moves):
        """The brain's evaluation for the side to move after `moves`."""
        mover = len(moves) % 2
        self.send("BOARD")
        for ply, (x, y) in enumerate(moves):
            own = 1 if ply % 2 == mover else 2
            self.send(f"{x},{y},{own}")
        self.send("DONE")
        value = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the brain stopped")
            line = line.strip()
            found = EVAL.search(line)
            if found:
                value = int(found.group(1))
            elif re.fullmatch(r"\d+,\d+", line):
                return value

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def scale_of(path):
    """The least-squares scale of sigmoid(score / K) against the results."""
    points = []
    with open(path) as f:
        for line in f:
            words = line.split()
            if len(words) < 3:
                continue
            for ply, word in enumerate(words[3:]):
                if "/" not in word:
                    continue
                mover = "b" if ply % 2 == 0 else "w"
                result = 0.5 if words[1] == "d" else float(words[1] == mover)
                points.append((int(word.split("/")[1]), result))

    def error(k):
        return sum((r - 1 / (1 + math.exp(-s / k))) ** 2 for s, r in points) / len(points)

    lo, hi = 1.0, 10000.0
    for _ in range(80):
        a, b = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
        if error(a) < error(b):
            hi = b
        else:
            lo = a
    k = (lo + hi) / 2
    print(f"{len(points)} positions scored; scale {k:.1f}; mean squared error {error(k):.5f}")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--scale-of":
        scale_of(sys.argv[2])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--brain", required=True)
    ap.add_argument("--rule", type=int, default=0, help="Gomocup rule number")
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--games", type=int, default=0, help="first N records (0: all)")
    ap.add_argument("--factor", type=float, default=1.0)
    ap.add_argument("--mate", type=int, default=10000)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("input")
    ap.add_argument("output")
    args = ap.parse_args()

    opener = gzip.open if args.input.endswith(".gz") else open
    with opener(args.input, "rt") as f:
        lines = [l.split() for l in f if l.strip()]
    if args.games:
        lines = lines[: args.games]
    brain = Brain(args.brain, args.rule, args.nodes, args.size)
    started = time.time()
    scored = 0
    with open(args.output, "w") as out:
        for n, words in enumerate(lines):
            head, moves = words[:3], [w.split("/")[0] for w in words[3:]]
            opening = int(head[2])
            xy = [point_xy(m) for m in moves]
            written = []
            for ply, m in enumerate(moves):
                if ply > opening:
                    value = brain.evaluate(xy[:ply])
                    if value is not None and abs(value) < args.mate:
                        written.append(f"{m}/{round(value * args.factor)}")
                        scored += 1
                        continue
                written.append(m)
            out.write(" ".join(head + written) + "\n")
            out.flush()
            rate = scored / max(time.time() - started, 1e-9)
            print(f"\r{n + 1}/{len(lines)} games, {scored} positions, {rate:.0f}/s",
                  end="", file=sys.stderr)
    print(file=sys.stderr)
    brain.close()


if __name__ == "__main__":
    main()
