interface Queryable {
  query<R>(text: string, params?: readonly unknown[]): Promise<{ rows: R[] }>;
}

/**
 * Rows of every table of the database (every schema, so read models of every generation too) whose text holds
 * `needle`, plain or hex (bytea): where "deleted means gone" is checked, a table nobody thought of counts as well.
 */
export async function tablesHolding(db: Queryable, needle: string): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const hex = Buffer.from(needle).toString('hex');
  const found: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${schema}"."${name}" t WHERE t::text LIKE $1 OR t::text LIKE $2`,
      [`%${needle}%`, `%${hex}%`],
    );
    if (rows[0]!.n > 0) found[`${schema}.${name}`] = rows[0]!.n;
  }
  return found;
}
