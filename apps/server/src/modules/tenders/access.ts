// Who may see and do what with tenders (spec 1-tenders §6; decisions in docs/decisions.md).
import {
  type Actor,
  isOpened,
  isSealed,
  type LineAction,
  type LineFacts,
  type Refusal,
  type TenderAction,
  type TenderFacts,
  type TenderStatus,
  whyNotLine,
  whyNotTender,
} from '@portal/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { suppliers, tenders, warehouses } from '../../db/schema/index.ts';
import { isSupplier, type SessionUser } from '../../lib/auth.ts';
import { type AppError, forbidden, invalid } from '../../lib/errors.ts';
import { inIds } from '../../lib/sql.ts';

/** The caller with what the tender area needs to know about its company. */
export interface Viewer {
  user: SessionUser;
  supplierId: number | null;
  /** Supplier users: may see (and write) the company's offers. PLAIN employees only with the company's flag. */
  seesCompanyOffers: boolean;
  sharingEnabled: boolean;
}

export async function viewerOf(db: Db, user: SessionUser): Promise<Viewer> {
  if (!isSupplier(user)) return { user, supplierId: null, seesCompanyOffers: false, sharingEnabled: false };
  // The session statement has read the company's flag for this request already (resolveToken).
  const sharing =
    user.companySharing ??
    (
      await db
        .select({ flag: suppliers.isEmployeesCanViewProposal })
        .from(suppliers)
        .where(eq(suppliers.id, user.supplierId))
    )[0]?.flag ??
    false;
  const full = user.supplierRole === 'ADVANCED' || user.isAdmin;
  return { user, supplierId: user.supplierId, seesCompanyOffers: full || sharing, sharingEnabled: sharing };
}

/** While WAITING or ACTIVE, buyers get sealed offers (placeholders only). */
export { isSealed };

/**
 * What a buyer's answer hides: offers as placeholders while WAITING or ACTIVE (isSealed); supplier comments and
 * anything naming a participant also in DRAFT and CANCELED (a tender cancelled while ACTIVE was never opened).
 */
export const sealedForBuyers = (status: TenderStatus) => !isOpened(status);

/** SQL condition: the tenders this user may see. */
export function tenderVisibleWhere(user: SessionUser): SQL | undefined {
  if (isSupplier(user)) {
    return and(
      ne(tenders.status, 'DRAFT'),
      // The company's groups read once into an array (an init plan), not probed per tender: a list page's count
      // filters thousands of tenders.
      sql`tenders.group_id = any(array(select sg.group_id from supplier_groups sg where sg.supplier_id = ${user.supplierId}))`,
    );
  }
  if (user.group === 'ADMINISTRATOR') return undefined;
  // One array parameter, not `in ($1, $2, …)`: PostgreSQL builds such a list into an array again for every row it
  // filters (a list page's count filters thousands), and the statement's text is then the same for any number of groups.
  return user.groupIds.length ? inIds(tenders.groupId, user.groupIds) : sql`false`;
}

/** Buyer-side roles allowed to act on started tenders (cancel, start, choose, confirm, edit WAITING). */
export const MANAGERS = ['ADMINISTRATOR', 'CONTRACTOR'] as const;
export const isManager = (user: SessionUser) => (MANAGERS as readonly string[]).includes(user.group);
export function requireManager(user: SessionUser) {
  if (!isManager(user)) throw forbidden();
}

/** Buyer may use a group: an administrator any, others their own groups. */
export const buyerHasGroup = (user: SessionUser, groupId: number) =>
  user.group === 'ADMINISTRATOR' || user.groupIds.includes(groupId);

const tallinnDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Tallinn',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last minute todayOf formatted, and its day: a day in Tallinn begins on a whole minute (its offsets are whole hours), and
 * formatting with Intl costs more than the rest of an offer's date checks. */
let lastMinute = Number.NaN;
let lastDay = '';

/** Today (YYYY-MM-DD) in the company's time zone, for delivery dates. */
export function todayOf(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = tallinnDay.format(at);
    lastMinute = minute;
  }
  return lastDay;
}

/** Narrowing helper for a supplier viewer. */
export function supplierIdOf(v: Viewer): number {
  if (v.supplierId == null) throw forbidden();
  return v.supplierId;
}

/** Text as stored: NUL characters (which PostgreSQL text cannot hold) removed. */
export const clean = (s: string) => s.replaceAll(String.fromCharCode(0), '');

/** Buyers: lines of warehouses in their groups (an administrator all). */
export function buyerLinesWhere(user: SessionUser): SQL | undefined {
  if (user.group === 'ADMINISTRATOR') return undefined;
  return user.groupIds.length ? inIds(warehouses.groupId, user.groupIds) : sql`false`;
}

/** A supplier may read the lines of a tender it may see. */
export async function supplierMaySee(db: Db, user: SessionUser, tenderId: number) {
  const [t] = await db
    .select({ id: tenders.id })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(user)));
  return !!t;
}

// ---------- the rule table (packages/shared rules/abilities.ts) ----------

/** The caller as the shared rule table sees it. */
export function actorOf(viewerOrUser: Viewer | SessionUser): Actor {
  const v = 'user' in viewerOrUser ? viewerOrUser : null;
  const user = v ? v.user : (viewerOrUser as SessionUser);
  return {
    group: user.group,
    supplierRole: user.supplierRole,
    isCompanyAdmin: user.isAdmin,
    sharing: v ? v.sharingEnabled : false,
    canBlacklist: user.canBlacklist,
  };
}

/** How a refusal is answered: 403 for the role; the action's own 400 for the state or a failed condition. */
export interface RefusalAnswers {
  state?: () => AppError;
  fact?: () => AppError;
}
function answer(r: Refusal, answers: RefusalAnswers) {
  if (r === null) return;
  if (r === 'role') throw forbidden();
  if (r === 'state') throw (answers.state ?? (() => invalid('status', 'wrong_tender_state')))();
  throw (answers.fact ?? (() => forbidden()))();
}

/** Throws unless the table lets the caller take the action on a tender with these facts. */
export function requireTender(
  actor: Actor,
  action: TenderAction,
  facts: TenderFacts,
  answers: RefusalAnswers = {},
) {
  answer(whyNotTender(actor, action, facts), answers);
}

/** Throws unless the table lets the caller take the action on a line with these facts. */
export function requireLine(
  actor: Actor,
  action: LineAction,
  facts: LineFacts,
  answers: RefusalAnswers = {},
) {
  answer(whyNotLine(actor, action, facts), answers);
}
