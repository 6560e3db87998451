// The demo data set, tenders in every status with their lines, offers, comments, logs, winners, purchase orders, exports and history.

import type { TenderStatus, WinnerReason } from '@portal/shared';
import { defined } from '@portal/shared';
import { inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../../lib/sql.ts';
import * as s from '../../schema/index.ts';
import type { Blacklist } from './blacklist.ts';
import type { Catalogue } from './catalogue.ts';
import { at, DAY, ean13, HOUR, type SeedContext, ymd } from './context.ts';
import type { People } from './people.ts';
import type { Places } from './places.ts';
import type { Preorders } from './preorders.ts';

export async function seedTenders(c: SeedContext & Places & Catalogue & People & Blacklist & Preorders) {
  const {
    db,
    T,
    rnd,
    pick,
    between,
    int,
    hist,
    BUS,
    TRAM,
    whByGroup,
    prod,
    producerShort,
    activeProducer,
    partById,
    supplierIds,
    supplierName,
    user,
    userById,
    supplierUsers,
    blacklisted,
    freePart,
    detailValues,
  } = c;
  // ---- tenders ----
  type Plan = {
    status: TenderStatus;
    scope: 'bus' | 'tram';
    start: Date;
    finish: Date;
    lines: number;
    suppliers: number[];
    info?: string;
    export?: 'SUCCESS' | 'FAILED';
  };
  const PLANS: Plan[] = [
    {
      status: 'ORDERED',
      scope: 'bus',
      start: at(T, -38, 7),
      finish: at(T, -34, 13),
      lines: 7,
      suppliers: [0, 1, 2],
      info: 'Filtrid ja pidurid plaaniliseks hoolduseks.',
      export: 'SUCCESS',
    },
    {
      status: 'FAILED',
      scope: 'bus',
      start: at(T, -33, 7),
      finish: at(T, -30, 12),
      lines: 3,
      suppliers: [2],
      info: 'Starterid ja generaatorid.',
    },
    {
      status: 'ORDERED',
      scope: 'tram',
      start: at(T, -29, 8),
      finish: at(T, -25, 12),
      lines: 5,
      suppliers: [0, 1, 2],
      info: 'Trammide pidurid ja veermik.',
      export: 'FAILED',
    },
    {
      status: 'CANCELED',
      scope: 'tram',
      start: at(T, -24, 8),
      finish: at(T, -20, 12),
      lines: 3,
      suppliers: [],
      info: 'Tühistatud: vajadus muutus.',
    },
    {
      status: 'ORDERED',
      scope: 'bus',
      start: at(T, -19, 7),
      finish: at(T, -15, 13),
      lines: 6,
      suppliers: [0, 1],
    },
    {
      status: 'CHOOSING',
      scope: 'bus',
      start: at(T, -12, 7),
      finish: at(T, -8, 12),
      lines: 6,
      suppliers: [0, 1, 2],
      info: 'Kiire: vajalik enne talvehooajat.',
    },
    {
      status: 'FINISHED',
      scope: 'tram',
      start: at(T, -7, 8),
      finish: at(T, -3, 12),
      lines: 5,
      suppliers: [0, 1, 2],
    },
    {
      status: 'FINISHED',
      scope: 'bus',
      start: at(T, -6, 7),
      finish: at(T, -2, 14),
      lines: 4,
      suppliers: [0, 2],
    },
    {
      status: 'ACTIVE',
      scope: 'bus',
      start: at(T, -1, 7),
      finish: at(T, 3, 12),
      lines: 6,
      suppliers: [0, 1],
      info: 'Tarne Kadaka depoosse tööpäeviti 8–16.',
    },
    { status: 'ACTIVE', scope: 'tram', start: at(T, -2, 8), finish: at(T, 2, 12), lines: 4, suppliers: [2] },
    { status: 'WAITING', scope: 'bus', start: at(T, 1, 7), finish: at(T, 5, 12), lines: 4, suppliers: [] },
    { status: 'WAITING', scope: 'tram', start: at(T, 1, 8), finish: at(T, 4, 12), lines: 3, suppliers: [] },
    { status: 'DRAFT', scope: 'bus', start: at(T, 3, 7), finish: at(T, 7, 12), lines: 5, suppliers: [] },
    { status: 'DRAFT', scope: 'tram', start: at(T, 4, 8), finish: at(T, 8, 12), lines: 0, suppliers: [] },
  ];
  const year = T.getUTCFullYear();
  const [{ n: existingCodes }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from tenders where tender_code like ${`T-${year}-%`}`,
  );
  const creatorOf = (p: Plan) =>
    p.scope === 'bus' ? (p.status === 'CHOOSING' ? user.master : user.contractor) : user.admin;
  const approver = user.contractor;
  const decidedAt = (p: Plan) => new Date(p.finish.getTime() + 26 * HOUR);
  const tenderRows = await db
    .insert(s.tenders)
    .values(
      PLANS.map((p, i) => {
        const created = new Date(p.start.getTime() - between(2, 5) * DAY);
        const decided = p.status === 'ORDERED' || p.status === 'FAILED';
        const updated =
          p.status === 'DRAFT' || p.status === 'WAITING'
            ? created
            : decided
              ? decidedAt(p)
              : p.status === 'CHOOSING'
                ? new Date(p.finish.getTime() + 3 * HOUR)
                : p.status === 'CANCELED'
                  ? new Date(p.start.getTime() + 20 * HOUR)
                  : p.status === 'ACTIVE'
                    ? p.start
                    : p.finish;
        const group = p.scope === 'bus' ? BUS : TRAM;
        return {
          tenderCode: `T-${year}-${String(Number(existingCodes) + i + 1).padStart(4, '0')}`,
          start: p.start,
          finish: p.finish,
          status: p.status,
          warehouseId: whByGroup(group)[i % whByGroup(group).length].id,
          groupId: group,
          additionalInfo: p.info ?? '',
          creatorId: creatorOf(p).id,
          approverId: decided ? approver.id : null,
          approved: decided ? decidedAt(p) : null,
          bcId: p.status === 'ORDERED' ? `BC-TND-${7100 + i}` : null,
          created,
          updated,
        };
      }),
    )
    .returning();

  // Lines of each tender.
  const lineStatus = (p: Plan): 'WAITING' | 'FAILED' =>
    p.status === 'CANCELED' || p.status === 'FAILED' ? 'FAILED' : 'WAITING';
  const lineValues: (typeof s.details.$inferInsert)[] = [];
  PLANS.forEach((p, i) => {
    const t = tenderRows[i];
    for (let k = 0; k < p.lines; k++) {
      // FINISHED and CHOOSING tenders get a blacklisted part first, so the blacklist shows up in the evaluation.
      const part = freePart(p.scope, (p.status === 'FINISHED' || p.status === 'CHOOSING') && k === 0);
      const v = detailValues(p.scope, part, new Date(t.created.getTime() - between(1, 10) * DAY));
      const qty = String(Number(v.replacementQty) + Number(v.replenishmentQty));
      lineValues.push({ ...v, warehouseId: t.warehouseId, qty, status: lineStatus(p), tenderId: t.id });
    }
  });
  const lineRows = await db.insert(s.details).values(lineValues).returning();
  const linesOf = (tenderId: number) => lineRows.filter((l) => l.tenderId === tenderId);

  // Proposals.
  const proposalValues: (typeof s.proposals.$inferInsert)[] = [];
  const logValues: (typeof s.tenderLogs.$inferInsert)[] = [];
  const commentValues: (typeof s.comments.$inferInsert)[] = [];
  PLANS.forEach((p, i) => {
    const t = tenderRows[i];
    const end = Math.min(p.finish.getTime(), T.getTime() - 10 * 60_000);
    p.suppliers.forEach((si, order) => {
      const supplierId = supplierIds[si];
      const who = pick(supplierUsers[si]);
      const offeredAt = new Date(
        p.start.getTime() + (end - p.start.getTime()) * (0.2 + 0.2 * order + rnd() * 0.1),
      );
      logValues.push({
        tenderId: t.id,
        supplierId,
        userId: who.id,
        action: 'WATCHED',
        created: new Date(p.start.getTime() + HOUR),
      });
      logValues.push({ tenderId: t.id, supplierId, userId: who.id, action: 'AGREED', created: offeredAt });
      for (const line of linesOf(t.id)) {
        if (rnd() < 0.15 && order > 0) continue; // not every supplier offers every part
        const part = defined(partById.get(line.partId), `part ${line.partId}`);
        const banned = blacklisted.get(part.id) ?? new Set<number>();
        const allowed = part.type.producers
          .map(prod)
          .filter((id) => activeProducer.has(id) && !banned.has(id));
        const qty = Number(line.qty);
        // Several offer lines on one part are alternatives that share the need: their available
        // quantities add up to at most the needed quantity (spec 1 §5, the shared offer rule).
        const n = Math.max(
          1,
          Math.min(allowed.length, Math.floor(qty), rnd() < 0.6 ? 1 : rnd() < 0.6 ? 2 : 3),
        );
        const share = Math.max(1, Math.floor(qty / n));
        const start = int(0, allowed.length - 1);
        for (let k = 0; k < n; k++) {
          const producerId = allowed[(start + k) % allowed.length];
          const factor = between(0.82, 1.25) * (k === 0 ? 1 : 0.9);
          const decimals = rnd() < 0.7 ? 2 : 4;
          const price = Math.max(0.0001, part.price * factor).toFixed(decimals);
          const available = n > 1 ? share : rnd() < 0.8 ? qty : Math.max(1, Math.floor(qty / 2));
          proposalValues.push({
            tenderId: t.id,
            detailId: line.id,
            supplierId,
            userId: who.id,
            producerId,
            price: Number(price) >= 0.0001 ? price : '0.0001',
            productCode:
              `${producerShort.get(producerId)}-${String(int(10000, 999999))}${rnd() < 0.3 ? '/A' : ''}`.slice(
                0,
                35,
              ),
            eanCode: ean13(
              `40${String(producerId).padStart(3, '0')}${String(int(0, 9_999_999)).padStart(7, '0')}`,
            ),
            availableQty: String(available),
            additionalQty: n === 1 && available < qty && rnd() < 0.5 ? String(qty - available) : null,
            deliveryDate: ymd(new Date(p.finish.getTime() + int(2, 21) * DAY)),
            created: offeredAt,
            updated: offeredAt,
          });
        }
      }
      if (order === 0 && p.status !== 'ACTIVE') {
        commentValues.push({
          kind: 'TENDER',
          tenderId: t.id,
          supplierId,
          userId: who.id,
          content: pick([
            'Hinnad kehtivad 30 päeva. Tarne Tallinnas tasuta.',
            'Osa tooteid tarnime kahes osas; täpse graafiku saadame tellimuse kinnitamisel.',
            'Pakkumine sisaldab originaalvaruosi, sertifikaadid saadame soovi korral.',
          ]),
          created: offeredAt,
          updated: offeredAt,
        });
        const firstLine = linesOf(t.id)[0];
        if (firstLine)
          commentValues.push({
            kind: 'DETAIL_SUPPLIER',
            tenderId: t.id,
            detailId: firstLine.id,
            supplierId,
            userId: who.id,
            content: 'Pakume originaaliga samaväärset toodet; tootja garantii 24 kuud.',
            created: offeredAt,
            updated: offeredAt,
          });
      }
    });
    if (p.status === 'WAITING')
      logValues.push({
        tenderId: t.id,
        supplierId: supplierIds[0],
        userId: user.supplier.id,
        action: 'WATCHED',
        created: t.created,
      });
  });
  const proposalRows = proposalValues.length
    ? await db.insert(s.proposals).values(proposalValues).returning()
    : [];

  // Winners and purchase orders of ORDERED tenders; line statuses.
  const winnerValues: (typeof s.winners.$inferInsert)[] = [];
  const lineFinal = new Map<number, 'ORDERED' | 'FAILED'>();
  const orderSuppliers = new Map<number, Set<number>>(); // tender id → winning supplier ids
  PLANS.forEach((p, i) => {
    const t = tenderRows[i];
    if (p.status === 'FAILED') for (const l of linesOf(t.id)) lineFinal.set(l.id, 'FAILED');
    if (p.status !== 'ORDERED') return;
    const decided = decidedAt(p);
    linesOf(t.id).forEach((line, k) => {
      const offers = proposalRows
        .filter((o) => o.detailId === line.id)
        .sort((a, b) => Number(a.price) - Number(b.price));
      const qty = Number(line.qty);
      if (!offers.length || k === 4) {
        lineFinal.set(line.id, 'FAILED'); // no acceptable offer for this part
        return;
      }
      lineFinal.set(line.id, 'ORDERED');
      const win = (o: (typeof proposalRows)[number], amount: number, reason: WinnerReason) => {
        winnerValues.push({
          detailId: line.id,
          proposalId: o.id,
          amount: String(amount),
          reason,
          creatorId: approver.id,
          created: decided,
          updated: decided,
        });
        let winning = orderSuppliers.get(t.id);
        if (!winning) {
          winning = new Set();
          orderSuppliers.set(t.id, winning);
        }
        winning.add(o.supplierId);
      };
      const second = offers.find((o) => o.supplierId !== offers[0].supplierId);
      if (k === 1 && second && qty >= 2) {
        const first = Math.ceil(qty / 2);
        win(offers[0], first, 'PRICE');
        win(second, qty - first, 'DUE DATE');
        commentValues.push({
          kind: 'WINNER',
          tenderId: t.id,
          detailId: line.id,
          userId: approver.id,
          content:
            'Odavaima pakkuja laoseis ei kata kogu vajadust, ülejäänu tellime kiirema tarnega pakkujalt.',
          created: decided,
          updated: decided,
        });
      } else if (k === 2 && offers.length > 1) {
        win(offers[1], qty, 'PRODUCER');
        commentValues.push({
          kind: 'WINNER',
          tenderId: t.id,
          detailId: line.id,
          userId: approver.id,
          content: 'Eelistame originaaltootja detaili, odavam analoog ei ole meie sõidukitel testitud.',
          created: decided,
          updated: decided,
        });
      } else win(offers[0], qty, 'PRICE');
    });
    commentValues.push({
      kind: 'APPROVER',
      tenderId: t.id,
      userId: approver.id,
      content: 'Võitjad valitud hinna ja tarneaja alusel. Tellimused saadetakse Directosse.',
      created: decided,
      updated: decided,
    });
  });
  PLANS.forEach((p, i) => {
    if (p.status === 'FAILED')
      commentValues.push({
        kind: 'APPROVER',
        tenderId: tenderRows[i].id,
        userId: approver.id,
        content: 'Pakkumised ületasid eelarve rohkem kui 40%. Hange korraldatakse uuesti.',
        created: decidedAt(p),
        updated: decidedAt(p),
      });
  });
  const winnerRows = winnerValues.length ? await db.insert(s.winners).values(winnerValues).returning() : [];

  const lineUpdates = [...lineFinal.entries()];
  for (const status of ['ORDERED', 'FAILED'] as const) {
    const ids = lineUpdates.filter(([, st]) => st === status).map(([id]) => id);
    if (ids.length) await db.update(s.details).set({ status }).where(inArray(s.details.id, ids));
  }
  // One ordered line whose ERP sync failed, for the failed_bc_details filter.
  const bcFailed = lineUpdates.find(([, st]) => st === 'ORDERED');
  if (bcFailed)
    await db
      .update(s.details)
      .set({ bcId: null, bcStatus: 'error', bcSynced: false })
      .where(inArray(s.details.id, [bcFailed[0]]));

  const poValues: (typeof s.purchaseOrders.$inferInsert)[] = [];
  const exportValues: (typeof s.moduleExportLogs.$inferInsert)[] = [];
  const [directo] = await db.select().from(s.modules).where(sql`${s.modules.name} = 'Directo'`);
  PLANS.forEach((p, i) => {
    const t = tenderRows[i];
    const sups = [...(orderSuppliers.get(t.id) ?? [])].sort((a, b) => a - b);
    sups.forEach((supplierId, k) => {
      const orderCode = `${t.tenderCode}-${String(k + 1).padStart(2, '0')}`;
      hist(
        'tender',
        t.id,
        'order_created',
        decidedAt(p),
        approver,
        { supplier_id: supplierId, order_code: orderCode },
        t.id,
      );
      poValues.push({
        tenderId: t.id,
        supplierId,
        orderCode,
        exportCode: p.export === 'SUCCESS' ? String(100240 + i * 10 + k) : null,
        created: decidedAt(p),
      });
    });
    if (p.export) {
      const when = new Date(decidedAt(p).getTime() + 5 * 60_000);
      exportValues.push({
        tenderId: t.id,
        moduleId: directo?.id ?? null,
        status: p.export,
        message:
          p.export === 'SUCCESS'
            ? `${sups.length} tellimust saadetud`
            : 'Directo: ühendus ebaõnnestus (HTTP 503)',
        userId: approver.id,
        created: when,
        updated: when,
      });
    }
  });
  if (poValues.length) await db.insert(s.purchaseOrders).values(poValues);
  if (exportValues.length) await db.insert(s.moduleExportLogs).values(exportValues);
  if (logValues.length) await db.insert(s.tenderLogs).values(logValues).onConflictDoNothing();
  if (commentValues.length) await db.insert(s.comments).values(commentValues);

  // History of every tender, line, proposal and winner.
  PLANS.forEach((p, i) => {
    const t = tenderRows[i];
    const creator = creatorOf(p);
    const lines = linesOf(t.id);
    const tid = t.id;
    hist('tender', tid, 'created', t.created, creator, { status: 'DRAFT', tender_code: t.tenderCode }, tid);
    for (const l of lines)
      hist('detail', l.id, 'chosen', t.created, creator, { to: 'WAITING', qty: l.qty }, tid);
    if (p.status === 'DRAFT') return;
    const steps: [TenderStatus, TenderStatus, Date, typeof creator | null][] = [
      ['DRAFT', 'WAITING', new Date(t.created.getTime() + HOUR), creator],
    ];
    if (p.status === 'CANCELED')
      steps.push(['WAITING', 'ACTIVE', p.start, null], ['ACTIVE', 'CANCELED', t.updated, user.admin]);
    else if (p.status !== 'WAITING') {
      steps.push(['WAITING', 'ACTIVE', p.start, null]);
      if (p.status !== 'ACTIVE') steps.push(['ACTIVE', 'FINISHED', p.finish, null]);
      if (['CHOOSING', 'ORDERED', 'FAILED'].includes(p.status))
        steps.push(['FINISHED', 'CHOOSING', new Date(p.finish.getTime() + 3 * HOUR), approver]);
      if (p.status === 'ORDERED' || p.status === 'FAILED')
        steps.push(['CHOOSING', p.status, decidedAt(p), approver]);
    }
    for (const [from, to, when, who] of steps)
      hist('tender', tid, 'status', when, who, who ? { from, to } : { from, to, by: 'scheduler' }, tid);
    for (const l of lines) {
      const final = lineFinal.get(l.id) ?? (p.status === 'CANCELED' ? 'FAILED' : null);
      if (final)
        hist(
          'detail',
          l.id,
          'status',
          p.status === 'CANCELED' ? t.updated : decidedAt(p),
          p.status === 'CANCELED' ? user.admin : approver,
          { from: 'WAITING', to: final },
          tid,
        );
    }
  });
  for (const o of proposalRows)
    hist(
      'proposal',
      o.id,
      'created',
      o.created,
      o.userId == null ? null : (userById.get(o.userId) ?? null),
      {
        detail: o.detailId,
        supplier: o.supplierId,
        supplier_name: supplierName.get(o.supplierId),
        price: o.price,
      },
      o.tenderId,
    );
  for (const w of winnerRows) {
    const o = defined(
      proposalRows.find((x) => x.id === w.proposalId),
      `offer ${w.proposalId}`,
    );
    hist(
      'winner',
      w.id,
      'created',
      w.created,
      approver,
      { detail: w.detailId, proposal: w.proposalId, amount: w.amount, reason: w.reason },
      o.tenderId,
    );
  }
}
