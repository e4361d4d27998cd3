#!/usr/bin/env bash
# The API suite again on a real PostgreSQL, when DATABASE_URL points to one (CI sets it), without
# the engine-independent files (listed in vitest.config.ts): they ran once on PGlite.
set -euo pipefail
if [ -z "${DATABASE_URL:-}" ]; then
  echo "DATABASE_URL non impostata: test API su PostgreSQL saltati (solo PGlite)."
  exit 0
fi
ENGINE_DEPENDENT_ONLY=1 exec npx vitest run --project api "$@"
