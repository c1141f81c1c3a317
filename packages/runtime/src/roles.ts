import { StartupError, type Config, type Logger, type Role } from '@memctx/shared';
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
  const stop = async () => {
    const api = started.find(([role]) => role === 'api');
    if (api) await api[1].stop();
    await Promise.all(started.filter(([role]) => role !== 'api').map(([, handle]) => handle.stop()));
    await runtime.close();
  };
  try {
    for (const role of START_ORDER) {
      const start = starters[role];
      if (start && config.roles.includes(role)) started.push([role, await start(runtime)]);
    }
  } catch (error) {
    // What did start must not keep the process alive after start-up failed.
    await stop().catch(() => undefined);
    throw error;
  }
  return { runtime, roles: Object.fromEntries(started) as StartedRoles<S>, stop };
}
