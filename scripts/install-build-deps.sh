#!/usr/bin/env bash
# Installs what building needs beyond Go: a C compiler, since the SQLite
# driver (mattn/go-sqlite3) is cgo. A fresh Debian machine with Go may not
# have one. Needs root or sudo, and network to the Debian mirrors.
set -euo pipefail
. "$(dirname "$0")/apt.sh"
if ! command -v gcc >/dev/null 2>&1; then
  echo "installing gcc for cgo (the SQLite driver)"
  apt_install gcc libc6-dev
fi
