import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ADMIN_PAGE_SIZE } from '../../common/contracts/admin-users';
import type { Database } from '../db/database';

type ListedTable = PgTable & { id: PgColumn; createdAt: PgColumn; status: PgColumn };

/**
 * One page of an administrator's list (docs/product.md §9: ADMIN_PAGE_SIZE rows), newest first, with the
 * total the pager needs, optionally narrowed to one status and by a further condition. The id
 * breaks ties between rows created in the same instant, so no row shows on two pages.
 */
export async function pagedList<TTable extends ListedTable, TItem>(
  db: Database,
  list: {
    table: TTable;
    page: number;
    /** Empty or absent: every status. */
    status?: TTable['$inferSelect']['status'] | '';
    where?: SQL;
    toItem: (row: TTable['$inferSelect']) => TItem;
  },
) {
  const { table, page } = list;
  const where = and(list.status ? eq(table.status, list.status) : undefined, list.where);
  const total = await db.$count(table, where);
  // Drizzle types the rows of a table it only knows as generic loosely; selecting every column of
  // `table` yields exactly its select model.
  const rows: TTable['$inferSelect'][] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { items: rows.map(list.toItem), total, page, page_size: ADMIN_PAGE_SIZE };
}
