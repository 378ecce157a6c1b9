#!/usr/bin/env bash
# Builds FerretDB (the embedded MongoDB-compatible database for development and tests) from the Go
# module proxy. A plain `go install` of v1.24.2 panics at start because build/version/version.txt is
# generated upstream and missing from the module (FerretDB issue #2982), so we build from a copy of the
# module with that file written in. See docs/decisions/0002-embedded-database.md.
#
# Usage: scripts/build-ferretdb.sh OUTPUT_BINARY
set -euo pipefail

version="v1.24.2"
out="${1:?usage: build-ferretdb.sh OUTPUT_BINARY}"

command -v go >/dev/null || { echo "build-ferretdb: Go toolchain not found on PATH" >&2; exit 1; }

work="$(mktemp -d)"
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

dir="$(go mod download -json "github.com/FerretDB/FerretDB@${version}" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -d "$dir" ] || { echo "build-ferretdb: go mod download gave no module directory" >&2; exit 1; }

cp -R "$dir/." "$work/src"
chmod -R u+w "$work/src"
printf '%s' "$version" > "$work/src/build/version/version.txt"

mkdir -p "$(dirname "$out")"
(cd "$work/src" && CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath -o "$work/ferretdb" ./cmd/ferretdb)
# Move into place atomically so a concurrent start never sees a half-written binary.
mv "$work/ferretdb" "$out.tmp.$$" && mv "$out.tmp.$$" "$out"
