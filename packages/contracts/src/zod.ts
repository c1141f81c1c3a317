import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// One zod instance, extended once, so every schema can carry OpenAPI metadata.
extendZodWithOpenApi(z);

export { z };
