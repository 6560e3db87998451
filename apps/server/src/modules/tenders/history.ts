// The change history of one tender (spec 1: tender_history, opened from an ORDERED tender): every audit row
// written with this tender's id, oldest first, as the contract's historyEntry.
import { historyEntry } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { history, tenders } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { type ListSpec, listQuery, paginate } from '../../lib/list.ts';
import { tenderVisibleWhere } from './access.ts';

export const HISTORY_MAX_PAGE_SIZE = 1000;
export const historyQuery = listQuery.extend({
  page_size: z
    .string()
    .regex(/^\d{1,6}$/, 'invalid_page_size')
    .transform(Number)
    .refine((n) => n <= HISTORY_MAX_PAGE_SIZE, 'page_size_too_large')
    .optional(),
});
export type HistoryQuery = z.output<typeof historyQuery>;
export { historyEntry };
export type HistoryEntry = z.infer<typeof historyEntry>;

const spec: ListSpec = {
  ordering: { id: history.id, created: history.created, entity: history.entity, action: history.action },
  defaultOrdering: 'id',
  search: [history.entity, history.action, history.userName],
  id: history.id,
};

export async function tenderHistory(db: Db, tenderId: number, user: SessionUser, query: HistoryQuery) {
  const [t] = await db
    .select({ id: tenders.id })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(user)))
    .limit(1);
  if (!t) throw notFound();
  return paginate({
    db,
    query,
    spec,
    select: () => db.select({ h: history }).from(history).$dynamic(),
    where: [eq(history.tenderId, tenderId)],
    map: (rows): HistoryEntry[] =>
      rows.map(({ h }) => ({
        id: h.id,
        entity: h.entity,
        entity_id: h.entityId,
        action: h.action,
        user_name: h.userName,
        data: (h.data && typeof h.data === 'object' && !Array.isArray(h.data)
          ? h.data
          : { value: h.data }) as Record<string, unknown>,
        created: h.created.toISOString(),
      })),
  });
}
