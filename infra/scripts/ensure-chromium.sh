#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the dashboard's browser test (driven by
# playwright-core with executablePath /usr/bin/chromium). Prints the binary's path.
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium package" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >&2 || echo "ensure-chromium: apt-get update failed; trying the cached package lists" >&2
  $SUDO apt-get install -y -qq --no-install-recommends chromium >&2 || { echo "ensure-chromium: ERROR: could not install chromium" >&2; exit 1; }
fi
command -v chromium
