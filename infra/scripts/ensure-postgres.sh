#!/usr/bin/env bash
# Makes sure PostgreSQL 15 answers on 127.0.0.1:5432 and that the pgvector extension can be
# created in it. Meant for CI on a Debian bookworm machine; safe to run again, since every
# step acts only when its check fails.
#
# pgvector is not packaged for bookworm, so when it is missing it is built from Debian
# trixie's source package (0.8.0 when this was written) against postgresql-server-dev-15.
# PGVECTOR_FORCE_BUILD=1 rebuilds and reinstalls it even when it is present (to test this
# path, or to pick up a newer trixie upload); `make install` replaces files by unlink+create,
# so backends that already loaded vector.so keep their copy.
#
# Logs go to stderr; stdout stays empty.
set -euo pipefail

PG_MAJOR=15
PG_HOST=127.0.0.1
# Overridable only so the start path can be exercised on a throw-away cluster.
PG_CLUSTER=${PG_CLUSTER:-main}
PG_PORT=${PG_PORT:-5432}
PG_CONFIG=/usr/lib/postgresql/$PG_MAJOR/bin/pg_config
# bookworm's debian-archive-keyring already carries the trixie release keys, so the trixie
# index (and through it the source package's checksums) is verified, not just trusted.
DEBIAN_KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

log() { echo "ensure-postgres: $*" >&2; }
fail() { echo "ensure-postgres: ERROR: $*" >&2; exit 1; }
psql_admin() { PGOPTIONS='-c client_min_messages=warning' psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -X -v ON_ERROR_STOP=1 -qtA "$@"; }
pg_ready() { pg_isready -h "$PG_HOST" -p "$PG_PORT" -q; }
# A failing query must not read as "pgvector missing" (and trigger a pointless build).
has_vector() {
  local n
  n=$(psql_admin -d postgres -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'") \
    || fail "could not query pg_available_extensions on $PG_HOST:$PG_PORT as postgres"
  [ "$n" = 1 ]
}

work=""
probe_db=""
cleanup() {
  if [ -n "$probe_db" ]; then
    psql_admin -d postgres -c "DROP DATABASE IF EXISTS \"$probe_db\" WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  if [ -n "$work" ]; then rm -rf "$work"; fi
}
trap cleanup EXIT

# --- 1. PostgreSQL running ------------------------------------------------------------------
if ! pg_ready; then
  command -v pg_ctlcluster >/dev/null || fail "pg_ctlcluster not found; is postgresql-$PG_MAJOR installed?"
  # pg_ctlcluster refuses to start a cluster that is already running (say, still replaying
  # WAL after a crash), so start it only when it is down and otherwise just wait for it.
  if pg_ctlcluster "$PG_MAJOR" "$PG_CLUSTER" status >/dev/null 2>&1; then
    log "cluster $PG_MAJOR/$PG_CLUSTER is running but not accepting connections yet; waiting"
  else
    log "PostgreSQL is not answering on $PG_HOST:$PG_PORT; starting cluster $PG_MAJOR/$PG_CLUSTER"
    pg_ctlcluster --skip-systemctl-redirect "$PG_MAJOR" "$PG_CLUSTER" start >&2 \
      || fail "pg_ctlcluster could not start cluster $PG_MAJOR/$PG_CLUSTER (see /var/log/postgresql/postgresql-$PG_MAJOR-$PG_CLUSTER.log)"
  fi
  for _ in $(seq 1 30); do pg_ready && break; sleep 1; done
  pg_ready || fail "PostgreSQL did not accept connections on $PG_HOST:$PG_PORT within 30 s"
  log "PostgreSQL is up after $SECONDS s"
fi

# --- 2. pgvector available ------------------------------------------------------------------
apt_install() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  # Try the existing package lists first; refresh them only if that fails (lists missing
  # on a fresh image, or too old and pointing at superseded versions).
  local opts=(-y -qq -o DPkg::Lock::Timeout=300 -o Dpkg::Use-Pty=0 --no-install-recommends)
  if ! DEBIAN_FRONTEND=noninteractive apt-get install "${opts[@]}" "${missing[@]}" >&2 2>/dev/null; then
    apt-get update -qq -o DPkg::Lock::Timeout=300 >&2 || fail "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install "${opts[@]}" "${missing[@]}" >&2 \
      || fail "apt-get could not install ${missing[*]}"
  fi
}

# The machine's own Debian mirror (it may be the only one the network allows): the first
# URI whose path ends in /debian (debian-security and snapshot.debian.org URIs end
# differently; without a match deb.debian.org is used). Both deb822 "URIs:" and one-line
# "deb ..." entries are read.
debian_mirror() {
  local uri
  uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
    | grep -E '^[[:space:]]*(URIs:|deb[[:space:]])' | grep -oE 'https?://[^[:space:]]+' \
    | grep -E '/debian/?$' | head -n1) || true
  echo "${uri:-http://deb.debian.org/debian}"
}

build_pgvector() {
  local started=$SECONDS mirror version tarball
  [ "$(id -u)" = 0 ] || fail "pgvector must be built and installed as root"
  apt_install "postgresql-server-dev-$PG_MAJOR" build-essential dpkg-dev
  [ -x "$PG_CONFIG" ] || fail "$PG_CONFIG missing after installing postgresql-server-dev-$PG_MAJOR"

  work=$(mktemp -d /tmp/pgvector-build.XXXXXX)
  # apt downloads as the unprivileged _apt user, which must be able to reach these dirs.
  chmod 755 "$work"
  mkdir -p "$work/lists/partial" "$work/dl" "$work/src"
  if id _apt >/dev/null 2>&1; then chown _apt "$work/dl"; fi

  mirror=$(debian_mirror)
  echo "deb-src [signed-by=$DEBIAN_KEYRING] ${mirror%/} trixie main" > "$work/trixie-src.list"
  # A private source list and lists dir leave the system's apt setup untouched; the empty
  # pkgcache/srcpkgcache keep apt from rewriting /var/cache/apt/*.bin from them.
  local apt_private=(
    -o "Dir::Etc::sourcelist=$work/trixie-src.list" -o Dir::Etc::sourceparts=/dev/null
    -o "Dir::State::Lists=$work/lists" -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=
  )
  log "fetching trixie's source index from $mirror"
  apt-get "${apt_private[@]}" update -qq --error-on=any >&2 \
    || fail "could not fetch or verify trixie's source index from $mirror"
  (cd "$work/dl" && apt-get "${apt_private[@]}" source -qq --download-only pgvector >&2) \
    || fail "could not download trixie's pgvector source package"

  tarball=$(find "$work/dl" -maxdepth 1 -name 'pgvector_*.orig.tar.*' | head -n1)
  [ -n "$tarball" ] || fail "no pgvector_*.orig.tar.* among the downloaded source files"
  version=$(sed -n 's/^Version: //p' "$work"/dl/pgvector_*.dsc | head -n1)
  tar -xf "$tarball" -C "$work/src" --strip-components=1 || fail "could not unpack $tarball"

  log "source package fetched after $((SECONDS - started)) s; building pgvector $version against $("$PG_CONFIG" --version)"
  # OPTFLAGS="" drops pgvector's default -march=native, so the library does not depend on
  # the CPU of the machine that happened to build it.
  local mk=(make -C "$work/src" -j"$(nproc)" PG_CONFIG="$PG_CONFIG" OPTFLAGS="")
  if ! "${mk[@]}" >"$work/build.log" 2>&1; then
    tail -n 40 "$work/build.log" >&2
    fail "building pgvector $version failed (build log tail above)"
  fi
  if ! "${mk[@]}" install >>"$work/build.log" 2>&1; then
    tail -n 20 "$work/build.log" >&2
    fail "installing pgvector $version failed (log tail above)"
  fi
  log "pgvector $version built and installed in $((SECONDS - started)) s"
}

if [ "${PGVECTOR_FORCE_BUILD:-0}" = 1 ] || ! has_vector; then
  # Two CI jobs on one machine must not run apt or `make install` over each other.
  exec 9>/run/lock/memctx-ensure-postgres.lock
  flock -w 600 9 || fail "timed out waiting for another ensure-postgres run to finish"
  if [ "${PGVECTOR_FORCE_BUILD:-0}" = 1 ] || ! has_vector; then
    if [ "${PGVECTOR_FORCE_BUILD:-0}" = 1 ]; then
      log "PGVECTOR_FORCE_BUILD=1: rebuilding pgvector from Debian trixie's source package"
    else
      log "pgvector is not installed; building it from Debian trixie's source package"
    fi
    build_pgvector
    has_vector || fail "pgvector was installed but PostgreSQL does not list the vector extension"
  fi
fi

# --- 3. Prove the extension loads -----------------------------------------------------------
# A scratch database per run, so concurrent runs do not trip over each other's probe.
probe_db="memctx_vector_probe_$$"
psql_admin -d postgres -c "DROP DATABASE IF EXISTS \"$probe_db\" WITH (FORCE)" -c "CREATE DATABASE \"$probe_db\" TEMPLATE template0" >/dev/null \
  || fail "could not create scratch database $probe_db"
vector_version=$(psql_admin -d "$probe_db" \
  -c "CREATE EXTENSION IF NOT EXISTS vector" \
  -c "SELECT '[1,2,3]'::vector <-> '[1,2,4]'::vector" \
  -c "SELECT extversion FROM pg_extension WHERE extname = 'vector'" 2>&1 | tail -n1) \
  || fail "CREATE EXTENSION vector failed in a scratch database: $vector_version"
psql_admin -d "$probe_db" -c "DROP EXTENSION vector" >/dev/null || fail "DROP EXTENSION vector failed"
psql_admin -d postgres -c "DROP DATABASE \"$probe_db\"" >/dev/null || fail "could not drop scratch database $probe_db"
probe_db=""
log "PostgreSQL $PG_MAJOR is up on $PG_HOST:$PG_PORT with pgvector $vector_version"
