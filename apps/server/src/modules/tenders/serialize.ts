// The tender and tender-line serialisers: the one place where sealed offers are enforced (ARCHITECTURE
// "Sealed offers"). While a tender is WAITING or ACTIVE a buyer gets proposals as placeholders with every
// party field null; a supplier only ever gets its own company's proposals, winners and comments; the
// approver's and the winner comments never go to suppliers. Counts are computed in SQL.
import type {
  DetailLine,
  exportData as exportDataSchema,
  Proposal,
  Tender,
  TenderStatus,
  WinnerEntry,
  WinnerReason,
} from '@portal/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  blacklistProducers,
  blacklists,
  comments,
  details,
  files,
  groups,
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
import { isSealed, type Viewer } from './access.ts';

// ---------- helpers ----------

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

// ---------- export data provider (filled by the exports module) ----------

export type ExportData = z.infer<typeof exportDataSchema>;
export type ExportDataProvider = (db: Db, tenderId: number, viewer: Viewer) => Promise<ExportData | null>;
let exportDataProvider: ExportDataProvider | null = null;
/** The exports module registers the function that builds `export_data` for GET /tenders/{id}/?export_data=true. */
export function registerExportDataProvider(fn: ExportDataProvider) {
  exportDataProvider = fn;
}

// ---------- tenders ----------

export const creator = alias(users, 'creator');
const approver = alias(users, 'approver');

/** The tender select (with counts in SQL) for a viewer; `paginate` adds where/order/limit. */
export function tenderSelect(db: Db, viewer: Viewer) {
  const sup = viewer.supplierId;
  const own = viewer.seesCompanyOffers && sup != null;
  const proposalsCount: SQL<number> =
    sup == null
      ? sql`(select count(*) from proposals p where p.tender_id = tenders.id)`
      : own
        ? sql`(select count(*) from proposals p where p.tender_id = tenders.id and p.supplier_id = ${sup})`
        : sql`0`;
  const winnersCount: SQL<number> =
    sup == null
      ? sql`(select count(*) from winners w join proposals p on p.id = w.proposal_id where p.tender_id = tenders.id)`
      : own
        ? sql`(select count(*) from winners w join proposals p on p.id = w.proposal_id where p.tender_id = tenders.id and p.supplier_id = ${sup})`
        : sql`0`;
  const supplierOnly = <T>(expr: SQL<T>, empty: SQL<T>) => (sup == null ? empty : expr);
  return db
    .select({
      id: tenders.id,
      tenderCode: tenders.tenderCode,
      start: tenders.start,
      finish: tenders.finish,
      status: tenders.status,
      warehouseId: tenders.warehouseId,
      warehouseName: warehouses.name,
      warehouseAddress: warehouses.address,
      groupId: tenders.groupId,
      groupName: groups.name,
      additionalInfo: tenders.additionalInfo,
      creatorFirst: creator.firstName,
      creatorLast: creator.lastName,
      approverFirst: approver.firstName,
      approverLast: approver.lastName,
      approved: tenders.approved,
      bcId: tenders.bcId,
      created: tenders.created,
      updated: tenders.updated,
      detailsCount: sql<number>`(select count(*) from details d where d.tender_id = tenders.id)`.mapWith(
        Number,
      ),
      proposalsCount: proposalsCount.mapWith(Number),
      winnersCount: winnersCount.mapWith(Number),
      failedBc: (sup == null
        ? sql<number>`(select count(*) from details d where d.tender_id = tenders.id and d.bc_status = 'error')`
        : sql<number>`0`
      ).mapWith(Number),
      proposalCreated: supplierOnly(
        own
          ? sql<unknown>`(select min(p.created) from proposals p where p.tender_id = tenders.id and p.supplier_id = ${sup})`
          : sql`null`,
        sql`null`,
      ),
      proposalUpdated: supplierOnly(
        own
          ? sql<unknown>`(select max(p.updated) from proposals p where p.tender_id = tenders.id and p.supplier_id = ${sup})`
          : sql`null`,
        sql`null`,
      ),
      watchedDate: supplierOnly(
        sql<unknown>`(select l.created from tender_logs l where l.tender_id = tenders.id and l.supplier_id = ${sup} and l.action = 'WATCHED')`,
        sql`null`,
      ),
      agreed: supplierOnly(
        sql<boolean>`exists (select 1 from tender_logs l where l.tender_id = tenders.id and l.supplier_id = ${sup} and l.action = 'AGREED')`,
        sql`false`,
      ).mapWith(Boolean),
      isWinner: supplierOnly(
        sql<boolean>`exists (select 1 from winners w join proposals p on p.id = w.proposal_id where p.tender_id = tenders.id and p.supplier_id = ${sup})`,
        sql`false`,
      ).mapWith(Boolean),
    })
    .from(tenders)
    .innerJoin(warehouses, eq(warehouses.id, tenders.warehouseId))
    .innerJoin(groups, eq(groups.id, tenders.groupId))
    .leftJoin(creator, eq(creator.id, tenders.creatorId))
    .leftJoin(approver, eq(approver.id, tenders.approverId))
    .$dynamic();
}

export type TenderRow = Awaited<ReturnType<ReturnType<typeof tenderSelect>['execute']>>[number];

/** Turns tender rows into API objects (comments loaded in one query for the whole page). */
export async function serializeTenders(db: Db, viewer: Viewer, rows: TenderRow[]): Promise<Tender[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const sup = viewer.supplierId;
  const commentRows = await db
    .select({
      id: comments.id,
      kind: comments.kind,
      tenderId: comments.tenderId,
      supplierId: comments.supplierId,
      supplierName: suppliers.name,
      content: comments.content,
      created: comments.created,
    })
    .from(comments)
    .leftJoin(suppliers, eq(suppliers.id, comments.supplierId))
    .where(
      and(
        inArray(comments.tenderId, ids),
        sup == null
          ? inArray(comments.kind, ['TENDER', 'APPROVER'])
          : and(eq(comments.kind, 'TENDER'), eq(comments.supplierId, sup)),
      ),
    )
    .orderBy(comments.id);
  const t = now().toISOString();
  return rows.map((r) => {
    const sealed = sup == null && isSealed(r.status);
    const mine = commentRows.filter((c) => c.tenderId === r.id);
    const approverComment = sup == null ? mine.filter((c) => c.kind === 'APPROVER').at(-1) : undefined;
    const supplierCanSee = sup == null || viewer.seesCompanyOffers;
    return {
      id: r.id,
      tender_code: r.tenderCode,
      start: iso(r.start),
      finish: iso(r.finish),
      status: r.status,
      warehouse: r.warehouseId,
      warehouse_name: r.warehouseName,
      warehouse_address: r.warehouseAddress,
      group: r.groupId,
      group_name: r.groupName,
      additional_info: r.additionalInfo,
      creator_name: nameOf(r.creatorFirst, r.creatorLast),
      approver_name: nameOf(r.approverFirst, r.approverLast),
      approved: isoOrNull(r.approved),
      approver_comment: approverComment?.id ?? null,
      approver_comment_content: approverComment?.content ?? null,
      comments_options: supplierCanSee
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
    };
  });
}

/** One tender for a viewer (null when it does not exist or the viewer may not see it). */
export async function loadTender(
  db: Db,
  viewer: Viewer,
  id: number,
  visible: SQL | undefined,
  opts: { exportData?: boolean } = {},
): Promise<Tender | null> {
  const rows = await tenderSelect(db, viewer).where(and(eq(tenders.id, id), visible));
  if (!rows.length) return null;
  const [t] = await serializeTenders(db, viewer, rows);
  if (opts.exportData) t.export_data = exportDataProvider ? await exportDataProvider(db, id, viewer) : null;
  return t;
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

/** Turns line rows into API objects for a viewer, loading proposals, winners, comments and part data in batches. */
export async function serializeDetails(db: Db, viewer: Viewer, rows: DetailRow[]): Promise<DetailLine[]> {
  if (!rows.length) return [];
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

  const [tags, fileRows, propRows, winnerRows, commentRows, blRows, counts] = await Promise.all([
    db
      .select({ partId: partCodes.partId, code: partCodes.code })
      .from(partCodes)
      .where(inArray(partCodes.partId, partIds))
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
      .where(inArray(partFiles.partId, partIds)),
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
        approved: sql<
          string | null
        >`(select sum(w.amount) from winners w where w.proposal_id = proposals.id)`,
        lowest:
          sql<boolean>`proposals.price = (select min(p2.price) from proposals p2 where p2.detail_id = proposals.detail_id)`.mapWith(
            Boolean,
          ),
      })
      .from(proposals)
      .innerJoin(suppliers, eq(suppliers.id, proposals.supplierId))
      .innerJoin(producers, eq(producers.id, proposals.producerId))
      .where(and(inArray(proposals.detailId, ids), proposalFilter))
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
        producerName: producers.name,
      })
      .from(winners)
      .innerJoin(proposals, eq(proposals.id, winners.proposalId))
      .innerJoin(suppliers, eq(suppliers.id, proposals.supplierId))
      .innerJoin(producers, eq(producers.id, proposals.producerId))
      .where(and(inArray(winners.detailId, ids), proposalFilter))
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
          inArray(comments.detailId, ids),
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
          .where(and(inArray(blacklists.partId, partIds), eq(blacklists.isDeleted, false)))
      : Promise.resolve([]),
    db
      .select({ detailId: proposals.detailId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(proposals)
      .where(and(inArray(proposals.detailId, ids), proposalFilter))
      .groupBy(proposals.detailId),
  ]);

  // Group every related list once (a tender view has up to thousands of lines): linear, not lines × rows.
  const propsByLine = Map.groupBy(propRows, (p) => p.detailId);
  const winnersByLine = Map.groupBy(winnerRows, (w) => w.detailId);
  const commentsByLine = Map.groupBy(commentRows, (c) => c.detailId);
  const blByPart = Map.groupBy(blRows, (b) => b.partId);
  const tagsByPart = Map.groupBy(tags, (t) => t.partId);
  const filesByPart = Map.groupBy(fileRows, (f) => f.partId);
  const countByLine = new Map(counts.map((c) => [c.detailId, c.n]));
  return rows.map((r) => {
    const sealed = buyer && r.tenderStatus != null && isSealed(r.tenderStatus as TenderStatus);
    const props = propsByLine.get(r.id) ?? [];
    const proposalsOut: Proposal[] = props.map((p) =>
      sealed
        ? {
            id: null,
            detail: r.id,
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
            total_approved_qty: null,
            is_lowest: false,
            created: null,
            updated: null,
          }
        : {
            id: p.id,
            detail: r.id,
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
            total_approved_qty: dec(p.approved) ?? '0.0000',
            // Whether an offer is the lowest tells a supplier about the others: buyers only.
            is_lowest: buyer && p.lowest,
            created: iso(p.created),
            updated: iso(p.updated),
          },
    );
    const winnersOut: WinnerEntry[] = sealed
      ? []
      : (winnersByLine.get(r.id) ?? []).map((w) => ({
          id: w.id,
          name: w.proposalId,
          amount: String(w.amount),
          reason: w.reason as WinnerReason,
          supplier_id: w.supplierId,
          supplier_name: w.supplierName,
          price: String(w.price),
          producer_name: w.producerName,
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
    const bl = blByPart.get(r.partId) ?? [];
    const activeBl = bl.filter((b) => b.isActive && b.producerId != null);
    const info = new Map<number, string>();
    for (const b of activeBl) info.set(b.producerId!, b.producerName!);
    return {
      id: r.id,
      status: r.status,
      tender: r.tenderId,
      tender_code: r.tenderCode,
      tender_status: (r.tenderStatus as TenderStatus | null) ?? null,
      qty: String(r.qty),
      replenishment_qty: String(r.replenishmentQty),
      replacement_qty: String(r.replacementQty),
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
      warehouse_name_code: r.warehouseCode ? `${r.warehouseName} (${r.warehouseCode})` : r.warehouseName,
      customer_number: buyer ? r.customerNumber : null,
      customer_name: buyer ? r.customerName : null,
      creator_name: buyer ? nameOf(r.creatorFirst, r.creatorLast) : null,
      order_number: buyer ? r.orderNumber : null,
      created: iso(r.created),
      updated: iso(r.updated),
      proposals: proposalsOut,
      proposals_count: countByLine.get(r.id) ?? 0,
      winners: winnersOut,
      takes_part: !buyer && props.length > 0,
      supplier_comments: lineComments.filter((c) => c.kind === 'DETAIL_SUPPLIER').map(toComment),
      winner_comment: winnerComment ? toComment(winnerComment) : null,
      blacklisted_producers: [...info.keys()],
      blacklisted_producers_info: [...info.entries()].map(([id, name]) => ({ id, name })),
      part_blacklist: bl[0]?.blId ?? null,
      bc_id: buyer ? r.bcId : null,
      bc_status: buyer ? (r.bcStatus ?? null) : null,
    };
  });
}
