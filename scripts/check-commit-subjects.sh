#!/usr/bin/env bash
# Checks the commit messages of a range: every subject (first line) is at
# most 72 characters, and a message with a body has a blank second line.
# Prints each offender and exits 1 if there is one.
#
#   scripts/check-commit-subjects.sh [RANGE]
#
# RANGE is any `git log` range. Default: v0.1.0..HEAD where the tag v0.1.0
# exists, else 6976615..HEAD (the commits after the last one written before
# this rule; older subjects are left as they are).
set -euo pipefail
cd "$(dirname "$0")/.."

max=72
if [ $# -gt 1 ]; then
    echo "usage: $0 [RANGE]" >&2
    exit 2
fi
if [ $# -eq 1 ]; then
    range="$1"
elif git rev-parse -q --verify "refs/tags/v0.1.0" >/dev/null; then
    range="v0.1.0..HEAD"
else
    range="6976615..HEAD"
fi
base="${range%%..*}"
if [ -n "$base" ] && ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
    # A shallow clone may lack the base: nothing to compare against.
    echo "commit subjects: SKIPPED ($base is not in this clone)"
    exit 0
fi

bad=0
checked=0
for c in $(git rev-list --no-merges "$range"); do
    checked=$((checked + 1))
    msg="$(git log -1 --format=%B "$c")"
    subject="$(printf '%s\n' "$msg" | sed -n 1p)"
    second="$(printf '%s\n' "$msg" | sed -n 2p)"
    lines="$(printf '%s\n' "$msg" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' | wc -l)"
    short="$(git rev-parse --short "$c")"
    # Characters, not bytes: subjects may hold non-ASCII letters.
    len="$(printf '%s' "$subject" | LC_ALL=C.UTF-8 wc -m)"
    if [ "$len" -gt "$max" ]; then
        echo "$short: subject is $len characters (at most $max): $subject"
        bad=1
    fi
    if [ "$lines" -gt 1 ] && [ -n "$second" ]; then
        echo "$short: second line is not blank: $subject"
        bad=1
    fi
done

if [ "$bad" -ne 0 ]; then
    echo "commit subjects: offenders in $range (of $checked commits)" >&2
    exit 1
fi
echo "commit subjects: $checked commits in $range, all fine"
