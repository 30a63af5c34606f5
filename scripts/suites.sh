#!/usr/bin/env bash
# Prints a `swift test --filter` / `--skip` pattern that matches the suites carrying a tag:
#
#   scripts/suites.sh threads    # the suites ThreadSanitizer runs (Tag.threads)
#   scripts/suites.sh scale      # the suites CI runs on their own, serialised (Tag.scale)
#
# `swift test` (Swift 6.3) cannot select tests by tag, so this reads the tests' sources: a suite
# carries the tag when its `@Suite(...)` attribute lists `.tags(..., .TAG, ...)`; its name is the
# type declared on that line or the next ones, its module the folder under Tests/. Only top-level
# suites are found. Fails when no suite carries the tag (a misspelt tag selects nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 TAG" >&2; exit 2; }
tag=$1
suites=$(
  for file in $(find Tests -name '*.swift' | sort); do
    module=$(echo "$file" | cut -d/ -f2)
    awk -v tag="$tag" -v module="$module" '
      /^@Suite\(/ && $0 ~ ("\\.tags\\([^)]*\\." tag "[,)]") { pending = 1 }
      pending && match($0, /(struct|class|enum|actor) [A-Za-z0-9_]+/) {
        split(substr($0, RSTART, RLENGTH), words, " ")
        print module "\\." words[2]
        pending = 0
      }' "$file"
  done
)
[ -n "$suites" ] || { echo "suites.sh: no suite carries the tag $tag" >&2; exit 1; }
echo "^($(echo "$suites" | paste -sd '|'))/"
