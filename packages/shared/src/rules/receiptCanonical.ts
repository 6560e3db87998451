// The canonical form of a company's offer set on a tender, of which a receipt's SHA-256 digest is taken (issue 34,
// point 4; described for readers in docs/decisions.md, "Offer receipts"). UTF-8 text, every line ended by "\n":
//
//   tender-portal-offer-receipt/1
//   tender:<tender id>
//   company:<supplier company id>
//   time:<the server time of the receipt, ISO 8601 UTC with milliseconds, e.g. 2026-11-27T11:38:38.123Z>
//   salt:<32 lowercase hex digits, random per receipt>
//   lines:<number of offer lines>
//   <one offer line per text line, sorted by line (detail) id, then producer id, each a JSON array (JSON.stringify,
//    no spaces) of: detail id, producer id, price, delivery date, product code, EAN, available qty, additional qty>
//
// Numbers in the arrays: ids as JSON integers; price and quantities as strings with exactly 4 decimals and a dot
// ("12.5000"), a missing quantity as null; the delivery date as "YYYY-MM-DD"; product code and EAN as stored
// (trimmed). The random salt makes the digest reveal nothing of the prices, even to someone who could guess them.
import { fromScaled, toScaled } from './decimal.ts';

export const RECEIPT_FORM_VERSION = 'tender-portal-offer-receipt/1';

export interface CanonicalOfferLine {
  detailId: number;
  producerId: number;
  price: string;
  deliveryDate: string;
  productCode: string;
  eanCode: string;
  availableQty: string | null;
  additionalQty: string | null;
}

const fixed4 = (v: string) => {
  const s = toScaled(v);
  if (s == null) throw new Error(`not a decimal: ${v}`);
  return fromScaled(s);
};

export function canonicalOffer(r: {
  tenderId: number;
  companyId: number;
  time: Date;
  salt: string;
  lines: CanonicalOfferLine[];
}): string {
  const sorted = [...r.lines].sort((a, b) => a.detailId - b.detailId || a.producerId - b.producerId);
  const head = [
    RECEIPT_FORM_VERSION,
    `tender:${r.tenderId}`,
    `company:${r.companyId}`,
    `time:${r.time.toISOString()}`,
    `salt:${r.salt}`,
    `lines:${sorted.length}`,
  ];
  const body = sorted.map((l) =>
    JSON.stringify([
      l.detailId,
      l.producerId,
      fixed4(l.price),
      l.deliveryDate.slice(0, 10),
      l.productCode,
      l.eanCode,
      l.availableQty == null ? null : fixed4(l.availableQty),
      l.additionalQty == null ? null : fixed4(l.additionalQty),
    ]),
  );
  return `${[...head, ...body].join('\n')}\n`;
}
