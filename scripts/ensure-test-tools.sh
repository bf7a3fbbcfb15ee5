#!/usr/bin/env bash
# The system tools the tests need, installed from Debian when missing (`pnpm test` runs this first, and so .ci/run):
#   qpdf      builds the encrypted PDF fixtures the statement tests make for themselves;
#   chromium  (/usr/bin/chromium) is the browser the console's end-to-end tests drive (playwright-core never downloads one).
# Not root and something missing: one line naming what and the command that installs it, and exit 1.
set -euo pipefail

missing=()
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "the tests need ${missing[*]}, which this user cannot install: run sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "installing ${missing[*]} (Debian packages the tests need)"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
echo "installed ${missing[*]}"
