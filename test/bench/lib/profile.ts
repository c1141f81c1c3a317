import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; hitCount?: number }[];
  samples: number[];
  timeDeltas: number[];
}

/** Which part of the stack a frame belongs to: a dependency, one of our packages, or Node itself. */
function areaOf(url: string, functionName: string): string {
  if (!url) return functionName === '(garbage collector)' ? 'GC' : functionName.startsWith('(') ? functionName : 'native';
  const dependency = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  const ours = /\/(apps|packages)\/([^/]+)\//.exec(url);
  if (ours) return `memctx ${ours[1]}/${ours[2]}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url;
}

/** A frame as a function: its name and where it is (the file under apps/, packages/ or node_modules/). */
const functionOf = (url: string, functionName: string): string =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/')}`.trim();

/**
 * Self time per area (or per function) of the newest main-thread `.cpuprofile` in `dir`, as shares of all samples.
 * Node names each thread's file CPU.<date>.<time>.<pid>.<thread>.<seq>: the model's worker thread writes its own,
 * which would otherwise hide the event loop's.
 */
export function profileShares(dir: string, top = 15, by: 'area' | 'function' = 'area'): { area: string; share: number }[] {
  const newest = readdirSync(dir).filter((f) => /\.0\.\d+\.cpuprofile$/.test(f)).sort().at(-1);
  if (!newest) return [];
  const profile = JSON.parse(readFileSync(join(dir, newest), 'utf8')) as CpuProfile;
  const label = by === 'area' ? areaOf : functionOf;
  const areaByNode = new Map(profile.nodes.map((n) => [n.id, label(n.callFrame.url, n.callFrame.functionName)]));
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((nodeId, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const area = areaByNode.get(nodeId) ?? '?';
    time.set(area, (time.get(area) ?? 0) + dt);
    total += dt;
  });
  return [...time.entries()]
    .map(([area, t]) => ({ area, share: t / total }))
    .sort((a, b) => b.share - a.share)
    .slice(0, top);
}
