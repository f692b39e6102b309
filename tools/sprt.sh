#!/usr/bin/env bash
# Tests the working tree's build against an earlier commit with an SPRT, as
# engine authors test every change before it goes in.
#
#   tools/sprt.sh BASE [GAME] [banco match options...]
#
# BASE is a commit (e.g. HEAD, or the main branch before a change); GAME is
# chess (default), xiangqi or gomoku. The base is built once in a temporary
# worktree and kept under target/sprt/; the new build is copied there too, so
# rebuilding while the test runs changes nothing. Options after GAME go to
# `banco match` and replace these defaults: bounds 0,10 Elo (alpha = beta =
# 0.05), 2+0.02 a game, both cores, at most 20,000 games, the game's
# book of balanced openings (tools/openings; at fixed nodes a match plays
# each opening once a colour, so the book bounds the games). Results are appended to target/sprt/results.jsonl.
# Examples:
#
#   tools/sprt.sh HEAD                          # the uncommitted change, chess
#   tools/sprt.sh main xiangqi --sprt -5,5      # a simplification, xiangqi
#   tools/sprt.sh HEAD chess --nodes 20000      # a change that does not touch time
set -euo pipefail

base=${1:?usage: tools/sprt.sh BASE [GAME] [banco match options...]}
shift
game=chess
if [ $# -gt 0 ] && [[ $1 != -* ]]; then
    game=$1
    shift
fi
root=$(git rev-parse --show-toplevel)
cd "$root"
work=$root/target/sprt
mkdir -p "$work"

rev=$(git rev-parse --short "$base")
base_bin=$work/banco-$rev
if [ ! -x "$base_bin" ]; then
    tree=$work/tree-$rev
    rm -rf "$tree"
    git worktree add --detach --force "$tree" "$rev" >/dev/null
    CARGO_TARGET_DIR=$work/target cargo build --release --manifest-path "$tree/Cargo.toml"
    cp "$work/target/release/banco" "$base_bin"
    git worktree remove --force "$tree"
fi
cargo build --release
new_bin=$work/banco-new
cp target/release/banco "$new_bin"

case $game in
    chess) openings=tools/openings/chess-book.epd; protocol=uci ;;
    xiangqi) openings=tools/openings/xiangqi-book.txt; protocol=uci ;;
    gomoku)
        # Renju's book is judged under its own rule; the others share freestyle's.
        if [[ " $* " == *" --rule renju "* ]]; then
            openings=tools/openings/gomoku-book-renju.txt
        else
            openings=tools/openings/gomoku-book-freestyle.txt
        fi
        protocol=gomocup ;;
    *) echo "unknown game '$game': chess, xiangqi or gomoku" >&2; exit 2 ;;
esac

# The defaults, each unless the caller gave its own.
given=" $* "
defaults=()
[[ $given == *" --sprt "* ]] || defaults+=(--sprt 0,10)
[[ $given == *" --tc "* || $given == *" --nodes "* || $given == *" --movetime "* ]] || defaults+=(--tc 2+0.02)
[[ $given == *" --games "* ]] || defaults+=(--games 20000)
[[ $given == *" --concurrency "* ]] || defaults+=(--concurrency 2)
[[ $given == *" --openings "* ]] || defaults+=(--openings "$openings")

echo "SPRT: $(git describe --always --dirty) against $rev, $game" >&2
exec "$new_bin" match "$game" \
    -p "$protocol:$new_bin $protocol" \
    -p "$protocol:$base_bin $protocol" \
    --results "$work/results.jsonl" \
    "${defaults[@]}" "$@"
