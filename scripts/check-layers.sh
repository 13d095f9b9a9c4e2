#!/usr/bin/env bash
# The library's layers import downward only: backend -> math, msm -> kzg ->
# ethereum. Fails if a file of a layer names a layer above it outside its
# tests (a `#[cfg(test)]` or `#[cfg(all(test, ...))]` module at the end of
# the file, or a test-only file).
set -euo pipefail
cd "$(dirname "$0")/../crates/fastkzg/src"
status=0
check() {
    local layer=$1 above=$2 f code
    while IFS= read -r -d '' f; do
        case "$f" in *_tests.rs | */test_points.rs | */tests.rs) continue ;; esac
        # The file up to its first test module, comments dropped.
        code=$(sed -n '/^#\[cfg(\(all(\)\?test/q;p' "$f" | sed 's#//.*##')
        if grep -nE "crate::($above)\b" <<<"$code" >/dev/null; then
            echo "check-layers: $f names a layer above $layer:" >&2
            grep -nE "crate::($above)\b" <<<"$code" >&2
            status=1
        fi
    done < <(find "$layer" -name '*.rs' -print0)
}
check backend 'math|msm|kzg|ethereum'
check math 'kzg|ethereum'
check msm 'math|kzg|ethereum'
check kzg 'ethereum'
[ "$status" = 0 ] && echo "check-layers: backend -> math, msm -> kzg -> ethereum, no upward import"
exit "$status"
