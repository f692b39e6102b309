#!/usr/bin/env python3
"""Values every opening of a gomoku book with a judge (a Gomocup brain that
reports `MESSAGE ... Eval V`, as Rapfi does) and writes the openings whose
value lies within a band around a centre, the nearest first, as a new book.

An SPRT learns only from the pairs of games that do not split one to one
(each colour winning its own game), so a book whose openings a stronger
engine calls even gives a test more to learn from per game than one whose
openings a weaker engine's short search called even (docs/search.md).

The book holds offsets from the centre (`dx,dy, dx,dy, ...`, black first);
the value is from the side to move's view, in the judge's units, and a
forced win (`+M n`) counts as +/-20000. The centre is where the judge's own
games split evenly between the colours (`--values` beside such games shows
it): 0 for freestyle, about -40 for renju at 100,000 nodes.

Example (docs/search.md, "A book judged by a stronger engine"):

  python3 tools/judge_gomoku_openings.py --judge PATH/pbrain-rapfi-st --cwd PATH \\
      --rule 0 --nodes 100000 --band 60 --values values.tsv \\
      tools/openings/gomoku-book-freestyle.txt tools/openings/gomoku-book-freestyle-even.txt
"""
import argparse
import sys

from where_gomoku_games_are_lost import Judge


def read_book(path):
    """Yields (line, [(dx, dy), ...]) for each opening of a book."""
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            numbers = [int(n) for n in line.replace(",", " ").split()]
            if len(numbers) % 2:
                raise ValueError(f"an odd count of numbers in '{line}'")
            yield line, list(zip(numbers[0::2], numbers[1::2]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("book", help="the book to judge")
    parser.add_argument("out", help="the book of the openings kept")
    parser.add_argument("--judge", required=True, help="the Gomocup brain that judges (a command)")
    parser.add_argument("--cwd", help="its working directory")
    parser.add_argument("--rule", type=int, default=0, help="Gomocup rule number: 0 freestyle, 1 standard, 4 renju")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--nodes", type=int, default=100000)
    parser.add_argument("--centre", type=int, default=0,
                        help="the value at which black and white win equally often (the judge's own games say)")
    parser.add_argument("--band", type=int, default=60, help="keep openings valued within +/- this of the centre")
    parser.add_argument("--values", help="also write every opening's value here (tab-separated)")
    args = parser.parse_args()

    centre = args.size // 2
    judge = Judge(args.judge, args.cwd, args.rule, args.nodes, args.size)
    judged = []
    try:
        for number, (line, offsets) in enumerate(read_book(args.book), start=1):
            stones = [(centre + dx, centre + dy) for dx, dy in offsets]
            value, _ = judge.value(stones)
            judged.append((value, line))
            if number % 100 == 0:
                print(f"{number} openings judged", file=sys.stderr)
    finally:
        judge.close()
    if args.values:
        with open(args.values, "w", encoding="utf-8") as handle:
            for value, line in judged:
                handle.write(f"{value}\t{line}\n")
    kept = sorted((abs(v - args.centre), line) for v, line in judged
                  if v is not None and abs(v - args.centre) <= args.band)
    with open(args.out, "w", encoding="utf-8") as handle:
        for _, line in kept:
            handle.write(line + "\n")
    print(f"{len(judged)} openings judged at {args.nodes} nodes, {len(kept)} within {args.centre} +/- {args.band} kept")


if __name__ == "__main__":
    main()
