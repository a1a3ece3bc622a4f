#!/usr/bin/env bash
# Installs what building needs beyond Go: a C compiler, since the SQLite
# driver (mattn/go-sqlite3) is cgo. A fresh Debian machine with Go may not
# have one.
set -euo pipefail
if ! command -v gcc >/dev/null 2>&1; then
  echo "installing gcc for cgo (the SQLite driver)"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq gcc libc6-dev >/dev/null
fi
