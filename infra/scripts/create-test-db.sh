#!/usr/bin/env bash
# Usage: create-test-db.sh NAME
# (Re)creates database NAME on 127.0.0.1:5432 with the vector extension and prints its URL,
# postgres://postgres@127.0.0.1:5432/NAME, as the only line on stdout (callers capture it
# with $(...)); logs go to stderr. An existing NAME is dropped first, open sessions included.
# Run ensure-postgres.sh before this.
set -euo pipefail

PG_HOST=127.0.0.1
PG_PORT=${PG_PORT:-5432}

log() { echo "create-test-db: $*" >&2; }
fail() { echo "create-test-db: ERROR: $*" >&2; exit 1; }
psql_admin() {
  PGOPTIONS='-c client_min_messages=warning' psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -X -v ON_ERROR_STOP=1 -qtA "$@" >&2
}

[ $# -eq 1 ] || fail "usage: create-test-db.sh NAME"
name=$1
# The name goes unescaped into SQL and into the URL, and PostgreSQL silently truncates
# identifiers past 63 bytes (the URL would then name a database that does not exist).
[[ $name =~ ^[A-Za-z_][A-Za-z0-9_]{0,62}$ ]] \
  || fail "database name '$name' must match [A-Za-z_][A-Za-z0-9_]* and be at most 63 characters"

psql_admin -d postgres -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" \
  || fail "could not drop existing database $name (is PostgreSQL up on $PG_HOST:$PG_PORT?)"
# template0 rather than template1: CREATE DATABASE fails while any other session is connected
# to its template, and template1 is where some tools and stray psql sessions connect.
psql_admin -d postgres -c "CREATE DATABASE \"$name\" TEMPLATE template0" \
  || fail "could not create database $name"
psql_admin -d "$name" -c "CREATE EXTENSION IF NOT EXISTS vector" \
  || fail "CREATE EXTENSION vector failed in $name (run infra/scripts/ensure-postgres.sh first)"

log "created $name with pgvector"
echo "postgres://postgres@$PG_HOST:$PG_PORT/$name"
