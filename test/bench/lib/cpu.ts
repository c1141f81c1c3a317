import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { Db } from '@memctx/db';

const TICKS_PER_SECOND = 100;

/** User + system CPU seconds a process has used so far (0 once it is gone). */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th of the line.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** User + system CPU seconds of the whole machine so far: every core, every process. */
export function machineCpuSeconds(): number {
  const [user, nice, system] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 4).map(Number);
  return (user! + nice! + system!) / TICKS_PER_SECOND;
}

/** The local TCP ports of a process's sockets: a PostgreSQL backend's client_port names the process it serves. */
function localPorts(pid: number | undefined): Set<number> {
  const ports = new Set<number>();
  if (pid === undefined) return ports;
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const link = (() => { try { return readlinkSync(`/proc/${pid}/fd/${fd}`); } catch { return ''; } })();
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode) inodes.add(inode);
    }
  } catch {
    return ports;
  }
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[9] && inodes.has(cols[9])) ports.add(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

interface Backend { pid: number; owner: string }

/** This database's backends (the server is shared), each named by the process it serves, if one of `pids`. */
async function backendsOf(db: Db, pids: Record<string, number | undefined>): Promise<Backend[]> {
  const portsOf = Object.entries(pids).map(([name, pid]) => [name, localPorts(pid)] as const);
  const { rows } = await db.query<{ pid: number; client_port: number }>(
    // The backend running this look-up counts too: in a benchmark that measures its own pool, it is one of the measured.
    'SELECT pid, client_port FROM pg_stat_activity WHERE datname = current_database()',
  );
  return rows.map((row) => ({ pid: row.pid, owner: portsOf.find(([, ports]) => ports.has(row.client_port))?.[0] ?? 'other' }));
}

/**
 * CPU seconds used by the named processes, and by the PostgreSQL backends serving each of them
 * (`<name> pg`), while `work` ran. The backends are sampled every half second, so one that left
 * meanwhile (a pool closing an idle connection) counts up to its last sample; one that connected
 * meanwhile counts from zero. `sampleMs: 0` samples only at the start and the end: a sample reads every
 * socket table of the machine synchronously, which stalls an open-loop load generator in the same thread.
 */
export async function measureCpu<T>(
  db: Db,
  pids: Record<string, number | undefined>,
  work: () => Promise<T>,
  options: { sampleMs?: number } = {},
): Promise<{ result: T; cpu: Record<string, number> }> {
  const before = new Map((await backendsOf(db, pids)).map((b) => [b.pid, cpuSeconds(b.pid)]));
  const last = new Map<number, { owner: string; seconds: number }>();
  const sample = async () => {
    for (const backend of await backendsOf(db, pids)) {
      const seconds = cpuSeconds(backend.pid);
      // 0 once the process is gone: keep what it had used by then.
      if (seconds > 0) last.set(backend.pid, { owner: backend.owner, seconds });
    }
  };
  let sampling = Promise.resolve();
  const sampleMs = options.sampleMs ?? 500;
  const timer = sampleMs > 0 ? setInterval(() => {
    sampling = sampling.then(sample).catch(() => undefined);
  }, sampleMs) : undefined;
  const start = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(timer);
    await sampling;
  }
  const cpu: Record<string, number> = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid) - start[name]!]));
  await sample();
  for (const [pid, { owner, seconds }] of last) {
    const key = `${owner} pg`;
    cpu[key] = (cpu[key] ?? 0) + seconds - (before.get(pid) ?? 0);
  }
  return { result, cpu };
}
