#!/usr/bin/env bash
# Proof that the browser tests bring their own browser: run them in a mount namespace where
# the system Chromium (/usr/bin/chromium, /usr/lib/chromium), the NSS/NSPR/expat libraries it
# and the npm build link against, and the system fonts are hidden. The tests must then find
# the Chromium of the npm package @sparticuz/chromium and pass with its own libraries.
# Needs root (or user namespaces): `sudo scripts/prove_browser_from_npm.sh`. Linux x86-64.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUST_BACKTRACE=0 NO_COLOR=1
DENO="${DENO:-deno}"
exec unshare -m bash -euo pipefail -c '
  empty_file=$(mktemp); empty_dir=$(mktemp -d)
  hide() { if [ -d "$1" ]; then mount --bind "$empty_dir" "$1"; elif [ -e "$1" ]; then mount --bind "$empty_file" "$1"; fi; }
  for path in /usr/bin/chromium /usr/bin/chromium-browser /usr/lib/chromium /usr/share/fonts; do hide "$path"; done
  for dir in /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu; do
    hide "$dir/nss"
    for lib in libnss3.so libnssutil3.so libsmime3.so libssl3.so libnspr4.so libplc4.so \
               libplds4.so libexpat.so.1 libfreebl3.so libfreeblpriv3.so libsoftokn3.so; do
      hide "$dir/$lib"
    done
  done
  echo "== hidden: system chromium, NSS/NSPR/expat, fonts"
  if [ -x /usr/bin/chromium ]; then echo "chromium still runnable"; exit 1; fi
  echo "no runnable chromium on the PATH"
  for binary in node_modules/.cache/chromium/*/chromium; do
    [ -e "$binary" ] || continue
    echo "libraries the npm chromium cannot find on the system: $(ldd "$binary" | grep -c "not found")"
  done
  '"$DENO"' test -A tests/browser/
'
