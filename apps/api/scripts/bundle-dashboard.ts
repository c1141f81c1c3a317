import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/*
 * The dashboard's browser code (src/dashboard/browser, type-checked with the DOM library by its own tsconfig) as
 * the one script /dashboard/app.js serves. `pnpm build` runs this after tsc; the dashboard's end-to-end test runs
 * it too, so the page it drives is the source as it is. Workspace packages are bundled from their source.
 */
export const DASHBOARD_ENTRY = fileURLToPath(new URL('../src/dashboard/browser/main.ts', import.meta.url));
export const DASHBOARD_BUNDLE = fileURLToPath(new URL('../dist/public/dashboard.js', import.meta.url));

export async function bundleDashboard(): Promise<void> {
  await build({
    entryPoints: [DASHBOARD_ENTRY],
    outfile: DASHBOARD_BUNDLE,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@memctx/source'],
    legalComments: 'none',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleDashboard();
