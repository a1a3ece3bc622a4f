#!/usr/bin/env bash
# Installs what the tests need beyond Go and a C compiler: Debian's
# Chromium headless shell for the browser tests (the browser without its
# window: the same pages for half the CPU of the full chromium) and the
# full chromium for the few that play the phones' real world (plain HTTP
# on the Wi-Fi, the server stopped: e2e/network_test.go), curl for
# the README's examples and PostgreSQL's server programs for the store's
# tests against PostgreSQL (with root or sudo, from the Debian mirrors),
# and the Go modules and tools (templ, staticcheck) that go.mod names,
# from the Go module proxy.
set -euo pipefail
. "$(dirname "$0")/apt.sh"
missing=()
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v curl >/dev/null 2>&1 || missing+=(curl)
# The tests start their own PostgreSQL (initdb and postgres from
# /usr/lib/postgresql/VERSION/bin) in a temporary directory.
pg_lib=${TABLEMATE_PG_LIB:-/usr/lib/postgresql}
if ! compgen -G "$pg_lib/*/bin/initdb" >/dev/null; then
  missing+=(postgresql)
  # Debian's package would also make and start a cluster of the system
  # on port 5432, which nothing here uses: tell it not to.
  conf=${TABLEMATE_PG_CONF:-/etc/postgresql-common/createcluster.d}
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! { $sudo mkdir -p "$conf" && echo "create_main_cluster = false" | $sudo tee "$conf/tablemate-no-main-cluster.conf" >/dev/null; }; then
    echo "(could not write $conf/tablemate-no-main-cluster.conf: the postgresql package may start a cluster of its own on port 5432; the tests do not use it)" >&2
  fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} for the tests"
  apt_install "${missing[@]}"
fi
if ! go mod download; then
  echo "Could not download the Go modules (go mod download, output above): this machine needs network access to the Go module proxy ($(go env GOPROXY))." >&2
  exit 1
fi
