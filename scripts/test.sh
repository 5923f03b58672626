#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest. Installs what the browser tests need from
# Debian when it is missing: Chromium and its headless shell (Playwright cannot download its own
# browsers on our machines) and nginx with its brotli module (the tests serve the build as a
# deployment does); PostgreSQL for the service's tests on its second store (they start their own
# throwaway clusters).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
if [ -z "${CHROME_PATH:-}" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
fi
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then missing+=(nginx); fi
if [ ! -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then missing+=(libnginx-mod-http-brotli-static); fi
if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then missing+=(postgresql); fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing from Debian for the tests: ${missing[*]}…"
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  # Debian starts what it installs: the system nginx on port 80, and PostgreSQL's main cluster on
  # 5432. The tests run their own, so what was just installed is stopped; nothing else is touched.
  for package in "${missing[@]}"; do
    case "$package" in
      nginx) $SUDO systemctl disable --now nginx >/dev/null 2>&1 || true ;;
      postgresql)
        $SUDO systemctl disable --now postgresql >/dev/null 2>&1 || true
        pg_lsclusters --no-header 2>/dev/null | while read -r version name _; do
          $SUDO pg_ctlcluster "$version" "$name" stop >/dev/null 2>&1 || true
        done || true
        ;;
    esac
  done
fi
# Lighthouse in the full Chromium, which scores a page as a person's browser shows it; the browser
# tests in its headless shell, as Playwright's own headless runs are: the same engine without the
# browser's windows, which runs them in two thirds of the time. A CHROME_PATH given is used for both.
browser() {
  command -v "$1" || {
    echo "No $1 after installing it: set CHROME_PATH to a Chromium or Chrome to run the tests with." >&2
    exit 1
  }
}
lighthouse_chrome=${CHROME_PATH:-$(browser chromium)}
tests_chrome=${CHROME_PATH:-$(browser chromium-headless-shell)}

npm run lint
npm run typecheck
npm run test:unit
npm run test:node24 -- --project server
npm run build
npm run check:budgets
CHROME_PATH=$lighthouse_chrome npm run check:lighthouse
CHROME_PATH=$tests_chrome npm run test:e2e
