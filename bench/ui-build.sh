#!/usr/bin/env bash
# What the admin UI adds to a clean build, and the size of what it ships (targets: under 3 minutes,
# under 1.5 MB gzipped). Runs exactly what the web module's Maven build runs (npm ci, npm run build) from an
# empty node_modules, into a temporary output folder; then gzips every built file (level 9) and sums.
set -euo pipefail
cd "$(dirname "$0")/../web-module/src/main/ui"
out=$(mktemp -d)
rm -rf node_modules
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
t0=$(date +%s.%N)
npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>&1
t1=$(date +%s.%N)
WARDEN_UI_OUT="$out/admin" npm run build >/dev/null 2>&1
t2=$(date +%s.%N)
raw=0; gz=0
while IFS= read -r -d '' f; do
    raw=$(( raw + $(stat -c %s "$f") ))
    gz=$(( gz + $(gzip -9 -c "$f" | wc -c) ))
done < <(find "$out/admin" -type f -print0)
printf 'npm ci: %.1f s\nvite build: %.1f s\ntotal added: %.1f s\nfiles: %s\nraw: %d bytes\ngzipped: %d bytes (%.2f MB)\n' \
    "$(echo "$t1 - $t0" | bc)" "$(echo "$t2 - $t1" | bc)" "$(echo "$t2 - $t0" | bc)" \
    "$(find "$out/admin" -type f | wc -l)" "$raw" "$gz" "$(echo "$gz / 1048576" | bc -l)"
rm -rf "$out"
