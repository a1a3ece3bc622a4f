#!/usr/bin/env bash
# Lighthouse scores of the main pages, mobile, with Debian's Chromium:
# builds the binary, serves it on a fresh database on 127.0.0.1, creates a
# table with one game and audits the pages (scripts/lighthouse/run.mjs).
# A measurement for the README, not a test: scores vary from run to run.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund >/dev/null 2>&1 || npm install --no-audit --no-fund >/dev/null
# Lighthouse drives the full chromium (the tests only its headless shell).
command -v chromium >/dev/null || { . ../apt.sh; apt_install chromium; }
dir=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
(cd ../.. && go build -o "$dir/tablemate" ./cmd/tablemate)
"$dir/tablemate" serve -addr 127.0.0.1:8091 -db "$dir/lh.db" -write-rate 0 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do curl -fs http://127.0.0.1:8091/healthz >/dev/null && break; sleep 0.1; done
BASE=http://127.0.0.1:8091 node run.mjs
