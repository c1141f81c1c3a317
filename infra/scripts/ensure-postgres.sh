#!/usr/bin/env bash
# Makes sure PostgreSQL 15 is running on 127.0.0.1:5432 and the pgvector extension is
# installable. pgvector is not packaged for Debian bookworm, so it is built from Debian
# trixie's source package against postgresql-server-dev-15 (about 15 s) when missing.
set -euo pipefail

PG_MAJOR=${PG_MAJOR:-15}
PG_HOST=${PG_HOST:-127.0.0.1}
PG_PORT=${PG_PORT:-5432}
PG_CONFIG=/usr/lib/postgresql/$PG_MAJOR/bin/pg_config
log() { echo "ensure-postgres: $*" >&2; }
fail() { log "ERROR: $*"; exit 1; }
psql_admin() { psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -qtA "$@"; }

if ! pg_isready -h "$PG_HOST" -p "$PG_PORT" -q; then
  log "PostgreSQL is not answering; starting cluster $PG_MAJOR/main"
  pg_ctlcluster --skip-systemctl-redirect "$PG_MAJOR" main start || fail "could not start PostgreSQL $PG_MAJOR (pg_ctlcluster failed)"
  for _ in $(seq 1 30); do pg_isready -h "$PG_HOST" -p "$PG_PORT" -q && break; sleep 1; done
  pg_isready -h "$PG_HOST" -p "$PG_PORT" -q || fail "PostgreSQL did not come up on $PG_HOST:$PG_PORT within 30 s"
fi

has_vector() { [ "$(psql_admin -d postgres -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'")" = "1" ]; }

if ! has_vector; then
  log "pgvector missing; building it from Debian trixie's source package"
  apt_lists_fresh=/var/lib/apt/lists/partial
  if ! dpkg -s "postgresql-server-dev-$PG_MAJOR" build-essential dpkg-dev >/dev/null 2>&1; then
    apt-get update -qq || fail "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "postgresql-server-dev-$PG_MAJOR" build-essential dpkg-dev >/dev/null \
      || fail "could not install postgresql-server-dev-$PG_MAJOR and build tools"
  fi
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # Use the same mirror host as the machine's own apt sources.
  mirror=$(grep -rhE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null \
    | grep -oE 'https?://[^ ]+/debian/?$' | head -n1 || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  mkdir -p "$work/lists/partial"
  echo "deb-src [trusted=yes] ${mirror%/} trixie main" > "$work/trixie-src.list"
  apt_opts=(-o "Dir::Etc::sourcelist=$work/trixie-src.list" -o Dir::Etc::sourceparts=/dev/null -o "Dir::State::Lists=$work/lists")
  apt-get "${apt_opts[@]}" update -qq 2>&1 | grep -v '^W: Download is performed unsandboxed' >&2 || true
  apt-get "${apt_opts[@]}" indextargets >/dev/null 2>&1 || fail "could not read trixie's source index from $mirror"
  chmod 755 "$work"
  (cd "$work" && apt-get "${apt_opts[@]}" source --download-only pgvector >/dev/null) || fail "could not download pgvector's source package"
  tarball=$(ls "$work"/pgvector_*.orig.tar.* | head -n1)
  [ -n "$tarball" ] || fail "pgvector source tarball not found"
  mkdir -p "$work/src" && tar -xf "$tarball" -C "$work/src" --strip-components=1
  # OPTFLAGS="" avoids -march=native, so the library runs on any machine of this kind.
  make -s -C "$work/src" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >/dev/null || fail "building pgvector failed"
  make -s -C "$work/src" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" install >/dev/null || fail "installing pgvector failed"
  has_vector || fail "pgvector was built but PostgreSQL does not list it"
  log "pgvector $(psql_admin -d postgres -c "SELECT default_version FROM pg_available_extensions WHERE name = 'vector'") installed"
fi

# Prove it loads, in a scratch database.
psql_admin -d postgres -c "DROP DATABASE IF EXISTS memctx_vector_probe" >/dev/null
psql_admin -d postgres -c "CREATE DATABASE memctx_vector_probe" >/dev/null
psql_admin -d memctx_vector_probe -c "CREATE EXTENSION vector; SELECT '[1,2]'::vector" >/dev/null || fail "CREATE EXTENSION vector failed"
psql_admin -d postgres -c "DROP DATABASE memctx_vector_probe" >/dev/null
log "PostgreSQL $PG_MAJOR is up on $PG_HOST:$PG_PORT with pgvector"
