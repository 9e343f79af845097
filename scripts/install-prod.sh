#!/usr/bin/env bash
# The production install, shared by the Dockerfile and .ci/run (so CI proves the image's steps):
#   scripts/install-prod.sh pack PACKDIR          build dist/, npm pack → PACKDIR/rwerror-*.tgz, plus the lockfile
#   scripts/install-prod.sh install PACKDIR DEST  unpack into DEST and npm ci --omit=dev from the lockfile
#   scripts/install-prod.sh DEST                  both (what .ci/run does)
# DEST is the package itself: DEST/bin/rwerror.js, DEST/dist/, DEST/data/, DEST/node_modules/.
# Only better-sqlite3's install script runs (its native module: the one native build); no other
# dependency runs a script, whatever the npm version's defaults.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

usage() {
  echo "usage: scripts/install-prod.sh pack PACKDIR | install PACKDIR DEST | DEST" >&2
  exit 2
}

absolute() {
  mkdir -p "$1"
  (cd "$1" && pwd)
}

pack() {
  local packdir
  packdir="$(absolute "$1")"
  cd "$here/.."
  # prepack builds dist/ (tsc, a devDependency: present where this step runs, absent from DEST).
  npm pack --silent --pack-destination "$packdir" >/dev/null
  # npm pack never ships the lockfile; the install needs it to get exactly the tested versions.
  cp package-lock.json "$packdir/"
  echo "packed $(cd "$packdir" && ls rwerror-*.tgz) into $packdir"
}

install() {
  local packdir dest tarballs
  packdir="$(cd "$1" && pwd)"
  dest="$(absolute "$2")"
  tarballs=("$packdir"/rwerror-*.tgz)
  [ "${#tarballs[@]}" -eq 1 ] && [ -f "${tarballs[0]}" ] || { echo "expected one rwerror-*.tgz in $packdir" >&2; exit 1; }
  [ -z "$(ls -A "$dest")" ] || { echo "$dest is not empty" >&2; exit 1; }
  tar -xzf "${tarballs[0]}" -C "$dest" --strip-components=1
  cp "$packdir/package-lock.json" "$dest/"
  cd "$dest"
  npm ci --omit=dev --ignore-scripts --no-audit --no-fund
  npm rebuild better-sqlite3
  test -f dist/cli.js
  node -e 'require("better-sqlite3")(":memory:").close()' ||
    { echo "better-sqlite3 does not load on $(node -v)" >&2; exit 1; }
  echo "installed $(node -p 'require("./package.json").version') into $dest ($(node -v))"
}

case "${1:-}" in
  pack) [ $# -eq 2 ] || usage; pack "$2" ;;
  install) [ $# -eq 3 ] || usage; install "$2" "$3" ;;
  "" | -*) usage ;;
  *)
    [ $# -eq 1 ] || usage
    packdir="$(mktemp -d)"
    trap 'rm -rf "$packdir"' EXIT
    (pack "$packdir")
    install "$packdir" "$1"
    ;;
esac
