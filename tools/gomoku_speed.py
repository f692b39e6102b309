#!/usr/bin/env python3
"""Depth and nodes per second of Gomocup brains on fixed 15x15 middlegames.

Each brain is started once per position, given the position with BOARD and
a fixed turn time, and its own report of the search (MESSAGE/DEBUG lines)
is read: the last depth, nodes and time it states before its move. Brains
report in their own words; this script knows Banco's ("depth D ... nodes
N ... time T ms") and the common "Depth D | ... | Node N | Time Tms" form.

    python3 tools/gomoku_speed.py --turn-ms 1000 \
        --brain banco="target/release/banco gomocup" \
        --brain other="path/to/pbrain-other"

Prints a Markdown table. Run it on a quiet machine: one brain at a time,
nothing else running.
"""

import argparse
import re
import shlex
import subprocess
import sys
import time

# The middlegames of crates/gomoku/examples/gomoku_bench.rs (moves from the
# empty board, black first), with their Gomocup rule numbers.
POSITIONS = [
    ("freestyle", 0, "h8 i9 i8 g8 j7 k6 h9 h7 j9 g10"),
    ("standard", 1, "h8 h9 i9 g7 j10 k11 i10 i11 g9 f8 j8"),
    ("renju", 4, "h8 i9 j8 i8 i7 h6 j9 j10 k7 g9"),
]

MOVE = re.compile(r"^\s*\d+\s*,\s*\d+\s*$")
BANCO = re.compile(r"depth (\d+).*?nodes (\d+).*?time (\d+) ms")
COMMON = re.compile(r"Depth (\d+)[^|]*\|.*Node ([\d.]+)([KMG]?)\s*\|\s*Time (\d+)\s*ms", re.I)
SCALE = {"": 1, "K": 1_000, "M": 1_000_000, "G": 1_000_000_000}


def board_lines(moves):
    """BOARD lines for the side to move: 1 its own stones, 2 the other's."""
    stones = moves.split()
    to_move = len(stones) % 2
    lines = []
    for i, text in enumerate(stones):
        x = ord(text[0]) - ord("a")
        y = int(text[1:]) - 1
        own = 1 if i % 2 == to_move else 2
        lines.append(f"{x},{y},{own}")
    return lines


def parse(line):
    """(depth, nodes, ms) from one report line, or None."""
    m = BANCO.search(line)
    if m:
        return int(m.group(1)), int(m.group(2)), int(m.group(3))
    m = COMMON.search(line)
    if m:
        nodes = int(float(m.group(2)) * SCALE[m.group(3).upper()])
        return int(m.group(1)), nodes, int(m.group(4))
    return None


def measure(command, rule, moves, turn_ms):
    proc = subprocess.Popen(
        shlex.split(command),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )

    def send(text):
        proc.stdin.write(text + "\n")
        proc.stdin.flush()

    send("START 15")
    if proc.stdout.readline().strip().upper() != "OK":
        raise SystemExit(f"{command}: START refused")
    send(f"INFO rule {rule}")
    send(f"INFO timeout_turn {turn_ms}")
    send("INFO timeout_match 0")
    send("BOARD")
    for line in board_lines(moves):
        send(line)
    started = time.monotonic()
    send("DONE")
    last = None
    move = None
    while True:
        line = proc.stdout.readline()
        if not line:
            break
        if MOVE.match(line):
            move = line.strip()
            break
        found = parse(line)
        if found:
            last = found
    wall = int((time.monotonic() - started) * 1000)
    send("END")
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
    return last, move, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turn-ms", type=int, default=1000)
    parser.add_argument(
        "--brain", action="append", required=True, help="NAME=COMMAND (repeatable)"
    )
    args = parser.parse_args()
    print("| brain | position | depth | nodes | time (ms) | nodes/s | move | wall (ms) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: |")
    for spec in args.brain:
        name, _, command = spec.partition("=")
        for label, rule, moves in POSITIONS:
            last, move, wall = measure(command, rule, moves, args.turn_ms)
            if last is None:
                print(f"| {name} | {label} | – | – | – | – | {move} | {wall} |")
                continue
            depth, nodes, ms = last
            nps = nodes * 1000 // max(ms, 1)
            print(f"| {name} | {label} | {depth} | {nodes:,} | {ms} | {nps:,} | {move} | {wall} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
