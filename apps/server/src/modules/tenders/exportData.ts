// The orders of an ORDERED tender, as the export page, the spreadsheet, the PDF and the Directo export see them.
// Buyers get every supplier's order; a winning supplier only its own; anyone else is refused.
// Line totals (2 decimals) and order totals are computed in SQL numeric, never with JS floats.
import { type ExportStatus, type exportData as exportDataSchema, needsWrittenContract } from '@portal/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  details,
  groups,
  moduleExportLogs,
  partCodes,
  parts,
  producers,
  proposals,
  purchaseOrders,
  suppliers,
  tenders,
  warehouses,
  winners,
} from '../../db/schema/index.ts';
import { isSupplier, type SessionUser } from '../../lib/auth.ts';
import { AppError, nonField, notFound } from '../../lib/errors.ts';
import { actorOf, requireTender, tenderVisibleWhere, viewerOf } from './access.ts';

export type ExportData = z.infer<typeof exportDataSchema>;

export interface ExportTender {
  id: number;
  tenderCode: string;
  start: Date;
  finish: Date;
  approved: Date | null;
  additionalInfo: string;
  groupName: string;
  warehouseName: string;
  warehouseCode: string | null;
  warehouseAddress: string | null;
}

export interface ExportLine {
  partCode: string;
  partName: string;
  tags: string[];
  producer: string;
  productCode: string;
  ean: string;
  deliveryDate: string;
  /** Decimal strings as stored: price "12.3450", qty "3.0000", total "37.04". */
  price: string;
  orderedQty: string;
  total: string;
}

export interface ExportOrder {
  supplierId: number;
  supplierName: string;
  supplierEmail: string;
  supplierPhone: string;
  registrationCode: string;
  orderCode: string;
  exportCode: string | null;
  grandTotal: string;
  lines: ExportLine[];
}

export interface ExportOrders {
  tender: ExportTender;
  orders: ExportOrder[];
  /** Sum of the shown orders' totals (2 decimals, from SQL). */
  grandTotal: string;
}

/**
 * The tender if this user may download its orders: it must be visible to the user (404 otherwise), ORDERED
 * (400 tender_not_ordered), and for a supplier its company must have won at least one line and the user must be
 * allowed to see the company's offers (a PLAIN employee only when the company shares them with employees) (403).
 * Answers the supplier filter: null for buyers, the company id for a winning supplier.
 */
export async function exportAccess(db: Db, tenderId: number, user: SessionUser) {
  const [t] = await db
    .select({
      id: tenders.id,
      tenderCode: tenders.tenderCode,
      start: tenders.start,
      finish: tenders.finish,
      approved: tenders.approved,
      status: tenders.status,
      additionalInfo: tenders.additionalInfo,
      groupName: groups.name,
      warehouseName: warehouses.name,
      warehouseCode: warehouses.code,
      warehouseAddress: warehouses.address,
    })
    .from(tenders)
    .innerJoin(groups, eq(groups.id, tenders.groupId))
    .innerJoin(warehouses, eq(warehouses.id, tenders.warehouseId))
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(user)))
    .limit(1);
  if (!t) throw notFound();
  let supplierId: number | null = null;
  let isWinner = false;
  const viewer = await viewerOf(db, user);
  if (isSupplier(user)) {
    const [won] = await db
      .select({ id: winners.id })
      .from(winners)
      .innerJoin(proposals, eq(proposals.id, winners.proposalId))
      .where(and(eq(proposals.tenderId, tenderId), eq(proposals.supplierId, user.supplierId)))
      .limit(1);
    isWinner = !!won;
    supplierId = user.supplierId;
  }
  requireTender(
    actorOf(viewer),
    'download',
    { status: t.status, isWinner },
    { state: () => nonField('tender_not_ordered') },
  );
  const { status: _status, ...tender } = t;
  return { tender: tender as ExportTender, supplierId };
}

/** The orders of a tender (all, or one supplier's), lines ordered by part code. */
export async function loadOrders(
  db: Db,
  tender: ExportTender,
  supplierId: number | null,
): Promise<ExportOrders> {
  const lineTotal = sql`round(${winners.amount} * ${proposals.price}, 2)`;
  const rows = await db
    .select({
      supplierId: suppliers.id,
      supplierName: suppliers.name,
      supplierEmail: suppliers.email,
      supplierPhone: suppliers.phone,
      registrationCode: suppliers.registrationCode,
      orderCode: purchaseOrders.orderCode,
      exportCode: purchaseOrders.exportCode,
      partId: parts.id,
      partCode: parts.code,
      partName: parts.name,
      producer: producers.name,
      productCode: proposals.productCode,
      ean: proposals.eanCode,
      deliveryDate: sql<string>`${proposals.deliveryDate}::text`,
      price: sql<string>`${proposals.price}::text`,
      orderedQty: sql<string>`${winners.amount}::text`,
      total: sql<string>`${lineTotal}::text`,
      orderTotal: sql<string>`(sum(${lineTotal}) over (partition by ${suppliers.id}))::text`,
      allTotal: sql<string>`(sum(${lineTotal}) over ())::text`,
    })
    .from(winners)
    .innerJoin(proposals, eq(proposals.id, winners.proposalId))
    .innerJoin(details, eq(details.id, winners.detailId))
    .innerJoin(parts, eq(parts.id, details.partId))
    .innerJoin(producers, eq(producers.id, proposals.producerId))
    .innerJoin(suppliers, eq(suppliers.id, proposals.supplierId))
    .leftJoin(
      purchaseOrders,
      and(
        eq(purchaseOrders.tenderId, proposals.tenderId),
        eq(purchaseOrders.supplierId, proposals.supplierId),
      ),
    )
    .where(
      and(
        eq(proposals.tenderId, tender.id),
        supplierId == null ? undefined : eq(proposals.supplierId, supplierId),
      ),
    )
    .orderBy(asc(suppliers.name), asc(suppliers.id), asc(parts.code), asc(details.id), asc(winners.id));

  const partIds = [...new Set(rows.map((r) => r.partId))];
  const tags = partIds.length
    ? await db
        .select({ partId: partCodes.partId, code: partCodes.code })
        .from(partCodes)
        .where(inArray(partCodes.partId, partIds))
        .orderBy(asc(partCodes.code))
    : [];

  const orders: ExportOrder[] = [];
  for (const r of rows) {
    let order = orders.at(-1);
    if (!order || order.supplierId !== r.supplierId) {
      order = {
        supplierId: r.supplierId,
        supplierName: r.supplierName,
        supplierEmail: r.supplierEmail,
        supplierPhone: r.supplierPhone,
        registrationCode: r.registrationCode,
        // Purchase orders are written when winners are confirmed; a missing one still gets a stable code.
        orderCode: r.orderCode ?? `${tender.tenderCode}-${r.supplierId}`,
        exportCode: r.exportCode,
        grandTotal: r.orderTotal,
        lines: [],
      };
      orders.push(order);
    }
    order.lines.push({
      partCode: r.partCode,
      partName: r.partName,
      tags: tags.filter((t) => t.partId === r.partId).map((t) => t.code),
      producer: r.producer,
      productCode: r.productCode,
      ean: r.ean,
      deliveryDate: r.deliveryDate,
      price: r.price,
      orderedQty: r.orderedQty,
      total: r.total,
    });
  }
  return { tender, orders, grandTotal: rows[0]?.allTotal ?? '0.00' };
}

/** The latest export of the tender to an accounting module. */
export async function latestExportLog(db: Db, tenderId: number) {
  const [log] = await db
    .select({
      id: moduleExportLogs.id,
      status: moduleExportLogs.status,
      created: moduleExportLogs.created,
      message: moduleExportLogs.message,
    })
    .from(moduleExportLogs)
    .where(eq(moduleExportLogs.tenderId, tenderId))
    .orderBy(desc(moduleExportLogs.id))
    .limit(1);
  return log ?? null;
}

/** The contract's `export_data` of an ORDERED tender for this user (see exportAccess for who may). */
export async function exportData(db: Db, tenderId: number, user: SessionUser): Promise<ExportData> {
  const { tender, supplierId } = await exportAccess(db, tenderId, user);
  const data = await loadOrders(db, tender, supplierId);
  // The accounting export's state is for those who may send it (administrators, contractors); a master sees the
  // orders (as in the files he may download) without it.
  const log = supplierId == null && user.group !== 'MASTER' ? await latestExportLog(db, tenderId) : null;
  return {
    status: (log?.status as ExportStatus | undefined) ?? null,
    created: log ? log.created.toISOString() : null,
    module_export_log_id: log?.id ?? null,
    message: log?.status === 'FAILED' ? (log.message ?? null) : null,
    orders: data.orders.map((o) => ({
      order_code: o.orderCode,
      export_code: o.exportCode,
      supplier: { id: o.supplierId, name: o.supplierName, email: o.supplierEmail, phone: o.supplierPhone },
      grand_total: o.grandTotal,
      written_contract_needed: needsWrittenContract(o.grandTotal),
      details: o.lines.map((l) => ({
        part: { code: l.partCode, name: l.partName, tags: l.tags },
        proposal: {
          producer: l.producer,
          delivery_date: l.deliveryDate,
          price: l.price,
          ordered_qty: l.orderedQty,
          total: l.total,
          product_code: l.productCode,
          ean_code: l.ean,
        },
      })),
    })),
  };
}

/** For GET /tenders/{id}/?export_data=true: null where the user may not download orders or the tender is not ORDERED. */
export async function exportDataOrNull(
  db: Db,
  tenderId: number,
  user: SessionUser,
): Promise<ExportData | null> {
  try {
    return await exportData(db, tenderId, user);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
