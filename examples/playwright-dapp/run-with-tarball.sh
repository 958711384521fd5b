#!/usr/bin/env bash
# Runs the example's Playwright suite against an rsk-devnode tarball (what `npm pack` writes), from
# a clean copy of the example in a temporary directory, so nothing of the repository around it
# (its node_modules, its build) can stand in for what the tarball installs.
#
#   examples/playwright-dapp/run-with-tarball.sh rsk-devnode-0.1.0.tgz [playwright test options]
#   RSK_DEVNODE_TARBALL=rsk-devnode-0.1.0.tgz examples/playwright-dapp/run-with-tarball.sh
#
# RUNS=20 runs the suite twenty times after one install and stops at the first failure.
# KEEP=1 keeps the temporary copy (its path is printed). CHROMIUM_PATH picks the browser.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

tarball="${RSK_DEVNODE_TARBALL:-}"
if [[ $# -gt 0 && "$1" == *.tgz ]]; then tarball="$1"; shift; fi
if [[ -z "$tarball" || ! -f "$tarball" ]]; then
  echo "usage: $0 <rsk-devnode-x.y.z.tgz> [playwright test options] (or RSK_DEVNODE_TARBALL)" >&2
  exit 2
fi
tarball="$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")"

work="$(mktemp -d "${TMPDIR:-/tmp}/rsk-devnode-playwright-dapp.XXXXXX")"
if [[ "${KEEP:-}" == 1 ]]; then echo "example copied to $work"; else trap 'rm -rf "$work"' EXIT; fi
tar -C "$here" --exclude=./node_modules --exclude=./test-results --exclude=./playwright-report \
  --exclude=./package-lock.json -cf - . | tar -C "$work" -xf -
cd "$work"

npm pkg set "devDependencies.rsk-devnode=file:$tarball"
npm install --no-audit --no-fund --loglevel=error

runs="${RUNS:-1}"
for ((run = 1; run <= runs; run++)); do
  start=$SECONDS
  if ! npx playwright test --workers=2 "$@"; then
    echo "run $run of $runs FAILED after $((SECONDS - start)) s" >&2
    exit 1
  fi
  (( runs == 1 )) || echo "run $run of $runs passed in $((SECONDS - start)) s"
done
