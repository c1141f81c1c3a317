#!/usr/bin/env bash
# Creates a fresh database NAME with pgvector enabled and prints its URL (only the URL, on stdout).
set -euo pipefail
name=${1:?usage: create-test-db.sh NAME}
psql_admin() { psql -h 127.0.0.1 -p 5432 -U postgres -v ON_ERROR_STOP=1 -qtA "$@"; }
psql_admin -d postgres -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" >/dev/null
psql_admin -d postgres -c "CREATE DATABASE \"$name\"" >/dev/null
psql_admin -d "$name" -c "CREATE EXTENSION IF NOT EXISTS vector" >/dev/null
echo "create-test-db: created $name" >&2
echo "postgres://postgres@127.0.0.1:5432/$name"
