// Everyone who took part learns the outcome, in their own language (spec 1 §4, issue 6): on confirm the winners get
// TENDER_WINNER with what they won, every other participant TENDER_MEMBER ("your offer was not chosen"); a FAILED
// tender tells all its participants so; a cancelled one sends TENDER_CANCELED. After a reopen, a new confirm mails
// only the companies whose award changed, and tells a replaced winner that its offer is no longer chosen.
// What each company was told is kept in the tender's audit ('outcome_mailed'), so a later confirm can compare.
import {
  formatPrice,
  formatQuantity,
  type Language,
  needsWrittenContract,
  orderTotal,
  trimDecimals,
} from '@portal/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groups, history, type tenders, warehouses } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { audit } from '../../lib/history.ts';
import { queryRows } from '../../lib/sql.ts';
import { writtenContractNote } from './exportFiles.ts';
import { emailSuppliers, participantSuppliers } from './notify.ts';

type TenderRecord = typeof tenders.$inferSelect;

export async function tenderEmailContext(tx: Db, t: TenderRecord) {
  const [g] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, t.groupId));
  const [w] = await tx
    .select({ name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.id, t.warehouseId));
  return {
    tender_id: String(t.id),
    tender_code: t.tenderCode,
    tender_group_name: g?.name ?? '',
    tender_warehouse_name: w?.name ?? '',
  };
}

type WonLine = {
  supplier_id: number;
  detail_id: number;
  name: string;
  amount: string;
  price: string;
};

const LANGUAGE: Record<string, Language> = { EST: 'et', RUS: 'ru', ENG: 'en' };

/**
 * "Name: 3 × 12,345 €" per won line, numbers as the reader writes them; an order of 10,000 € or more ends with the
 * written-contract note (issue 32), so every winner mail says it whatever its template's text.
 */
function awardList(lines: WonLine[], templateLanguage: string) {
  const lang = LANGUAGE[templateLanguage] ?? 'et';
  const note = needsWrittenContract(orderTotal(lines)) ? `\n\n${writtenContractNote(lang)}` : '';
  return `${awardLines(lines, lang)}${note}`;
}

function awardLines(lines: WonLine[], lang: Language) {
  return lines
    .map((l) => `${l.name}: ${formatQuantity(l.amount, lang)} × ${formatPrice(l.price, lang)}`)
    .join('\n');
}

/** The award of each company as a comparable text: its lines, amounts and prices. */
const signature = (lines: WonLine[]) =>
  lines
    .map((l) => `${l.detail_id}:${trimDecimals(l.amount)}:${trimDecimals(l.price)}`)
    .sort()
    .join('|');

/**
 * The outcome of the company's offers (its won lines, prices and order file, or that they were not chosen) goes only
 * to the users the API shows those offers: a PLAIN employee of a company that does not share them is not told.
 */
const OFFERS_ONLY = { offersOnly: true };

/** After the confirm (ORDERED or FAILED) wrote its state: queues the outcome mails and records what was told. */
export async function mailOutcome(
  tx: Db,
  user: SessionUser,
  t: TenderRecord,
  at: Date,
  /** Companies told by the caller's own mail (a refusing winner), left out here. */
  except: number[] = [],
) {
  const won = await queryRows<WonLine>(
    tx,
    sql`select p.supplier_id, d.id as detail_id, pa.name, w.amount, p.price
      from winners w join proposals p on p.id = w.proposal_id
      join details d on d.id = w.detail_id join parts pa on pa.id = d.part_id
      where p.tender_id = ${t.id} order by d.id, w.id`,
  );
  const bySupplier = new Map<number, WonLine[]>();
  for (const l of won) {
    const sid = Number(l.supplier_id);
    bySupplier.set(sid, [...(bySupplier.get(sid) ?? []), l]);
  }
  const awards: Record<string, string> = {};
  for (const [sid, lines] of bySupplier) awards[sid] = signature(lines);

  const [previous] = await tx
    .select({ data: history.data })
    .from(history)
    .where(
      and(eq(history.tenderId, t.id), eq(history.entity, 'tender'), eq(history.action, 'outcome_mailed')),
    )
    .orderBy(desc(history.id))
    .limit(1);
  const before = (previous?.data as { awards?: Record<string, string>; told?: number[] } | undefined) ?? null;
  const participants = await participantSuppliers(tx, t.id);
  const info = await tenderEmailContext(tx, t);
  const stamp = at.getTime();

  const winnersToMail = [...bySupplier.keys()].filter(
    (sid) => (!before || before.awards?.[sid] !== awards[sid]) && !except.includes(sid),
  );
  for (const sid of winnersToMail) {
    const lines = bySupplier.get(sid) ?? [];
    await emailSuppliers(
      tx,
      [sid],
      'TENDER_WINNER',
      (language) => ({ ...info, advanced_details_list: awardList(lines, language) }),
      (u) => `tender-winner:${t.id}:${u}:${stamp}`,
      OFFERS_ONLY,
    );
  }
  // Not chosen: on the first confirm every participant without an award; after a reopen only those who had one.
  const notChosen = participants.filter(
    (sid) => !bySupplier.has(sid) && (!before || before.awards?.[sid] !== undefined) && !except.includes(sid),
  );
  await emailSuppliers(
    tx,
    notChosen,
    'TENDER_MEMBER',
    info,
    (u) => `tender-not-chosen:${t.id}:${u}:${stamp}`,
    OFFERS_ONLY,
  );
  await audit(tx, {
    entity: 'tender',
    entityId: t.id,
    tenderId: t.id,
    action: 'outcome_mailed',
    user,
    data: { awards, told: [...new Set([...(before?.told ?? []), ...winnersToMail, ...notChosen])] },
  });
}

/** A cancelled tender tells every participant (offers or watching) with its own template. */
export async function mailCanceled(tx: Db, t: TenderRecord, participants: number[]) {
  const info = await tenderEmailContext(tx, t);
  await emailSuppliers(tx, participants, 'TENDER_CANCELED', info, (u) => `tender-canceled:${t.id}:${u}`);
}
