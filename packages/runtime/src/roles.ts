import { StartupError, type Config, type Logger, type Role } from '@memctx/shared';
import { startOpsServer, type OpsServer } from './ops-server.js';
import { runtimeHealthChecks } from './runtime-health.js';
import { openRuntime, type Runtime } from './runtime.js';

/** A started role: stopping it finishes its work in flight. */
export interface RoleHandle {
  stop(): Promise<void>;
}

export type RoleStarter<H extends RoleHandle = RoleHandle> = (runtime: Runtime) => Promise<H>;
export type RoleStarters = Partial<Record<Role, RoleStarter>>;

/** The handles of the roles a process started, typed by what each entry point's starters return. */
export type StartedRoles<S extends RoleStarters> = { [R in keyof S]?: S[R] extends RoleStarter<infer H> ? H : never };

export interface RunningProcess<S extends RoleStarters = RoleStarters> {
  runtime: Runtime;
  roles: StartedRoles<S>;
  /** Where /metrics and /health are served when the process runs no API (which serves them itself). */
  opsUrl?: string;
  stop(): Promise<void>;
}

// The API starts last and stops first: a request it accepts never meets a role that is not running.
const START_ORDER: readonly Role[] = ['projector', 'worker', 'relay', 'api'];

/**
 * Opens the runtime once and starts, in it, the configured roles this entry point
 * knows (`starters`); each app's main passes its own, the embedded binary all four.
 */
export async function startProcess<S extends RoleStarters>(config: Config, logger: Logger, starters: S): Promise<RunningProcess<S>> {
  const unknown = config.roles.filter((role) => !starters[role]);
  if (unknown.length > 0) throw new StartupError(`this entry point does not run the role ${unknown.join(', ')} (MEMCTX_ROLES)`);
  const runtime = await openRuntime(config, logger);
  const started: Array<[Role, RoleHandle]> = [];
  let ops: OpsServer | undefined;
  const stop = async () => {
    const api = started.find(([role]) => role === 'api');
    if (api) await api[1].stop();
    await Promise.all(started.filter(([role]) => role !== 'api').map(([, handle]) => handle.stop()));
    await ops?.stop();
    await runtime.close();
  };
  try {
    for (const role of START_ORDER) {
      const start = starters[role];
      if (start && config.roles.includes(role)) started.push([role, await start(runtime)]);
    }
    if (!config.roles.includes('api')) {
      ops = await startOpsServer({
        port: config.metricsPort ?? 0, host: config.host, metrics: runtime.metrics, metricsToken: config.metricsToken,
        checks: runtimeHealthChecks(runtime, config.roles),
      });
      logger.info({ url: ops.url, roles: config.roles }, 'memctx /metrics and /health listening');
    }
  } catch (error) {
    // What did start must not keep the process alive after start-up failed.
    await stop().catch(() => undefined);
    throw error;
  }
  return { runtime, roles: Object.fromEntries(started) as StartedRoles<S>, opsUrl: ops?.url, stop };
}
