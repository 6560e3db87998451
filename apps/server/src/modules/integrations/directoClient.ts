// The Directo XML client: sends a tender's purchase orders to the accounting system.
//
// Request: POST <module url> (e.g. https://login.directo.ee/xmlcore/<company>/xmlcore.asp), form-encoded fields
//   token   = the module key
//   put     = 1
//   what    = purchaseorder
//   xd_update = 1  (a document whose number Directo has is overwritten, not made twice: Directo matches input
//                   documents by number, and modifies an existing one only with this transport parameter)
//   xmldata = the documents:
//   <?xml version="1.0" encoding="utf-8"?>
//   <purchaseorders>
//     <purchaseorder number="{order_code}" supplier="{supplier registration code}" suppliername="{supplier name}"
//                    date="{YYYY-MM-DD, today in Tallinn}" stock="{warehouse code}" currency="EUR"
//                    ref="{tender code}" comment="Tender {tender code}">
//       <rows>
//         <row rn="1" item="{part code}" description="{part name}" quantity="{ordered qty}" price="{unit price}"
//              sum="{line total, 2 decimals}" deliverydate="{YYYY-MM-DD}" producer="{producer}"
//              productcode="{supplier's product code}" ean="{EAN}"/>
//       </rows>
//     </purchaseorder>
//   </purchaseorders>
// Numbers are plain decimals with a dot, trailing zeros trimmed; every text is XML-escaped.
// Answer: <results><Result Type="0" Desc="OK" docid="{Directo document id}" number="{order_code}"/>...</results>,
// one Result per purchase order. Type other than 0 is an error described by Desc (5 = unauthorized).
// Because the order code is the document's number and xd_update=1 is sent, sending the same orders again (a retry
// after an answer that was lost on the way back) gives the same documents, not new ones.
import { trimDecimals } from '@portal/shared';
import { XMLParser } from 'fast-xml-parser';

export interface DirectoRow {
  item: string;
  description: string;
  quantity: string;
  price: string;
  sum: string;
  deliveryDate: string;
  producer: string;
  productCode: string;
  ean: string;
}
export interface DirectoPurchaseOrder {
  number: string;
  supplier: string;
  supplierName: string;
  date: string;
  stock: string | null;
  ref: string;
  rows: DirectoRow[];
}

export class DirectoError extends Error {
  /** Results that were accepted in a request that failed in part. */
  readonly accepted: DirectoResult[];
  /**
   * True when trying again may succeed: Directo was not reached, did not answer in time, answered 429 or 5xx, or
   * its answer was unreadable. False when Directo refused the documents (a Result Type other than 0, another 4xx).
   */
  readonly retryable: boolean;
  constructor(message: string, accepted: DirectoResult[] = [], retryable = false) {
    super(message);
    this.accepted = accepted;
    this.retryable = retryable;
  }
}

const esc = (s: string) =>
  s
    // characters XML 1.0 does not allow at all
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
const attrs = (a: Record<string, string | null | undefined>) =>
  Object.entries(a)
    .filter(([, v]) => v != null && v !== '')
    .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
    .join('');

export function purchaseOrdersXml(orders: DirectoPurchaseOrder[]): string {
  const body = orders
    .map((o) => {
      const rows = o.rows
        .map(
          (r, i) =>
            `      <row${attrs({
              rn: String(i + 1),
              item: r.item,
              description: r.description,
              quantity: trimDecimals(r.quantity),
              price: trimDecimals(r.price),
              sum: r.sum,
              deliverydate: r.deliveryDate,
              producer: r.producer,
              productcode: r.productCode,
              ean: r.ean,
            })}/>`,
        )
        .join('\n');
      return `  <purchaseorder${attrs({
        number: o.number,
        supplier: o.supplier,
        suppliername: o.supplierName,
        date: o.date,
        stock: o.stock,
        currency: 'EUR',
        ref: o.ref,
        comment: `Tender ${o.ref}`,
      })}>\n    <rows>\n${rows}\n    </rows>\n  </purchaseorder>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<purchaseorders>\n${body}\n</purchaseorders>`;
}

export interface DirectoResult {
  type: number;
  desc: string;
  docid: string | null;
  number: string | null;
}

/** Parses Directo's answer; throws DirectoError when it is not a <results> document. */
export function parseResults(xml: string): DirectoResult[] {
  let doc: { results?: { Result?: Record<string, unknown>[] } | string };
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseAttributeValue: false,
      isArray: (name) => name === 'Result',
    }).parse(xml);
  } catch {
    throw new DirectoError('Directo answer is not XML', [], true);
  }
  if (!doc || doc.results === undefined) throw new DirectoError('Directo answer has no results', [], true);
  const list = typeof doc.results === 'object' ? (doc.results.Result ?? []) : [];
  if (!list.length) throw new DirectoError('Directo answer has no results', [], true);
  return list.map((r) => ({
    type: Number(r.Type ?? r.type ?? NaN),
    desc: String(r.Desc ?? r.desc ?? ''),
    docid: r.docid == null ? null : String(r.docid),
    number: r.number == null ? null : String(r.number),
  }));
}

/**
 * Sends the purchase orders. Answers the results of a fully accepted request; throws DirectoError on an HTTP
 * error, a network failure, an unreadable answer or any Result whose Type is not 0 (message: its Desc), with
 * the accepted ones in `error.accepted`.
 */
export async function sendPurchaseOrders(opts: {
  url: string;
  key: string;
  orders: DirectoPurchaseOrder[];
  timeoutMs?: number;
  /** Aborts the request (the outbox's delivery time-out). */
  signal?: AbortSignal;
}): Promise<DirectoResult[]> {
  const body = new URLSearchParams({
    token: opts.key,
    put: '1',
    what: 'purchaseorder',
    xd_update: '1',
    xmldata: purchaseOrdersXml(opts.orders),
  });
  let res: Response;
  try {
    res = await fetch(opts.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'text/xml' },
      body,
      signal: opts.signal
        ? AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs ?? 30_000)])
        : AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      redirect: 'error',
    });
  } catch (err) {
    throw new DirectoError(
      `Directo not reachable: ${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}`,
      [],
      true,
    );
  }
  const text = await res.text().catch(() => '');
  if (!res.ok)
    throw new DirectoError(`Directo HTTP ${res.status}`, [], res.status === 429 || res.status >= 500);
  const results = parseResults(text);
  const failed = results.filter((r) => r.type !== 0);
  if (failed.length) {
    throw new DirectoError(
      failed.map((r) => `${r.desc || 'error'} (Type ${Number.isNaN(r.type) ? '?' : r.type})`).join('; '),
      results.filter((r) => r.type === 0),
    );
  }
  return results;
}
