#!/usr/bin/env bash
# build.sh: builds bin/tablemate, saying what takes time. The first build
# on a machine compiles the SQLite driver, which is C (mattn/go-sqlite3,
# through cgo): about two minutes on two cores, silent otherwise; after
# that Go's build cache keeps it and a build takes seconds.
set -euo pipefail
go=${GO:-go}
if [ "$("$go" list -f '{{.Stale}}' github.com/mattn/go-sqlite3 2>/dev/null)" != false ]; then
  echo "compiling the SQLite driver (C code, through cgo): about 2 minutes the first time, seconds after that"
fi
echo "building bin/tablemate"
"$go" build -o bin/tablemate ./cmd/tablemate
