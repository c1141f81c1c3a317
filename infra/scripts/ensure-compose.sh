#!/usr/bin/env bash
# Makes sure a Compose file validator runs on this machine, which has the docker client but no
# engine and no `docker compose` plugin: Debian's docker-compose (1.29, Python) validates a file
# against the Compose schema with `docker-compose -f FILE config -q` without talking to an engine,
# and understands what docker-compose.yml uses (anchors and merge keys, `profiles`,
# `deploy.replicas`, `depends_on` conditions, `${VAR:?message}`). test/e2e/compose.test.ts runs it.
# Installs the package when missing; safe to run again. Prints the command to use (one line on
# stdout); logs and errors go to stderr.
set -euo pipefail

log() { echo "ensure-compose: $*" >&2; }
fail() { echo "ensure-compose: ERROR: $*" >&2; exit 1; }
works() { command -v docker-compose >/dev/null 2>&1 && docker-compose version --short >/dev/null 2>&1; }

if ! works; then
  [ "$(id -u)" = 0 ] || fail "docker-compose is not installed and this is not root (install Debian's docker-compose package)"
  command -v apt-get >/dev/null || fail "docker-compose is not installed and there is no apt-get to install it with"
  # Two CI jobs on one machine must not run apt over each other.
  exec 9>/run/lock/memctx-ensure-compose.lock
  flock -w 600 9 || fail "timed out waiting for another ensure-compose run to finish"
  if ! works; then
    log "installing Debian's docker-compose package"
    { apt-get update -qq -o DPkg::Lock::Timeout=300 \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 -o Dpkg::Use-Pty=0 \
           --no-install-recommends docker-compose; } >&2 \
      || fail "apt-get could not install docker-compose"
    works || fail "docker-compose was installed but \`docker-compose version\` fails"
  fi
fi

version=$(docker-compose version --short 2>/dev/null)
case "$version" in
  1.2[89].*|[2-9].*) ;;
  *) fail "docker-compose $version is too old: profiles need 1.28 or later" ;;
esac
log "docker-compose $version validates Compose files"
echo docker-compose
