#!/usr/bin/env bash
# Runs the cargo-fuzz targets on the stable toolchain (no sanitizer), each for SECONDS
# (default 60), starting from the committed seeds in fuzz/seeds/<target>; new inputs go to
# fuzz/corpus/<target> and crashes to fuzz/artifacts/<target> (both ignored by git).
# Needs cargo-fuzz: `cargo install cargo-fuzz`.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]     (targets: fen moves protocol)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fen moves protocol)
for target in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$target"
    echo "== $target for ${seconds}s"
    # -timeout: a case taking longer counts as a hang (a stop or search that never ends).
    nice -n 10 cargo fuzz run -s none "$target" "fuzz/corpus/$target" "fuzz/seeds/$target" -- \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096
done
