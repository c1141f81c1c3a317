import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_PATH, renderOpenApiTypes } from '../scripts/openapi-types.js';

describe('the generated OpenAPI types', () => {
  it('match the OpenAPI document the contracts build (run `pnpm client:generate` when this fails)', async () => {
    const committed = await readFile(GENERATED_TYPES_PATH, 'utf8');
    expect(committed).toBe(await renderOpenApiTypes());
  });
});
