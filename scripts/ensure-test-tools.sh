#!/usr/bin/env bash
# The system tools the tests need, installed from Debian when missing (`pnpm test` runs this first, and so .ci/run):
#   qpdf      builds the encrypted PDF fixtures the statement tests make for themselves;
#   chromium  (/usr/bin/chromium) is the browser the console's end-to-end tests drive (playwright-core never downloads one).
# Not root and something missing: one line naming what and the command that installs it, and exit 1.
# Arguments name the tools to check (the readers package's own tests need only qpdf); none, both.
set -euo pipefail

missing=()
for tool in "${@:-qpdf chromium}"; do
  for t in $tool; do
    case "$t" in
      qpdf) command -v qpdf >/dev/null 2>&1 || missing+=(qpdf) ;;
      chromium) [ -x /usr/bin/chromium ] || missing+=(chromium) ;;
      *) echo "ensure-test-tools.sh: unknown tool $t (qpdf, chromium)" >&2; exit 1 ;;
    esac
  done
done
[ ${#missing[@]} -eq 0 ] && exit 0

# Root, or passwordless sudo (as on hosted CI runners); anything else would stop at a password prompt.
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as_root=(sudo -n); else as_root=(false); fi
fi
if ! command -v apt-get >/dev/null 2>&1 || [ "${as_root[*]}" = false ]; then
  echo "the tests need ${missing[*]}, which this user cannot install: run sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "installing ${missing[*]} (Debian packages the tests need)"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
echo "installed ${missing[*]}"
