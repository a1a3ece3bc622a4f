#!/usr/bin/env bash
# Installs what the tests need beyond Go: Debian's Chromium for the
# browser tests. Go modules and tools (templ, staticcheck) come from go.mod.
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
go mod download
