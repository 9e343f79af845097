#!/usr/bin/env bash
# The production install, shared by the Dockerfile and .ci/run (so CI proves the image's steps):
# build dist/, pack the package, and install the tarball into DEST without devDependencies.
# Usage: scripts/install-prod.sh DEST   → DEST/node_modules/rwerror, DEST/node_modules/.bin/rwerror
set -euo pipefail
dest="${1:?usage: scripts/install-prod.sh DEST}"
cd "$(dirname "$0")/.."
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"
packdir="$(mktemp -d)"
trap 'rm -rf "$packdir"' EXIT

# prepack builds dist/ (tsc, a devDependency: present where this script runs, absent from DEST).
npm pack --silent --pack-destination "$packdir" >/dev/null
tarball="$(ls "$packdir"/rwerror-*.tgz)"

cd "$dest"
# better-sqlite3 builds its native module in an install script: allowed by name, nothing else.
[ -f package.json ] ||
  printf '{ "name": "rwerror-deployment", "private": true, "allowScripts": { "better-sqlite3": true } }\n' >package.json
npm install --omit=dev --no-audit --no-fund --no-save "$tarball"
test -f node_modules/rwerror/dist/cli.js
echo "installed $(basename "$tarball") into $dest"
