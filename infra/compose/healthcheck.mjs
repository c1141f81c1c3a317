// Container health check for every memctx role: the Dockerfile's HEALTHCHECK and the memctx
// services in docker-compose.yml run `node infra/compose/healthcheck.mjs` inside the container.
// Exit 0 = healthy, 1 = unhealthy; the reason goes to stdout (docker inspect shows it).
//
// - With the `api` role (also when MEMCTX_ROLES is unset: every role runs in one process):
//   GET /api/v1/health must answer 2xx. That endpoint checks the database, the event store
//   and the projections' lag, so it is a readiness check, not only liveness.
// - Without it (projector, worker, relay alone) and with MEMCTX_METRICS_PORT (docker-compose.yml
//   sets it): GET /health on that port, the role's own checks (database, event store, and the
//   projections or the queue where the role has them).
// - Otherwise those roles' port is not known here, so this only proves that a memctx process
//   (`node .../apps/<role>/dist/main.js`: the api binary or a role's own main) is alive and not a
//   zombie: liveness, not progress.
import { readdirSync, readFileSync } from 'node:fs';

// The entry points: the api binary (any MEMCTX_ROLES) and each role's own main (docker-compose.yml).
const ENTRY = /(^|\/)apps\/(api|projector|worker|relay)\/dist\/main\.js$/;
const roles = (process.env.MEMCTX_ROLES ?? '')
  .split(',')
  .map((role) => role.trim().toLowerCase())
  .filter(Boolean);
const servesHttp = roles.length === 0 || roles.includes('api');

function done(ok, reason) {
  process.stdout.write(`${ok ? 'healthy' : 'unhealthy'}: ${reason}\n`);
  process.exit(ok ? 0 : 1);
}

const url = servesHttp
  ? `http://127.0.0.1:${process.env.PORT || 8080}/api/v1/health`
  : process.env.MEMCTX_METRICS_PORT && `http://127.0.0.1:${process.env.MEMCTX_METRICS_PORT}/health`;

if (url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(4_000) });
    done(response.ok, `GET ${url} answered ${response.status}`);
  } catch (error) {
    done(false, `GET ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
} else {
  // Scan /proc rather than trusting PID 1, so the check also holds under `init: true` (tini as PID 1).
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!cmdline.some((arg) => ENTRY.test(arg))) continue;
      // Field 3 of /proc/<pid>/stat is the state; the command name before it may contain spaces.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state !== 'Z') done(true, `roles ${roles.join(',')}: process ${pid} is alive (state ${state}); liveness only`);
    } catch {
      // The process went away while we looked; keep scanning.
    }
  }
  done(false, `roles ${roles.join(',')}: no live process runs apps/<role>/dist/main.js`);
}
