import { readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Tests import workspace packages from source, so no build is needed before `vitest run`.
const root = import.meta.dirname;
const alias: Record<string, string> = {};
for (const group of ['packages', 'apps']) {
  for (const dir of readdirSync(join(root, group))) {
    const entry = join(root, group, dir, 'src', 'index.ts');
    if (existsSync(entry)) alias[`@memctx/${dir}`] = resolve(entry);
  }
}

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'test/architecture/**/*.test.ts', 'test/e2e/**/*.test.ts'],
    // Integration suites share one PostgreSQL database; files run in parallel but each uses its own schema/user ids.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
