#!/usr/bin/env bash
# Installs what the tests need beyond Go and a C compiler: Debian's
# Chromium for the browser tests and curl for the README's examples (with
# root or sudo, from the Debian mirrors), and the Go modules and tools
# (templ, staticcheck) that go.mod names, from the Go module proxy.
set -euo pipefail
. "$(dirname "$0")/apt.sh"
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} for the tests"
  apt_install "${missing[@]}"
fi
if ! go mod download; then
  echo "Could not download the Go modules (go mod download, output above): this machine needs network access to the Go module proxy ($(go env GOPROXY))." >&2
  exit 1
fi
