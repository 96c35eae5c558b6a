import type { SQL } from 'drizzle-orm';
import type { Database } from '../../server/db/database';

/**
 * The rows of a raw statement. Drizzle leaves `execute`'s result type to the driver; PGlite and
 * node-postgres both answer `{ rows }`, and the caller names the row's shape.
 */
export async function rawRows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const { rows } = (await db.execute(statement)) as unknown as { rows: Row[] };
  return rows;
}
