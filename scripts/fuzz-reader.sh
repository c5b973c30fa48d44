#!/usr/bin/env bash
# Fuzzes touchtrace's trace and scene readers (and the replay behind them) with libFuzzer and
# AddressSanitizer. Usage: scripts/fuzz-reader.sh [RUNS] [extra libFuzzer flags...]
# RUNS defaults to 1,000,000 executions. Findings (crash-*, timeout-*, leak-*) land in
# .build/fuzz/findings/; the growing corpus in .build/fuzz/corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1000000}"
shift || true

out=.build/fuzz
mkdir -p "$out/corpus" "$out/findings" "$out/seeds"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name TouchTraceFuzz -package-name touchtrace \
    $(find Sources/TouchTrace -name '*.swift' | sort) Fuzz/ReaderFuzzer.swift \
    -o "$out/reader-fuzzer"

# Seeds: every fixture trace and scene, and every malformed input of the tests.
i=0
while IFS= read -r -d '' f; do
    cp "$f" "$out/seeds/seed-$i"
    i=$((i + 1))
done < <(find traces Tests/TouchTraceCLITests/Malformed \( -name '*.trace.json' -o -name 'scene.json' \) -print0)

"$out/reader-fuzzer" "$out/corpus" "$out/seeds" \
    -runs="$runs" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -dict=Fuzz/json.dict -artifact_prefix="$out/findings/" -print_final_stats=1 "$@"
