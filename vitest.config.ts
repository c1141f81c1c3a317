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
 * Tests that need no service (no PostgreSQL, Redis, Kafka, embedding model) and no database at all: `pnpm test:unit`.
 * The PGlite suites need no server either, but replaying the contract on WebAssembly PostgreSQL takes most of a
 * minute, so they run with the integration project; `pnpm test` runs both.
 */
const UNIT = [
  'packages/{client,contracts,domain,kafka,shared,tokens}/test/**/*.test.ts',
  'packages/commands/test/{append-batcher-bound,cached-decision,command-handler}.test.ts',
  'packages/projections/test/**/*.test.ts',
  'packages/connectors/test/{filesystem,github,registry,web}.test.ts',
  'packages/event-store/test/in-memory.test.ts',
  'packages/event-store-kurrentdb/test/{positions,store}.test.ts',
  'packages/shredding/test/envelope.test.ts',
  'packages/sip/test/{compose,match}.test.ts',
  'apps/api/test/{adaptive-limit,admission,health,http,validation}.test.ts',
  'apps/cli/test/{cli,import-plan,user-commands}.test.ts',
  'test/architecture/**/*.test.ts',
];

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
