// Test helper of the export tests: an ORDERED tender written straight into the tables (tender, lines, offers,
// winners, purchase orders), so exports can be tested without the tender API.
import zlib from 'node:zlib';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { buildDetail, buildPart, buildProducer, buildUnit, uid } from './factories.ts';

export interface OrderedTenderOpts {
  groupId: number;
  warehouseId: number;
  /** The winning company (two lines) and the second winner (one line). */
  winnerA: number;
  winnerB: number;
  /** A company that offered and lost. */
  loser?: number;
  creatorId?: number;
  status?: (typeof s.tenders.$inferInsert)['status'];
}

export async function buildOrderedTender(db: Db, o: OrderedTenderOpts) {
  const u = uid();
  const t0 = new Date(Date.now() - 3 * 86400_000);
  const [tender] = await db
    .insert(s.tenders)
    .values({
      tenderCode: `T-${u}`,
      start: t0,
      finish: new Date(t0.getTime() + 86400_000),
      status: o.status ?? 'ORDERED',
      warehouseId: o.warehouseId,
      groupId: o.groupId,
      additionalInfo: 'Export test',
      creatorId: o.creatorId ?? null,
      approverId: o.creatorId ?? null,
      approved: new Date(t0.getTime() + 2 * 86400_000),
    })
    .returning();
  const unit = await buildUnit(db, { code: `tk${u}`.slice(0, 8) });
  const partA1 = await buildPart(db, {
    code: `A1-${u}`,
    name: 'Тормозная колодка Ülemiste',
    unitId: unit.id,
  });
  const partA2 = await buildPart(db, { code: `A2-${u}`, name: `Oil filter ${u}`, unitId: unit.id });
  const partB = await buildPart(db, { code: `B1-${u}`, name: `Wiper blade ${u}`, unitId: unit.id });
  await db.insert(s.partCodes).values({ partId: partA1.id, code: `TAG-${u}` });
  const producer = await buildProducer(db, { name: `Knorr ${u}` });
  const producer2 = await buildProducer(db, { name: `Žiguli ${u}` });
  const line = (partId: number, qty: string) =>
    buildDetail(db, {
      partId,
      warehouseId: o.warehouseId,
      tenderId: tender.id,
      status: 'ORDERED',
      qty,
      replenishmentQty: qty,
    });
  const dA1 = await line(partA1.id, '3');
  const dA2 = await line(partA2.id, '2.5');
  const dB = await line(partB.id, '7');
  const offer = async (detailId: number, supplierId: number, price: string, producerId = producer.id) => {
    const [p] = await db
      .insert(s.proposals)
      .values({
        tenderId: tender.id,
        detailId,
        supplierId,
        producerId,
        price,
        productCode: `PC-${detailId}-${supplierId}`,
        eanCode: '4006633100011',
        availableQty: '100',
        deliveryDate: '2026-12-01',
      })
      .returning();
    return p;
  };
  const pA1 = await offer(dA1.id, o.winnerA, '12.3450');
  const pA2 = await offer(dA2.id, o.winnerA, '0.3333', producer2.id);
  const pB = await offer(dB.id, o.winnerB, '5.0000');
  if (o.loser) {
    await offer(dA1.id, o.loser, '99.0000');
    await offer(dB.id, o.loser, '6.0000');
  }
  await db.insert(s.winners).values([
    { detailId: dA1.id, proposalId: pA1.id, amount: '3', reason: 'PRICE' },
    { detailId: dA2.id, proposalId: pA2.id, amount: '2.5', reason: 'PRICE' },
    { detailId: dB.id, proposalId: pB.id, amount: '7', reason: 'DUE DATE' },
  ]);
  const [poA] = await db
    .insert(s.purchaseOrders)
    .values({ tenderId: tender.id, supplierId: o.winnerA, orderCode: `PO-${u}-A` })
    .returning();
  const [poB] = await db
    .insert(s.purchaseOrders)
    .values({ tenderId: tender.id, supplierId: o.winnerB, orderCode: `PO-${u}-B` })
    .returning();
  return {
    tender,
    parts: { partA1, partA2, partB },
    producer,
    producer2,
    orders: { A: poA, B: poB },
    // 3 × 12.345 = 37.035 → 37.04; 2.5 × 0.3333 = 0.83325 → 0.83; 7 × 5 = 35.00
    expected: { totalA: '37.87', totalB: '35.00', lineA1: '37.04', lineA2: '0.83' },
  };
}

/**
 * Minimal PDF text extraction for tests (pdfkit output): inflates the streams, reads each font's ToUnicode
 * CMap, and decodes the hex glyph strings of the content streams with the font in use. Text runs are joined
 * with spaces, so tests compare without whitespace.
 */
export function pdfText(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  const objRe = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = objRe.exec(src); m; m = objRe.exec(src)) {
    const body = m[2];
    const si = body.indexOf('stream');
    if (si < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, si);
    let start = si + 'stream'.length;
    if (body[start] === '\r') start++;
    if (body[start] === '\n') start++;
    const end = body.lastIndexOf('endstream');
    let raw = Buffer.from(body.slice(start, end), 'latin1');
    if (/\/FlateDecode/.test(dict)) raw = zlib.inflateSync(raw);
    objects.set(Number(m[1]), { dict, stream: raw.toString('latin1') });
  }
  const cmapOf = (text: string) => {
    const map = new Map<string, string>();
    const hexToStr = (h: string) =>
      String.fromCharCode(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)));
    for (const block of text.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? [])
      for (const [, k, v] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
        map.set(k.toLowerCase(), hexToStr(v));
    for (const block of text.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? [])
      for (const [, a, b, rest] of block.matchAll(
        /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
      )) {
        const from = parseInt(a, 16);
        const to = parseInt(b, 16);
        const width = a.length;
        if (rest.startsWith('[')) {
          // A ligature glyph maps to several code points: <0066 0066> for "ff" (pdfkit writes them spaced).
          const vals = [...rest.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((x) => x[1].replace(/\s/g, ''));
          for (let i = 0; i <= to - from && i < vals.length; i++)
            map.set((from + i).toString(16).padStart(width, '0'), hexToStr(vals[i]));
        } else {
          const base = parseInt(rest.slice(1, -1), 16);
          for (let i = 0; i <= to - from; i++)
            map.set((from + i).toString(16).padStart(width, '0'), String.fromCharCode(base + i));
        }
      }
    return map;
  };
  // resource name (F1) → font object → its ToUnicode map
  const fonts = new Map<string, Map<string, string>>();
  for (const { dict } of objects.values())
    for (const [, name, ref] of dict.matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref));
      const tu = font && /\/ToUnicode\s+(\d+) 0 R/.exec(font.dict);
      const stream = tu && objects.get(Number(tu[1]))?.stream;
      if (stream) fonts.set(name, cmapOf(stream));
    }
  const out: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream || stream.includes('begincmap') || !/\bTf\b/.test(stream)) continue;
    let font: Map<string, string> | undefined;
    for (const m of stream.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]+)>|\bET\b/g)) {
      if (m[1]) font = fonts.get(m[1]);
      else if (m[2] && font) {
        const map = font;
        out.push((m[2].match(/.{4}/g) ?? []).map((g) => map.get(g.toLowerCase()) ?? '').join(''));
      } else if (m[0] === 'ET') out.push(' ');
    }
  }
  return out.join('').replace(/\s+/g, ' ');
}
