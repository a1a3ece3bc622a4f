#!/usr/bin/env bash
# Vendors the JS libraries listed in package.json into static/vendor, so the
# binary serves them itself and no page loads anything from a CDN.
# Run after changing package.json; commit the result.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund --ignore-scripts 2>/dev/null || npm install --no-audit --no-fund --ignore-scripts
cp node_modules/htmx.org/dist/htmx.min.js ../vendor/htmx.min.js
echo "vendored htmx $(node -p 'require("./node_modules/htmx.org/package.json").version')"
