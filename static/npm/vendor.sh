#!/usr/bin/env bash
# Vendors the JS libraries listed in package.json: htmx into static/vendor,
# so the binary serves it itself and no page loads anything from a CDN; and
# axe-core into e2e/testdata, for the browser tests' accessibility audit
# (never served). Run after changing package.json; commit the result.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund --ignore-scripts 2>/dev/null || npm install --no-audit --no-fund --ignore-scripts
cp node_modules/htmx.org/dist/htmx.min.js ../vendor/htmx.min.js
echo "vendored htmx $(node -p 'require("./node_modules/htmx.org/package.json").version')"
mkdir -p ../../e2e/testdata
cp node_modules/axe-core/axe.min.js ../../e2e/testdata/axe.min.js
echo "vendored axe-core $(node -p 'require("./node_modules/axe-core/package.json").version') for the browser tests"
