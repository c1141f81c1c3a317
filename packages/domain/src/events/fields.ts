import { z } from 'zod';

/*
 * Building blocks shared by the event schemas. Stored events are read back for
 * years, so these stay no stricter than what the write side can produce: a
 * schema that rejects an already-appended event would stop every projection.
 */

/** Ids are opaque strings chosen by clients or by us; only emptiness is meaningless. */
export const id = z.string().min(1);

/**
 * Exactly the `Date#toISOString()` form (UTC, `Z`, milliseconds). One canonical
 * form lets projections compare and order timestamps as plain strings.
 */
export const timestamp = z.iso.datetime({ precision: 3 });

export const count = z.int().min(0);

/** An event as stored: `{ type, data }`, with `type` as the discriminator. */
export function defineEvent<Type extends string, Shape extends z.ZodRawShape>(type: Type, data: Shape) {
  return z.object({ type: z.literal(type), data: z.object(data) });
}
