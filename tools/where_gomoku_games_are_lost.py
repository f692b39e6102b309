#!/usr/bin/env python3
"""Where Banco's lost gomoku games against a stronger engine were lost: a
Gomocup brain follows every lost game of a match_gomoku.py record (--jsonl)
and says, before each of the loser's moves and after it, how it values the
position; the gomoku counterpart of where_games_are_lost.py.

For each lost game, at each of the loser's moves from the opening's end, the
judge searches the position at a fixed node count (Yixin's `INFO max_node`)
and reports its value from the loser's side; a forced win it reports as
`+M n` / `-M n` counts as +/-20000. The report gives, at fixed distances from
the opening, the median value and how many games stood worse than -100 (in
the judge's units); how many games the loser had a forced win in and did not
keep (the judge saw `+M` before one of its moves, and the game was lost); and
the loser's move after which the judge first saw its own forced win, with the
judge's value before it. A game lost to a slow slide and a game thrown away
by one move, or with a win let slip, ask for different work.

The judge must print `MESSAGE ... Eval V ...` as it searches (Rapfi does).
Example (docs/benchmarks.md):

  python3 tools/where_gomoku_games_are_lost.py --judge PATH/pbrain-rapfi-st \\
      --cwd PATH --rule 0 --nodes 200000 --player banco \\
      docs/matches/2026-11-29-gomoku-banco-b8e225b-vs-rapfi-freestyle-1s.jsonl
"""
import argparse
import json
import re
import statistics
import subprocess
import sys

PLIES = (0, 10, 20, 30, 40)
MATE = 20000
MOVE = re.compile(r"\d+,\d+")
EVAL = re.compile(r"\bEval (\S+)")


class Judge:
    """A Gomocup brain that answers BOARD with a move and reports its value."""

    def __init__(self, command, cwd, rule, nodes, size):
        self.process = subprocess.Popen(command, shell=True, cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send(f"START {size}")
        self.read_until(lambda line: line == "OK")
        for line in (f"INFO rule {rule}", f"INFO max_node {nodes}", "INFO timeout_turn 1000000",
                     "INFO timeout_match 0"):
            self.send(line)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, done):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the judge stopped answering")
            line = line.strip()
            lines.append(line)
            if done(line):
                return lines

    def value(self, stones):
        """The judge's value of the position for the side to move, and its move."""
        mover = len(stones) % 2
        self.send("BOARD")
        for i, (x, y) in enumerate(stones):
            self.send(f"{x},{y},{1 if i % 2 == mover else 2}")
        self.send("DONE")
        lines = self.read_until(lambda line: MOVE.fullmatch(line) is not None)
        value = None
        for line in lines:
            found = EVAL.search(line)
            if found:
                value = found.group(1)
        return parse_value(value), lines[-1]

    def close(self):
        self.send("END")
        self.process.wait(timeout=10)


def parse_value(text):
    """A number, or +/-MATE for a forced win or loss (`+M12`, `-M7`); None when absent."""
    if text is None:
        return None
    if "M" in text:
        return -MATE if text.startswith("-") else MATE
    try:
        return int(text)
    except ValueError:
        return None


def lost_games(paths, player):
    """Yields (game, whether the loser had black) for each game the player lost."""
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                game = json.loads(line)
                black = game["black"] == player
                if (black and game["result"] == "0-1") or (not black and game["result"] == "1-0"):
                    yield game, black


def follow(judge, game, black):
    """Per loser's move: (ply, value before from the loser's side, value after from its side)."""
    stones = [tuple(s) for s in game["opening"]]
    start = len(stones)
    moves = stones + [tuple(m) for m in game["moves"]]
    rows = []
    for ply in range(start, len(moves)):
        if (ply % 2 == 0) != black:
            continue
        before, _ = judge.value(moves[:ply])
        after, _ = judge.value(moves[:ply + 1])
        rows.append((ply - start, before, None if after is None else -after))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("jsonl", nargs="+", help="match_gomoku.py --jsonl records")
    parser.add_argument("--judge", required=True, help="the Gomocup brain that judges (a command)")
    parser.add_argument("--cwd", help="its working directory")
    parser.add_argument("--rule", type=int, default=0, help="Gomocup rule number: 0 freestyle, 1 standard, 4 renju")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--nodes", type=int, default=200000)
    parser.add_argument("--player", default="banco", help="the loser's name in the records")
    parser.add_argument("--json", help="also write every game's values here")
    args = parser.parse_args()

    judge = Judge(args.judge, args.cwd, args.rule, args.nodes, args.size)
    games = []
    try:
        for game, black in lost_games(args.jsonl, args.player):
            rows = follow(judge, game, black)
            games.append({"game": game.get("game"), "black": black, "rows": rows})
            print(f"game {game.get('game')}: {len(rows)} moves judged", file=sys.stderr)
    finally:
        judge.close()
    if not games:
        print("no lost games")
        return
    for colour, label in ((True, "as black"), (False, "as white")):
        part = [g for g in games if g["black"] == colour]
        if not part:
            continue
        print(f"{len(part)} games lost {label}, judged at {args.nodes} nodes a position")
        print("plies after the opening | median value before the loser's move | games worse than -100")
        for ply in PLIES:
            values = [before for g in part for p, before, _ in g["rows"]
                      if p in (ply, ply + 1) and before is not None]
            if values:
                worse = sum(v < -100 for v in values)
                print(f"{ply:>4} | {statistics.median(values):>7.0f} | {worse} of {len(values)}")
        let_slip = sum(any(before == MATE for _, before, _ in g["rows"]) for g in part)
        print(f"a forced win seen before one of the loser's moves, and the game lost: {let_slip} games")
        turns = []
        for g in part:
            for p, before, after in g["rows"]:
                if after == -MATE and before is not None and before != -MATE:
                    turns.append((p, before))
                    break
        if turns:
            print(f"the move after which the judge first saw its forced win: median ply {statistics.median(p for p, _ in turns):.0f} "
                  f"after the opening, judged {statistics.median(v for _, v in turns):.0f} before it "
                  f"({len(turns)} games; the rest were lost before the loser's first judged move or without a forced win seen)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(games, handle)


if __name__ == "__main__":
    main()
