import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// Tests import workspace packages from source (each export's "@memctx/source" entry), so no build is needed before `vitest run`.
const root = import.meta.dirname;
const alias: Array<{ find: RegExp; replacement: string }> = [];
for (const group of ['packages', 'apps']) {
  for (const dir of readdirSync(join(root, group))) {
    const manifest = join(root, group, dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, exports = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; exports?: Record<string, Record<string, string>> };
    for (const [subpath, conditions] of Object.entries(exports)) {
      const source = conditions['@memctx/source'];
      const specifier = name + subpath.slice(1);
      if (source) alias.push({ find: new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`), replacement: resolve(root, group, dir, source) });
    }
  }
}

/**
 * A test file says its kind by its name. `*.unit.test.ts` needs no service (no PostgreSQL, Redis, Kafka, embedding
 * model) and no database at all: `pnpm test:unit`. Every other test file is an integration test, and test/e2e and
 * test/faults hold only those. The PGlite suites need no server either, but replaying the contract on WebAssembly
 * PostgreSQL takes most of a minute, so they are named as integration tests; `pnpm test` runs both projects.
 */
const UNIT = ['packages/*/test/**/*.unit.test.ts', 'apps/*/test/**/*.unit.test.ts', 'test/architecture/**/*.unit.test.ts'];

export default defineConfig({
  resolve: { alias },
  test: {
    // Integration suites share one PostgreSQL database; files run in parallel but each uses its own schema/user ids.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'test/e2e/**/*.test.ts', 'test/faults/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT],
        },
      },
    ],
  },
});
