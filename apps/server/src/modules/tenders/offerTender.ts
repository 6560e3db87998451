// The tender a supplier's offer tools (the offer sheet, the draft, the last offers) work on: visible to the caller,
// ACTIVE and before its finish, for a user with the company's offer rights (the rule table's `offer`).
import type { TenderStatus } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenders } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { actorOf, requireTender, tenderVisibleWhere, type Viewer } from './access.ts';
import { deadlinePassed, wrongState } from './core.ts';

export interface OfferTender {
  id: number;
  tenderCode: string;
  status: TenderStatus;
  finish: Date;
  supplierId: number;
}

/**
 * The role first (403 to buyers and to employees without the offer rights, whatever the tender), then the tender
 * (404 when the caller may not see it), then its state (400) and the deadline (400 deadline_passed, also while the
 * scheduler has not moved the tender yet).
 */
export async function offerTender(db: Db, viewer: Viewer, tenderId: number): Promise<OfferTender> {
  const t = await visibleOfferTender(db, viewer, tenderId);
  requireTender(actorOf(viewer), 'offer', { status: t.status }, { state: wrongState });
  if (now().getTime() >= t.finish.getTime()) throw deadlinePassed();
  return t;
}

/** The role (403) and the tender's visibility (404) only, in any state. */
export async function visibleOfferTender(db: Db, viewer: Viewer, tenderId: number): Promise<OfferTender> {
  requireTender(actorOf(viewer), 'offer', { status: 'ACTIVE' });
  if (viewer.supplierId == null) throw forbidden();
  const [t] = await db
    .select({
      id: tenders.id,
      tenderCode: tenders.tenderCode,
      status: tenders.status,
      finish: tenders.finish,
    })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(viewer.user)));
  if (!t) throw notFound();
  return { ...t, supplierId: viewer.supplierId };
}
