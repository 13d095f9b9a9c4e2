#!/usr/bin/env bash
# Runs c-kzg-4844's own Node.js test suite (bindings/node.js/test, unchanged)
# against this package: proof that fastkzg is a drop-in for the c-kzg npm
# package.
#
#   bindings/node/peer-suite.sh <path-to-a-c-kzg-4844-checkout>
#
# The suite imports its binding as "../lib/kzg". In a scratch copy of the
# checkout's bindings/node.js folder, lib/kzg.js is replaced by a one-line
# module that re-exports this package (lib/kzg.d.ts, the c-kzg types, is
# kept), ../../tests points at the checkout's reference tests, and the
# suite's test tools (jest, ts-jest, typescript, glob, js-yaml) are
# installed from npm at the versions its package.json asks for.
# Not part of test.sh: it needs the checkout and the npm registry.
# Build this package first (build.sh). Extra arguments go to jest.
set -euo pipefail

if [ $# -lt 1 ] || [ ! -d "$1/bindings/node.js/test" ]; then
  echo "usage: $0 <path-to-c-kzg-4844-checkout> [jest arguments]" >&2
  exit 2
fi
checkout="$(cd "$1" && pwd)"
shift
here="$(cd "$(dirname "$0")" && pwd)"
[ -f "$here/trusted_setup.txt" ] || { echo "build the package first: $here/build.sh" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/fastkzg-peer-suite.XXXXXX")"
trap 'rm -rf "$work"' EXIT
suite="$work/bindings/node.js"
mkdir -p "$suite/lib"
cp -r "$checkout/bindings/node.js/test" "$suite/test"
cp "$checkout/bindings/node.js/"{jest.config.js,tsconfig.json} "$suite/"
cp "$checkout/bindings/node.js/lib/kzg.d.ts" "$suite/lib/kzg.d.ts"
ln -s "$checkout/tests" "$work/tests"
printf 'module.exports = require(%s);\n' "$(node -p 'JSON.stringify(process.argv[1])' "$here")" > "$suite/lib/kzg.js"

cd "$suite"
# Only the test tools, at the versions the suite's package.json asks for.
echo '{ "name": "c-kzg-peer-suite", "private": true }' > package.json
tools="$(node -p '
  const dev = require(process.argv[1]).devDependencies;
  ["jest", "ts-jest", "typescript", "@types/jest", "@types/node", "glob", "js-yaml"]
    .filter((n) => dev[n]).map((n) => `${n}@${dev[n]}`).join(" ")' "$checkout/bindings/node.js/package.json")"
echo "== installing the suite's tools: $tools"
# shellcheck disable=SC2086
npm install --no-package-lock --ignore-scripts --legacy-peer-deps --no-audit --no-fund $tools >/dev/null
echo "== jest (c-kzg-4844 $(git -C "$checkout" describe --tags 2>/dev/null || basename "$checkout"), bindings/node.js/test against $here)"
npx jest "$@"
