import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Apps compose packages; a package that imported an app would put the wiring above the processes again.
const ROOT = resolve(import.meta.dirname, '../..');
const names = (group: string) =>
  readdirSync(join(ROOT, group)).map((dir) => ({ dir: join(group, dir), name: JSON.parse(readFileSync(join(ROOT, group, dir, 'package.json'), 'utf8')).name as string }));
const apps = names('apps');
const packages = names('packages');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('layers', () => {
  it('knows the four process apps', () => {
    expect(apps.map((app) => app.name)).toEqual(expect.arrayContaining(['@memctx/api', '@memctx/projector', '@memctx/worker', '@memctx/relay']));
  });

  it.each(packages)('$name depends on no app', ({ dir }) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const dependencies = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    expect(dependencies.filter((name) => apps.some((app) => app.name === name))).toEqual([]);
  });

  it.each(packages)('$name imports no app', ({ dir }) => {
    const offending = sourceFiles(join(dir, 'src')).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return apps.some((app) => text.includes(`'${app.name}'`) || text.includes(`'${app.name}/`) || text.includes(`/${app.dir}/`));
    });
    expect(offending).toEqual([]);
  });
});
