// Offer receipts (issue 34, point 4; docs/decisions.md "Offer receipts"). Every accepted change of a company's
// offer set on a tender gets a receipt in the same transaction: the server time and the SHA-256 digest of the set's
// canonical form (shared rules/receiptCanonical.ts). The previous receipt is then marked replaced; a withdrawal only
// closes the last one. The history keeps each digest (a salted digest reveals nothing of the prices). A receipt is
// verified against what the portal holds: its own row, and for the current one the offers themselves.
import { createHash, randomBytes } from 'node:crypto';
import {
  type CanonicalOfferLine,
  canonicalOffer,
  type OfferReceipt,
  type OfferReceipts,
  RECEIPT_FORM_VERSION,
  type ReceiptVerdict,
  type ReceiptVerify,
} from '@portal/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { Db } from '../../db/client.ts';
import { offerReceipts, proposals, suppliers, tenders } from '../../db/schema/index.ts';
import { fullName } from '../../lib/auth.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { insertHistorySql } from '../../lib/history.ts';
import { inIds } from '../../lib/sql.ts';
import { actorOf, requireTender, tenderVisibleWhere, type Viewer } from './access.ts';
import type { Tx } from './core.ts';
import { formatDateTime, pdf } from './exportFiles.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The company's offer lines on the tender as the canonical form takes them. */
async function offerLines(tx: Tx, tenderId: number, supplierId: number): Promise<CanonicalOfferLine[]> {
  return tx
    .select({
      detailId: proposals.detailId,
      producerId: proposals.producerId,
      price: proposals.price,
      deliveryDate: proposals.deliveryDate,
      productCode: proposals.productCode,
      eanCode: proposals.eanCode,
      availableQty: proposals.availableQty,
      additionalQty: proposals.additionalQty,
    })
    .from(proposals)
    .where(and(eq(proposals.tenderId, tenderId), eq(proposals.supplierId, supplierId)));
}

const digestOf = (
  tenderId: number,
  companyId: number,
  time: Date,
  salt: string,
  lines: CanonicalOfferLine[],
) => sha256(canonicalOffer({ tenderId, companyId, time, salt, lines }));

/**
 * What records a change of the company's offer set (at `at`, the time of its deadline check), as common table
 * expressions of one statement (named receipt_*, placed after `with` or after the caller's own): the last receipt
 * marked replaced, the new receipt of `lines` (the set as it now stands; none when it is empty: the last receipt is
 * then closed as withdrawn), the company's "no offer" marks dropped on the lines it now offers on, and the history of
 * each. `dropDraft`: the company's offer draft is deleted too (it sent or withdrew its offer). Statements in one
 * statement share a snapshot: nothing here reads what the caller's expressions write.
 */
export function receiptSql(
  viewer: Viewer & { supplierId: number },
  tenderId: number,
  at: Date,
  lines: CanonicalOfferLine[],
  opts: { dropDraft?: boolean } = {},
): SQL {
  const sup = viewer.supplierId;
  const stamp = at.toISOString();
  const who = sql`${viewer.user.id}::int, ${fullName(viewer.user)}::text`;
  const parts = [
    sql`receipt_old as (
      update offer_receipts set replaced = ${stamp}::timestamptz
      where tender_id = ${tenderId} and supplier_id = ${sup} and replaced is null)`,
  ];
  if (opts.dropDraft)
    parts.push(
      sql`receipt_draft as (delete from offer_drafts where tender_id = ${tenderId} and supplier_id = ${sup})`,
    );
  if (!lines.length) {
    parts.push(
      sql`receipt_audit as (${insertHistorySql(sql`
        select 'receipt', 0, ${tenderId}::int, 'withdrawn', ${who}, jsonb_build_object('supplier_id', ${sup}::int),
          ${stamp}::timestamptz`)})`,
    );
    return sql.join(parts, sql`, `);
  }
  const salt = randomBytes(16).toString('hex');
  const digest = digestOf(tenderId, sup, at, salt, lines);
  const offered = [...new Set(lines.map((l) => l.detailId))];
  parts.push(
    sql`receipt_new as (
        insert into offer_receipts (tender_id, supplier_id, user_id, created, salt, digest, lines)
        values (${tenderId}, ${sup}, ${viewer.user.id}, ${stamp}::timestamptz, ${salt}, ${digest}, ${lines.length})
        returning id)`,
    sql`receipt_declines as (
        delete from line_declines
        where tender_id = ${tenderId} and supplier_id = ${sup} and ${inIds(sql`detail_id`, offered)}
        returning id, detail_id)`,
    sql`receipt_audit as (${insertHistorySql(sql`
        select a.entity, a.entity_id, ${tenderId}::int, a.action, ${who}, a.data, ${stamp}::timestamptz
        from (
          select 0 as k, 'receipt' as entity, r.id as entity_id, 'issued' as action,
            jsonb_build_object('supplier_id', ${sup}::int, 'digest', ${digest}::text, 'lines', ${lines.length}::int)
              as data
          from receipt_new r
          union all
          select 1, 'decline', d.id, 'removed',
            jsonb_build_object('supplier_id', ${sup}::int, 'detail', d.detail_id, 'reason', 'offered')
          from receipt_declines d
        ) a
        order by a.k, a.entity_id`)})`,
  );
  return sql.join(parts, sql`, `);
}

/**
 * In the transaction that changed the company's offer set, for a change whose own statements did not record it
 * (`receiptSql`): the set is read back and recorded in one statement.
 */
export async function offerSetChanged(
  tx: Tx,
  viewer: Viewer,
  tenderId: number,
  at: Date,
  opts: { dropDraft?: boolean } = {},
) {
  const sup = viewer.supplierId;
  if (sup == null) return;
  const lines = await offerLines(tx, tenderId, sup);
  await tx.execute(
    sql`with ${receiptSql({ ...viewer, supplierId: sup }, tenderId, at, lines, opts)} select 1`,
  );
}

// ---------- reading ----------

type ReceiptRow = typeof offerReceipts.$inferSelect;

/** The supplier's tender (404 when it may not see it) and its right to the company's offers (403). */
async function companyTender(db: Db, viewer: Viewer, tenderId: number) {
  const [t] = await db
    .select({ id: tenders.id, code: tenders.tenderCode, status: tenders.status })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(viewer.user)));
  if (!t) throw notFound();
  if (viewer.supplierId == null || !viewer.seesCompanyOffers) throw forbidden();
  return { ...t, supplierId: viewer.supplierId };
}

async function toReceipts(
  db: Db,
  t: { id: number; code: string },
  rows: ReceiptRow[],
): Promise<OfferReceipt[]> {
  if (!rows.length) return [];
  const [co] = await db
    .select({ id: suppliers.id, name: suppliers.name, code: suppliers.registrationCode })
    .from(suppliers)
    .where(eq(suppliers.id, rows[0].supplierId));
  return rows.map((r) => ({
    id: r.id,
    tender: t.id,
    tender_code: t.code,
    company: r.supplierId,
    company_name: co?.name ?? '',
    company_registration_code: co?.code ?? null,
    time: r.created.toISOString(),
    digest: r.digest,
    salt: r.salt,
    lines: r.lines,
    replaced_at: r.replaced ? r.replaced.toISOString() : null,
  }));
}

/** GET /tenders/{id}/receipts/: the company's receipts on the tender, newest first. */
export async function companyReceipts(db: Db, viewer: Viewer, tenderId: number): Promise<OfferReceipts> {
  const t = await companyTender(db, viewer, tenderId);
  const rows = await db
    .select()
    .from(offerReceipts)
    .where(and(eq(offerReceipts.tenderId, t.id), eq(offerReceipts.supplierId, t.supplierId)))
    .orderBy(desc(offerReceipts.id));
  const all = await toReceipts(db, t, rows);
  return { current: all.find((r) => r.replaced_at == null) ?? null, all };
}

/** One receipt of the company (the current one when `id` is not given); 404 when there is none. */
export async function companyReceipt(db: Db, viewer: Viewer, tenderId: number, id?: number) {
  const { all, current } = await companyReceipts(db, viewer, tenderId);
  const r = id == null ? current : all.find((x) => x.id === id);
  if (!r) throw notFound();
  return r;
}

// ---------- verifying ----------

/**
 * POST /receipts/verify/. A supplier user with the company's offer rights verifies its own company's receipts (any
 * other company's answer is no_match, as if there were none); a buyer any receipt of a tender it may see once the
 * tender is opened (FINISHED and later: before that even a yes would tell who offered).
 */
export async function verifyReceipt(db: Db, viewer: Viewer, body: ReceiptVerify): Promise<ReceiptVerdict> {
  const [t] = await db
    .select({ id: tenders.id, status: tenders.status })
    .from(tenders)
    .where(and(eq(tenders.id, body.tender), tenderVisibleWhere(viewer.user)));
  if (!t) throw notFound();
  requireTender(actorOf(viewer), 'verify_receipt', { status: t.status });
  const none: ReceiptVerdict = { result: 'no_match', replaced_at: null };
  if (viewer.supplierId != null && viewer.supplierId !== body.company) return none;
  const time = new Date(body.time);
  const [r] = await db
    .select()
    .from(offerReceipts)
    .where(
      and(
        eq(offerReceipts.tenderId, t.id),
        eq(offerReceipts.supplierId, body.company),
        eq(offerReceipts.created, time),
        eq(offerReceipts.digest, body.digest),
      ),
    )
    .limit(1);
  if (!r) return none;
  if (r.replaced) {
    const [next] = await db
      .select({ id: offerReceipts.id })
      .from(offerReceipts)
      .where(
        and(
          eq(offerReceipts.tenderId, t.id),
          eq(offerReceipts.supplierId, r.supplierId),
          eq(offerReceipts.created, r.replaced),
          sql`${offerReceipts.id} > ${r.id}`,
        ),
      )
      .orderBy(asc(offerReceipts.id))
      .limit(1);
    return { result: next ? 'replaced' : 'withdrawn', replaced_at: r.replaced.toISOString() };
  }
  // The current receipt: the offers held now must still give its digest (a cancelled tender has none left).
  const held = digestOf(t.id, r.supplierId, r.created, r.salt, await offerLines(db, t.id, r.supplierId));
  return held === r.digest
    ? { result: 'valid', replaced_at: null }
    : { result: 'withdrawn', replaced_at: null };
}

// ---------- the PDF ----------

const LABELS = {
  et: {
    title: 'Pakkumise kviitung',
    tender: 'Hange',
    company: 'Ettevõte',
    registration: 'Registrikood',
    time: 'Vastu võetud',
    lines: 'Pakkumise ridu',
    digest: 'SHA-256 räsi',
    salt: 'Sool',
    status: 'Olek',
    current: 'Kehtiv (portaal hoiab seda pakkumist)',
    replaced: 'Asendatud {at}',
    verify_title: 'Kontrollimiseks',
    verify_text:
      'Saatke portaali aadressile POST /api/receipts/verify/ väärtused tender, company, time ja digest. Räsi on võetud pakkumise kanoonilisest kujust (vorm {version}), mille esimesed read on hanke ja ettevõtte id, aeg, sool ja ridade arv.',
  },
  ru: {
    title: 'Квитанция предложения',
    tender: 'Тендер',
    company: 'Компания',
    registration: 'Регистрационный код',
    time: 'Принято',
    lines: 'Строк предложения',
    digest: 'Хеш SHA-256',
    salt: 'Соль',
    status: 'Состояние',
    current: 'Действует (портал хранит это предложение)',
    replaced: 'Заменена {at}',
    verify_title: 'Для проверки',
    verify_text:
      'Отправьте на адрес портала POST /api/receipts/verify/ значения tender, company, time и digest. Хеш взят от канонической формы предложения (форма {version}), первые строки которой — id тендера и компании, время, соль и число строк.',
  },
  en: {
    title: 'Offer receipt',
    tender: 'Tender',
    company: 'Company',
    registration: 'Registration code',
    time: 'Accepted',
    lines: 'Offer lines',
    digest: 'SHA-256 digest',
    salt: 'Salt',
    status: 'Status',
    current: 'Current (the portal holds this offer)',
    replaced: 'Replaced at {at}',
    verify_title: 'To verify',
    verify_text:
      'Send the values tender, company, time and digest to the portal at POST /api/receipts/verify/. The digest is taken of the canonical form of the offer (form {version}), whose first lines are the tender and company ids, the time, the salt and the number of lines.',
  },
} as const;
const langOf = (l: string): keyof typeof LABELS => (l === 'ru' || l === 'en' ? l : 'et');

/** A receipt as a one-page PDF in the reader's language (pdfmake, as the order files). */
export async function receiptPdf(r: OfferReceipt, lang: string): Promise<Buffer> {
  const L = LABELS[langOf(lang)];
  const rows: [string, string][] = [
    [L.tender, `${r.tender_code} (id ${r.tender})`],
    [L.company, `${r.company_name} (id ${r.company})`],
    [L.registration, r.company_registration_code ?? ''],
    [L.time, `${formatDateTime(new Date(r.time))} (${r.time})`],
    [L.lines, String(r.lines)],
    [
      L.status,
      r.replaced_at ? L.replaced.replace('{at}', formatDateTime(new Date(r.replaced_at))) : L.current,
    ],
    [L.salt, r.salt],
  ];
  const content: Content[] = [
    { text: `${L.title} ${r.tender_code}`, style: 'title' },
    {
      table: { widths: ['auto', '*'], body: rows.map(([k, v]) => [{ text: k, bold: true }, v]) },
      layout: 'noBorders',
      margin: [0, 0, 0, 10],
    },
    { text: L.digest, bold: true },
    { text: r.digest, style: 'digest' },
    { text: L.verify_title, bold: true, margin: [0, 12, 0, 2] },
    { text: L.verify_text.replace('{version}', RECEIPT_FORM_VERSION) },
    {
      text: JSON.stringify({ tender: r.tender, company: r.company, time: r.time, digest: r.digest }),
      style: 'code',
    },
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    info: { title: `${L.title} ${r.tender_code}`, creator: 'Tender portal', producer: 'Tender portal' },
    content,
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 10] },
      digest: { fontSize: 11, margin: [0, 2, 0, 4] },
      code: { fontSize: 8, margin: [0, 6, 0, 0] },
    },
  };
  return pdf().createPdf(doc).getBuffer();
}
