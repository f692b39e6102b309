#!/usr/bin/env python3
"""Compares two matches played on the same openings, pair by pair.

Two 200-game matches against the same opponent differ by about ±9 points
per 100 games from chance alone, but most of that chance lies in the
openings: some are lost by either build, some drawn by either. When both
matches played the same openings in the same order, each opening played
twice with colours swapped (rounds 2k-1 and 2k, as `match_chess.py` and
`match_xiangqi.py` write them), the difference of the two builds' scores
on each opening pair cancels the openings' share, and its mean over the
pairs has a much narrower error.

    python3 tools/paired_by_opening.py --player banco NEW.pgn OLD.pgn

prints each match's score and the paired difference (NEW − OLD) in points
per 100 games with its 95 % interval (1.96 standard errors of the mean of
the pair differences). Matches of different lengths are compared on the
pairs both completed.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys

HEADER = re.compile(r'^\[(\w+) "([^"]*)"\]\s*$')
RESULT_POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def read_games(path: str) -> list[dict[str, str]]:
    """The header tags of each game of a PGN file, in file order."""
    games: list[dict[str, str]] = []
    current: dict[str, str] = {}
    with open(path, encoding="utf-8") as pgn:
        for line in pgn:
            match = HEADER.match(line)
            if match:
                if match.group(1) == "Event" and current:
                    games.append(current)
                    current = {}
                current[match.group(1)] = match.group(2)
    if current:
        games.append(current)
    return games


def player_scores(path: str, player: str) -> list[float]:
    """The player's points in each game, ordered by round.

    A game is the player's when the White or Black tag starts with
    `player` (match tools name builds `banco`, `banco-net11`, ...).
    """
    rounds: list[tuple[int, float]] = []
    for number, tags in enumerate(read_games(path), start=1):
        result = tags.get("Result", "*")
        if result not in RESULT_POINTS:
            continue
        white_points = RESULT_POINTS[result]
        if tags.get("White", "").startswith(player):
            points = white_points
        elif tags.get("Black", "").startswith(player):
            points = 1.0 - white_points
        else:
            sys.exit(f"{path}: game {number} has no player named {player}*")
        try:
            round_number = int(tags.get("Round", str(number)))
        except ValueError:
            round_number = number
        rounds.append((round_number, points))
    rounds.sort()
    return [points for _, points in rounds]


def pair_sums(scores: list[float]) -> list[float]:
    """Points per opening pair (games 2k-1 and 2k); an unfinished pair is dropped."""
    return [scores[i] + scores[i + 1] for i in range(0, len(scores) - 1, 2)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("new", help="the match of the build or net being judged")
    parser.add_argument("old", help="the match it is compared with")
    parser.add_argument(
        "--player", default="banco", help="the prefix of the compared side's name in the PGN"
    )
    args = parser.parse_args()

    new, old = player_scores(args.new, args.player), player_scores(args.old, args.player)
    for label, scores in (("new", new), ("old", old)):
        share = 100.0 * sum(scores) / len(scores) if scores else 0.0
        print(f"{label}: {sum(scores):g} / {len(scores)} = {share:.1f} %")

    new_pairs, old_pairs = pair_sums(new), pair_sums(old)
    count = min(len(new_pairs), len(old_pairs))
    if count < 2:
        sys.exit("fewer than two opening pairs in common")
    differences = [a - b for a, b in zip(new_pairs[:count], old_pairs[:count])]
    # A pair holds two games, so points per pair × 50 is points per 100 games.
    mean = 50.0 * statistics.mean(differences)
    error = 50.0 * 1.96 * statistics.stdev(differences) / count**0.5
    print(f"paired over {count} opening pairs: {mean:+.1f} ± {error:.1f} points per 100 games")


if __name__ == "__main__":
    main()
