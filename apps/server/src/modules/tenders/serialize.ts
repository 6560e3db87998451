// The tender and tender-line serialisers: the one place where sealed offers are enforced (ARCHITECTURE
// "Sealed offers"). While a tender is WAITING or ACTIVE a buyer gets proposals as placeholders with every
// party field null; a supplier only ever gets its own company's proposals, winners and comments; the
// approver's and the winner comments never go to suppliers. Counts are computed in SQL.
import {
  chooseBy,
  chooseOverdue,
  compareDecimal,
  type DetailLine,
  type DetailStatus,
  defined,
  lineAbilities,
  type Proposal,
  sumDecimals,
  type Tender,
  type TenderStatus,
  tenderAbilities,
  type ViewLine,
  type ViewProposal,
  type WinnerEntry,
  type WinnerReason,
} from '@portal/shared';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  blacklistProducers,
  blacklists,
  comments,
  details,
  files,
  history,
  partCodes,
  partFiles,
  parts,
  partTypes,
  producers,
  proposals,
  suppliers,
  tenders,
  units,
  users,
  warehouses,
  winners,
} from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { inIds } from '../../lib/sql.ts';
import { actorOf, isSealed, sealedForBuyers, type Viewer } from './access.ts';

// ---------- helpers ----------

/** An instant as the API writes it (`Date#toISOString()`). */
export function iso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}
export const isoOrNull = (v: unknown) => (v == null ? null : iso(v));
const nameOf = (first: string | null, last: string | null) =>
  first == null && last == null ? null : `${first ?? ''} ${last ?? ''}`.trim();
/** Decimal string with 4 decimals as stored ("12.5000"). */
export const dec = (v: unknown) => (v == null ? null : String(v));

/** The line's needed quantity in SQL: qty, or replenishment + replacement, at least 0. */
export const needSql = sql<string>`coalesce(${details.qty}, greatest(0, ${details.replenishmentQty} + ${details.replacementQty}))`;

// ---------- tenders ----------

export const creator = alias(users, 'creator');

/**
 * A tender's row as the list and the tender read select it (list.ts `tenderColumns`): the counts come from the
 * counter tables (migration 0005_tender_counters, exact: kept by triggers in the writing transaction), a
 * supplier's are its own company's.
 */
export type TenderRow = Pick<
  typeof tenders.$inferSelect,
  'id' | 'tenderCode' | 'status' | 'warehouseId' | 'groupId' | 'additionalInfo' | 'bcId' | 'feedbackEnabled'
> & {
  start: Date | string;
  finish: Date | string;
  approved: Date | string | null;
  created: Date | string;
  updated: Date | string;
  warehouseName: string;
  warehouseAddress: (typeof warehouses.$inferSelect)['address'];
  groupName: string;
  creatorFirst: string | null;
  creatorLast: string | null;
  approverFirst: string | null;
  approverLast: string | null;
  detailsCount: number;
  proposalsCount: number;
  winnersCount: number;
  failedBc: number;
  proposalCreated: unknown;
  proposalUpdated: unknown;
  watchedDate: unknown;
  agreed: boolean;
  isWinner: boolean;
};

/** A tender's comment as the list and the tender read load it (the viewer's kinds only). */
export interface TenderCommentRow {
  id: number;
  kind: string;
  tenderId: number;
  supplierId: number | null;
  supplierName: string | null;
  content: string;
  created: unknown;
}

/** Tender rows and their comments (already limited to what the viewer may read) as API objects. */
export function tenderObjects(viewer: Viewer, rows: TenderRow[], commentRows: TenderCommentRow[]): Tender[] {
  const sup = viewer.supplierId;
  const at = now();
  const t = at.toISOString();
  const actor = actorOf(viewer);
  return rows.map((r) => {
    // Until the tender is opened (FINISHED) a buyer gets no supplier comment at all: its text may name the company.
    const sealed = sup == null && sealedForBuyers(r.status);
    const mine = commentRows.filter((c) => c.tenderId === r.id);
    const approverComment = sup == null ? mine.filter((c) => c.kind === 'APPROVER').at(-1) : undefined;
    const supplierCanSee = sup == null || viewer.seesCompanyOffers;
    return {
      id: r.id,
      tender_code: r.tenderCode,
      start: iso(r.start),
      finish: iso(r.finish),
      status: r.status,
      choose_by: isoOrNull(chooseBy(r.status, r.finish)),
      choose_overdue: chooseOverdue(r.status, r.finish, at),
      warehouse: r.warehouseId,
      warehouse_name: r.warehouseName,
      warehouse_address: r.warehouseAddress,
      group: r.groupId,
      group_name: r.groupName,
      additional_info: r.additionalInfo,
      feedback_enabled: r.feedbackEnabled,
      creator_name: nameOf(r.creatorFirst, r.creatorLast),
      approver_name: nameOf(r.approverFirst, r.approverLast),
      approved: isoOrNull(r.approved),
      approver_comment: approverComment?.id ?? null,
      approver_comment_content: approverComment?.content ?? null,
      input_approver_comment: approverComment
        ? { id: approverComment.id, content: approverComment.content }
        : null,
      comments_options:
        supplierCanSee && !sealed
          ? mine
              .filter((c) => c.kind === 'TENDER')
              .map((c) => ({
                id: c.id,
                content: c.content,
                supplier_name: sealed ? null : c.supplierName,
                supplier: sealed ? null : c.supplierId,
                created: iso(c.created),
              }))
          : [],
      details_count: r.detailsCount,
      proposals_count: r.proposalsCount,
      winners_count: r.winnersCount,
      created: iso(r.created),
      updated: iso(r.updated),
      proposal_created: isoOrNull(r.proposalCreated),
      proposal_updated: isoOrNull(r.proposalUpdated),
      watched: r.watchedDate != null,
      watched_date: isoOrNull(r.watchedDate),
      agreed: r.agreed,
      is_winner: r.isWinner,
      company_proposals: sup == null ? 0 : r.proposalsCount,
      company_proposals_sharing_enabled: viewer.sharingEnabled,
      failed_bc_details: r.failedBc,
      bc_id: sup == null ? r.bcId : null,
      export_data: null,
      server_time: t,
      abilities: tenderAbilities(actor, {
        status: r.status,
        detailsCount: r.detailsCount,
        companyHasOffer: sup != null && r.proposalsCount > 0,
        isWinner: r.isWinner,
        feedbackEnabled: r.feedbackEnabled,
      }),
    };
  });
}

// ---------- tender lines ----------

const lineCreator = alias(users, 'line_creator');

export function detailSelect(db: Db) {
  return db
    .select({
      id: details.id,
      status: details.status,
      tenderId: details.tenderId,
      tenderCode: tenders.tenderCode,
      tenderStatus: tenders.status,
      qty: needSql,
      replenishmentQty: details.replenishmentQty,
      replacementQty: details.replacementQty,
      partId: details.partId,
      partCode: parts.code,
      partName: parts.name,
      unitCode: units.code,
      partTypeName: partTypes.name,
      warehouseId: details.warehouseId,
      warehouseName: warehouses.name,
      warehouseCode: warehouses.code,
      customerNumber: details.customerNumber,
      customerName: details.customerName,
      creatorFirst: lineCreator.firstName,
      creatorLast: lineCreator.lastName,
      orderNumber: details.orderNumber,
      bcId: details.bcId,
      bcStatus: details.bcStatus,
      bcSynced: details.bcSynced,
      bcSyncRunning: details.bcSyncRunning,
      created: details.created,
      updated: details.updated,
    })
    .from(details)
    .innerJoin(parts, eq(parts.id, details.partId))
    .innerJoin(warehouses, eq(warehouses.id, details.warehouseId))
    .leftJoin(units, eq(units.id, parts.unitId))
    .leftJoin(partTypes, eq(partTypes.id, parts.partTypeId))
    .leftJoin(tenders, eq(tenders.id, details.tenderId))
    .leftJoin(lineCreator, eq(lineCreator.id, details.creatorId))
    .$dynamic();
}
export type DetailRow = Awaited<ReturnType<ReturnType<typeof detailSelect>['execute']>>[number];

const commentUser = alias(users, 'comment_user');

/** Tender states in which a supplier sees its lines' real status (awards are public to the winners then). */
const FINAL_FOR_SUPPLIERS: TenderStatus[] = ['ORDERED', 'FAILED', 'CANCELED'];

/** The line status as a supplier sees it, in SQL (for its list's filter and ordering); needs the tenders join. */
export const supplierLineStatus = sql<DetailStatus>`(case when ${tenders.status} in ('ORDERED', 'FAILED', 'CANCELED') or ${tenders.status} is null then ${details.status} else 'WAITING' end)`;

/**
 * Turns line rows into API objects for a viewer, loading proposals, winners, comments and part data in batches; in
 * the tender view's shape (`view`) without the fields that shape leaves out (VIEW_LINE_LEFT_OUT), sealed alike.
 */
export async function serializeDetails(db: Db, viewer: Viewer, rows: DetailRow[]): Promise<DetailLine[]>;
export async function serializeDetails(
  db: Db,
  viewer: Viewer,
  rows: DetailRow[],
  shape: 'view',
  offers?: number,
): Promise<ViewLine[]>;
export async function serializeDetails(
  db: Db,
  viewer: Viewer,
  rows: DetailRow[],
  shape?: 'full' | 'view',
  offers?: number,
): Promise<DetailLine[] | ViewLine[]>;
export async function serializeDetails(
  db: Db,
  viewer: Viewer,
  rows: DetailRow[],
  shape: 'full' | 'view' = 'full',
  offers?: number,
): Promise<DetailLine[] | ViewLine[]> {
  if (!rows.length) return [];
  // The view's shape may carry only the first `offers` offer lines of each line (its winners' first, then by price),
  // with proposals_count telling how many there are: the tender's largest answer stays bounded (BENCHMARKS.md
  // "Evaluation view and comparison matrix on the worst tender").
  const limit = shape === 'view' && offers !== undefined ? offers : undefined;
  const full = shape === 'full';
  const ids = rows.map((r) => r.id);
  const partIds = [...new Set(rows.map((r) => r.partId))];
  const sup = viewer.supplierId;
  const buyer = sup == null;
  // A supplier user who may not see the company's offers gets none.
  const proposalFilter = buyer
    ? undefined
    : viewer.seesCompanyOffers
      ? eq(proposals.supplierId, sup)
      : sql`false`;

  // With a limit: each line's offers ranked (its winners' first, then by price), and per line how many there are and
  // the lowest price (is_lowest). (drizzle writes a subquery's columns unqualified: the winners' correlation names
  // the offers' table itself, or it would read the winner's own id.)
  const ranked =
    limit === undefined
      ? undefined
      : db
          .select({
            id: sql<number>`${proposals.id}`.as('ranked_id'),
            rank: sql<number>`row_number() over (partition by ${proposals.detailId} order by (exists (select 1 from winners w where w.proposal_id = proposals.id)) desc, ${proposals.price}, ${proposals.id})`.as(
              'rank',
            ),
          })
          .from(proposals)
          .where(and(inIds(proposals.detailId, ids), proposalFilter))
          .as('ranked');
  const lineTotals =
    limit === undefined
      ? Promise.resolve([])
      : db
          .select({
            detailId: proposals.detailId,
            n: sql<number>`count(*)::int`.mapWith(Number),
            lowest: sql<string>`min(${proposals.price})`,
          })
          .from(proposals)
          .where(and(inIds(proposals.detailId, ids), proposalFilter))
          .groupBy(proposals.detailId);
  const tenderIds = [...new Set(rows.map((r) => r.tenderId).filter((t): t is number => t != null))];
  const [tags, fileRows, propRows, winnerRows, commentRows, blRows, reopens] = await Promise.all([
    db
      .select({ partId: partCodes.partId, code: partCodes.code })
      .from(partCodes)
      .where(inIds(partCodes.partId, partIds))
      .orderBy(partCodes.code),
    db
      .select({
        partId: partFiles.partId,
        uuid: files.uuid,
        fileName: files.fileName,
        fileType: files.fileType,
      })
      .from(partFiles)
      .innerJoin(files, eq(files.uuid, partFiles.fileUuid))
      .where(inIds(partFiles.partId, partIds)),
    db
      .select({
        id: proposals.id,
        detailId: proposals.detailId,
        supplierId: proposals.supplierId,
        supplierName: suppliers.name,
        regCode: suppliers.registrationCode,
        producerId: proposals.producerId,
        producerName: producers.name,
        price: proposals.price,
        productCode: proposals.productCode,
        eanCode: proposals.eanCode,
        availableQty: proposals.availableQty,
        additionalQty: proposals.additionalQty,
        deliveryDate: proposals.deliveryDate,
        created: proposals.created,
        updated: proposals.updated,
        // A subquery per offer line: only when the answer carries it (total_approved_qty is not in the view's shape).
        approved: full
          ? sql<string | null>`(select sum(w.amount) from winners w where w.proposal_id = proposals.id)`
          : sql<string | null>`null`,
      })
      .from(proposals)
      .innerJoin(suppliers, eq(suppliers.id, proposals.supplierId))
      .innerJoin(producers, eq(producers.id, proposals.producerId))
      .where(
        and(
          inIds(proposals.detailId, ids),
          proposalFilter,
          ranked
            ? inArray(
                proposals.id,
                db
                  .select({ id: ranked.id })
                  .from(ranked)
                  .where(lte(ranked.rank, limit ?? 0)),
              )
            : undefined,
        ),
      )
      // By price within a line: the first offer of a line is its lowest (is_lowest below).
      .orderBy(proposals.detailId, proposals.price, proposals.id),
    db
      .select({
        id: winners.id,
        detailId: winners.detailId,
        proposalId: winners.proposalId,
        amount: winners.amount,
        reason: winners.reason,
        supplierId: proposals.supplierId,
        supplierName: suppliers.name,
        price: proposals.price,
        producerId: proposals.producerId,
        producerName: producers.name,
        total: sql<string>`round(${winners.amount} * ${proposals.price}, 2)`,
        created: winners.created,
      })
      .from(winners)
      .innerJoin(proposals, eq(proposals.id, winners.proposalId))
      .innerJoin(suppliers, eq(suppliers.id, proposals.supplierId))
      .innerJoin(producers, eq(producers.id, proposals.producerId))
      // the offers' own line condition too (a winner's offer is of its line): without it the planner, with
      // statistics older than the newest winners, merge-joined along every offer's id (44 ms on 300,000 offers)
      .where(and(inIds(winners.detailId, ids), inIds(proposals.detailId, ids), proposalFilter))
      .orderBy(winners.id),
    db
      .select({
        id: comments.id,
        kind: comments.kind,
        detailId: comments.detailId,
        content: comments.content,
        supplierId: comments.supplierId,
        supplierName: suppliers.name,
        first: commentUser.firstName,
        last: commentUser.lastName,
        created: comments.created,
        updated: comments.updated,
      })
      .from(comments)
      .leftJoin(suppliers, eq(suppliers.id, comments.supplierId))
      .leftJoin(commentUser, eq(commentUser.id, comments.userId))
      .where(
        and(
          inIds(comments.detailId, ids),
          buyer
            ? inArray(comments.kind, ['DETAIL_SUPPLIER', 'WINNER'])
            : viewer.seesCompanyOffers
              ? and(eq(comments.kind, 'DETAIL_SUPPLIER'), eq(comments.supplierId, sup))
              : sql`false`,
        ),
      )
      .orderBy(comments.id),
    buyer
      ? db
          .select({
            blId: blacklists.id,
            partId: blacklists.partId,
            isActive: blacklists.isActive,
            producerId: producers.id,
            producerName: producers.name,
          })
          .from(blacklists)
          .leftJoin(blacklistProducers, eq(blacklistProducers.blacklistId, blacklists.id))
          .leftJoin(producers, eq(producers.id, blacklistProducers.producerId))
          .where(and(inIds(blacklists.partId, partIds), eq(blacklists.isDeleted, false)))
      : Promise.resolve([]),
    // The last reopen of each tender: a winner chosen after it is `renewed`.
    tenderIds.length
      ? db
          .select({
            tenderId: history.tenderId,
            at: sql<number>`(extract(epoch from max(${history.created})) * 1000)::float8`.mapWith(Number),
          })
          .from(history)
          .where(
            and(
              inArray(history.tenderId, tenderIds),
              eq(history.entity, 'tender'),
              eq(history.action, 'reopened'),
            ),
          )
          .groupBy(history.tenderId)
      : Promise.resolve([]),
  ]);

  // Group every related list once (a tender view has up to thousands of lines): linear, not lines × rows.
  const propsByLine = Map.groupBy(propRows, (p) => p.detailId);
  const winnersByLine = Map.groupBy(winnerRows, (w) => w.detailId);
  const commentsByLine = Map.groupBy(commentRows, (c) => c.detailId);
  const blByPart = Map.groupBy(blRows, (b) => b.partId);
  const tagsByPart = Map.groupBy(tags, (t) => t.partId);
  const filesByPart = Map.groupBy(fileRows, (f) => f.partId);
  const reopenedAt = new Map(reopens.map((x) => [x.tenderId, x.at]));
  const totals = new Map((await lineTotals).map((x) => [x.detailId, x]));
  const actor = actorOf(viewer);
  return rows.map((r) => {
    const tenderStatus = (r.tenderStatus as TenderStatus | null) ?? null;
    const sealed = buyer && tenderStatus != null && isSealed(tenderStatus);
    const commentsSealed = buyer && tenderStatus != null && sealedForBuyers(tenderStatus);
    // A supplier learns nothing about awards (winners, approved quantities, the line's ORDERED status) before the
    // tender is ORDERED; while the tender runs or is evaluated its lines read WAITING.
    const awardsShown = buyer ? !sealed : tenderStatus === 'ORDERED';
    const lineStatus: DetailStatus =
      buyer || tenderStatus == null || FINAL_FOR_SUPPLIERS.includes(tenderStatus) ? r.status : 'WAITING';
    const props = propsByLine.get(r.id) ?? [];
    // A buyer loads every offer of the line, ordered by price: the first has the lowest (with a limit, the line's
    // lowest is counted apart: its winners come first).
    const lineTotal = totals.get(r.id);
    const lowest = buyer ? (limit === undefined ? props[0]?.price : lineTotal?.lowest) : undefined;
    // Offer lines per company on this part (the proposal's `count`).
    const perCompany = new Map<number, number>();
    if (full) for (const p of props) perCompany.set(p.supplierId, (perCompany.get(p.supplierId) ?? 0) + 1);
    const offer = (p: (typeof props)[number]): ViewProposal =>
      sealed
        ? {
            id: null,
            sealed: true,
            supplier_id: null,
            supplier_name: null,
            supplier_registration_code: null,
            producer: null,
            price: null,
            product_code: null,
            ean_code: null,
            available_qty: null,
            additional_qty: null,
            delivery_date: null,
            is_lowest: false,
          }
        : {
            id: p.id,
            sealed: false,
            supplier_id: p.supplierId,
            supplier_name: p.supplierName,
            supplier_registration_code: p.regCode,
            producer: { id: p.producerId, name: p.producerName },
            price: dec(p.price),
            product_code: p.productCode,
            ean_code: p.eanCode,
            available_qty: dec(p.availableQty),
            additional_qty: dec(p.additionalQty),
            delivery_date: p.deliveryDate,
            // Whether an offer is the lowest tells a supplier about the others: buyers only.
            is_lowest: lowest !== undefined && compareDecimal(p.price, lowest) === 0,
          };
    const proposalsOut: ViewProposal[] | Proposal[] = full
      ? props.map(
          (p): Proposal =>
            sealed
              ? {
                  ...offer(p),
                  detail: r.id,
                  total_approved_qty: null,
                  count: null,
                  created: null,
                  updated: null,
                }
              : {
                  ...offer(p),
                  detail: r.id,
                  total_approved_qty: awardsShown ? (dec(p.approved) ?? '0.0000') : null,
                  count: perCompany.get(p.supplierId) ?? 1,
                  created: iso(p.created),
                  updated: iso(p.updated),
                },
        )
      : props.map(offer);
    const lineWinners = awardsShown ? (winnersByLine.get(r.id) ?? []) : [];
    const bl = blByPart.get(r.partId) ?? [];
    const info = new Map<number, string>();
    for (const b of bl)
      if (b.isActive && b.producerId != null)
        info.set(b.producerId, defined(b.producerName, 'producer name'));
    const lastReopen = r.tenderId == null ? undefined : reopenedAt.get(r.tenderId);
    const overNeed =
      lineWinners.length > 0 &&
      compareDecimal(sumDecimals(lineWinners.map((w) => String(w.amount))), String(r.qty)) > 0;
    const winnersOut: WinnerEntry[] = lineWinners.map((w) => ({
      id: w.id,
      name: w.proposalId,
      amount: String(w.amount),
      reason: w.reason as WinnerReason,
      supplier_id: w.supplierId,
      supplier_name: w.supplierName,
      price: String(w.price),
      producer_name: w.producerName,
      renewed: lastReopen != null && new Date(iso(w.created)).getTime() >= lastReopen,
      // What is wrong with a winner as the data stands now (buyers only: a producer blacklisted since, or the
      // line's winners together above its need after a quantity change).
      errors: buyer
        ? [
            ...(info.has(w.producerId) ? ['blacklisted_producer'] : []),
            ...(overNeed ? ['total_amount_above_need'] : []),
          ]
        : [],
    }));
    const lineComments = commentsByLine.get(r.id) ?? [];
    const toComment = (c: (typeof commentRows)[number]) => ({
      id: c.id,
      content: c.content,
      name: sealed && c.kind === 'DETAIL_SUPPLIER' ? '' : (nameOf(c.first, c.last) ?? ''),
      supplier: sealed ? null : c.supplierId,
      supplier_name: sealed ? null : c.supplierName,
      created: iso(c.created),
      updated: iso(c.updated),
    });
    const winnerComment = buyer ? lineComments.filter((c) => c.kind === 'WINNER').at(-1) : undefined;
    const line: ViewLine = {
      id: r.id,
      status: lineStatus,
      tender: r.tenderId,
      qty: String(r.qty),
      part: r.partId,
      part_code: buyer ? r.partCode : null,
      part_name: r.partName,
      part_unit_code: r.unitCode,
      part_codes_tags: buyer ? (tagsByPart.get(r.partId) ?? []).map((t) => t.code) : [],
      part_type_name: r.partTypeName,
      part_files_data: (filesByPart.get(r.partId) ?? []).map((f) => ({
        uuid: f.uuid,
        file_name: f.fileName,
        file_type: f.fileType,
      })),
      warehouse: r.warehouseId,
      customer_number: buyer ? r.customerNumber : null,
      customer_name: buyer ? r.customerName : null,
      creator_name: buyer ? nameOf(r.creatorFirst, r.creatorLast) : null,
      order_number: buyer ? r.orderNumber : null,
      updated: iso(r.updated),
      proposals: proposalsOut,
      proposals_count: lineTotal?.n ?? props.length,
      winners: winnersOut,
      supplier_comments: commentsSealed
        ? []
        : lineComments.filter((c) => c.kind === 'DETAIL_SUPPLIER').map(toComment),
      winner_comment: winnerComment ? toComment(winnerComment) : null,
      blacklisted_producers: [...info.keys()],
      blacklisted_producers_info: [...info.entries()].map(([id, name]) => ({ id, name })),
      part_blacklist: bl[0]?.blId ?? null,
      bc_status: buyer ? (r.bcStatus ?? null) : null,
      abilities: lineAbilities(actor, {
        status: (r.tenderStatus as TenderStatus | null) ?? null,
        lineStatus: r.status,
      }),
    };
    if (!full) return line;
    const visibleProps = sealed ? [] : props;
    const producersOffered = new Map<number, string>();
    for (const p of visibleProps) producersOffered.set(p.producerId, p.producerName);
    const whole: DetailLine = {
      ...line,
      proposals: proposalsOut as Proposal[],
      tender_code: r.tenderCode,
      tender_status: tenderStatus,
      replenishment_qty: String(r.replenishmentQty),
      replacement_qty: String(r.replacementQty),
      warehouse_name_code: r.warehouseCode ? `${r.warehouseName} (${r.warehouseCode})` : r.warehouseName,
      created: iso(r.created),
      // The offers as choices for the winner selection (never while sealed; a supplier only its own).
      proposals_options: visibleProps.map((p) => ({
        id: p.id,
        supplier_name: p.supplierName,
        producer_name: p.producerName,
        price: defined(dec(p.price), 'offer price'),
        available_qty: dec(p.availableQty),
        delivery_date: p.deliveryDate,
      })),
      // The offer lines the query above loaded for the viewer (the same filter as a count of them).
      proposals_count: props.length,
      winners_data: lineWinners.map((w) => ({
        id: w.id,
        proposal: w.proposalId,
        supplier_id: w.supplierId,
        supplier_name: w.supplierName,
        producer_name: w.producerName,
        price: String(w.price),
        amount: String(w.amount),
        total: String(w.total),
        reason: w.reason as WinnerReason,
      })),
      proposal_producers: [...producersOffered.entries()].map(([id, name]) => ({ id, name })),
      takes_part: !buyer && props.length > 0,
      winner_comment_data: winnerComment
        ? {
            id: winnerComment.id,
            name: nameOf(winnerComment.first, winnerComment.last) ?? '',
            created: iso(winnerComment.created),
            content: winnerComment.content,
          }
        : null,
      bc_id: buyer ? r.bcId : null,
      bc_synced: buyer ? r.bcSynced : false,
      bc_sync_running: buyer ? r.bcSyncRunning : false,
    };
    return whole;
  });
}
