import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateSpecDocument } from '@memctx/contracts';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

export const GENERATED_TYPES_PATH = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));

const HEADER = '// Generated from the OpenAPI document of @memctx/contracts by `pnpm client:generate`; do not edit.\n\n';

/** The TypeScript types of the OpenAPI document the API serves, as the committed file holds them. */
export async function renderOpenApiTypes(): Promise<string> {
  const document = generateSpecDocument() as unknown as OpenAPI3;
  const ast = await openapiTS(document, { alphabetize: true, defaultNonNullable: false });
  return `${HEADER}${astToString(ast)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(GENERATED_TYPES_PATH, await renderOpenApiTypes());
  console.log(`wrote ${GENERATED_TYPES_PATH}`);
}
