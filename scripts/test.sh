#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest. Installs Debian's Chromium when neither it
# nor CHROME_PATH is there (Playwright cannot download its own browser on our machines).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${CHROME_PATH:-}" ]; then
  if ! command -v chromium >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the end-to-end tests…"
    SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
  fi
  CHROME_PATH=$(command -v chromium)
  export CHROME_PATH
fi

npm run lint
npm run typecheck
npm run test:unit
npm run build
npm run check:budgets
npm run check:lighthouse
npm run test:e2e
