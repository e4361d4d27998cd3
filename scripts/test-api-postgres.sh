#!/usr/bin/env bash
# The API suite again on a real PostgreSQL, when DATABASE_URL points to one (CI sets it).
set -euo pipefail
if [ -z "${DATABASE_URL:-}" ]; then
  echo "DATABASE_URL non impostata: test API su PostgreSQL saltati (solo PGlite)."
  exit 0
fi
exec npx vitest run --project api
