#!/usr/bin/env bash
# Fuzzes Banco's parsers and protocol loops with AFL++ through cargo-afl
# (stable Rust), each target for MINUTES minutes, as many at once as the
# machine has cores, then keeps what the fuzzer learnt.
#
#   tools/fuzz.sh [MINUTES] [TARGET...]
#
# MINUTES defaults to 10 (0: only report and keep the last run's work); the targets default to all of them (names as in
# crates/fuzz: chess_fen, xiangqi_fen, chess_moves, xiangqi_moves,
# gomoku_moves, records, uci_loop, gomocup_loop, server_bodies).
#
# Needs: cargo install cargo-afl && cargo afl config --build
#
# Each target starts from fuzz/corpus/TARGET/ and works in
# target/fuzz/TARGET/. When it ends, its queue is minimised (afl-cmin) and
# the inputs that reach new code are added to fuzz/corpus/TARGET/ under
# their content hash, so `cargo test -p banco-fuzz` replays them; inputs
# that crashed are copied to fuzz/crashes/TARGET/ to be fixed (a fixed
# crash moves to the corpus, where it stays a test). A line per target
# gives its executions, its edges found and its crashes.
set -euo pipefail

minutes=${1:-10}
shift || true
root=$(git rev-parse --show-toplevel)
cd "$root"
all=(chess_fen xiangqi_fen chess_moves xiangqi_moves gomoku_moves records uci_loop gomocup_loop server_bodies)
targets=("$@")
((${#targets[@]})) || targets=("${all[@]}")

(cd fuzz/afl && cargo afl build --release)
bin=$root/fuzz/afl/target/release/banco-afl
fuzz() { cargo afl fuzz "$@"; }
# cargo-afl's own cmin (the Python one) finds no tuples with a persistent
# target here; AFL++'s shell version beside afl-fuzz does.
# cargo afl config --build puts AFL++'s programs there.
afl_bin=${AFL_BIN_DIR:-$(ls -d "${XDG_DATA_HOME:-$HOME/.local/share}"/afl.rs/rustc-*/afl.rs-*/afl/bin 2>/dev/null | tail -1)}
cmin() { AFL_PATH=$afl_bin "$afl_bin/afl-cmin.bash" "$@"; }

export AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
work=$root/target/fuzz
mkdir -p "$work"

run_one() {
    local target=$1 out=$work/$1
    rm -rf "$out"
    mkdir -p "$out"
    fuzz -i "fuzz/corpus/$target" -o "$out" -V $((minutes * 60)) -t 2000 -- "$bin" "$target" \
        >"$out/fuzz.log" 2>&1 || true
}

jobs=$(nproc)
# MINUTES 0 fuzzes nothing: it only reports and keeps the last run's work.
if ((minutes > 0)); then
    for target in "${targets[@]}"; do
        while (($(jobs -rp | wc -l) >= jobs)); do wait -n; done
        echo "fuzzing $target for $minutes min" >&2
        run_one "$target" &
    done
    wait
fi

for target in "${targets[@]}"; do
    out=$work/$target/default
    stats=$out/fuzzer_stats
    [ -f "$stats" ] || { echo "$target: no statistics (see $work/$target/fuzz.log)"; continue; }
    value() { awk -F' *: *' -v k="$1" '$1 == k { print $2 }' "$stats"; }
    echo "$target: $(value execs_done) executions, $(value execs_per_sec)/s, edges $(value edges_found) of $(value total_edges) ($(value bitmap_cvg)), corpus $(value corpus_count), crashes $(value saved_crashes), hangs $(value saved_hangs)"
    # The queue, minimised, joins the kept corpus under content hashes.
    min=$work/$target/min
    rm -rf "$min"
    cmin -i "$out/queue" -o "$min" -t 2000 -- "$bin" "$target" >/dev/null 2>&1 || true
    for file in "$min"/*; do
        [ -f "$file" ] || continue
        cp "$file" "fuzz/corpus/$target/$(sha1sum "$file" | cut -c1-16)"
    done
    for file in "$out"/crashes/id:*; do
        [ -f "$file" ] || continue
        mkdir -p "fuzz/crashes/$target"
        cp "$file" "fuzz/crashes/$target/$(sha1sum "$file" | cut -c1-16)"
    done
done
