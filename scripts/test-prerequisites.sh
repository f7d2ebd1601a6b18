#!/usr/bin/env bash
# The first step of `npm test` (and of .ci/run): the programs the tests need besides node_modules.
# Chromium runs the browser tests (Playwright cannot download its own browser here); redis-server is
# started by the API test of rate limits shared by two servers. PostgreSQL is optional for `npm test`
# (the API suite runs on it only when TEST_DATABASE_URL is set). What is missing is installed with
# apt-get when this runs as root; otherwise it stops at once with the one command to run.
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} (apt-get)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "npm test needs ${missing[*]}. Install with:" >&2
echo "  sudo apt-get install -y ${missing[*]}" >&2
if [[ " ${missing[*]} " == *" chromium "* ]]; then
  echo "(or point CHROMIUM_PATH at a Chromium you have)" >&2
fi
exit 1
