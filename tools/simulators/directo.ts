// A local stand-in for the Directo XML interface (development and tests only).
//
// Protocol (as the portal's client speaks it, see apps/server/src/modules/integrations/directoClient.ts):
//   POST /xmlcore/<company>/xmlcore.asp, form-encoded: token=<key>, put=1, what=purchaseorder, xmldata=<xml>
//   xmldata: <purchaseorders><purchaseorder number=".." supplier=".." date="YYYY-MM-DD" ...>
//              <rows><row item=".." quantity=".." price=".." .../></rows></purchaseorder>...</purchaseorders>
//   answer (HTTP 200, text/xml): <results><Result Type="0" Desc="OK" docid="1001" number=".."/>...</results>
//   errors: Type="5" Unauthorized (wrong token), Type="2" unsupported request, Type="3" malformed XML,
//           Type="4" a required attribute is missing, Type="1" a simulated failure (failNext).
//   Documents are matched by number, as Directo does: a purchase order whose number is stored already is
//   overwritten in place (same docid) when the request carries the transport parameter xd_update=1, and refused
//   with Type="1" "Document … exists" without it; `documents` holds each number once.
//   loseNextAnswers(n): the next n valid requests are stored, then the connection is dropped without an answer
//   (an answer lost on the way back: the sender cannot tell whether Directo got the documents).
//
// In tests: const sim = await startDirectoSimulator({ port: 0, key: 'k' }); sim.url; sim.received; sim.failNext(1);
// Standalone: node tools/simulators/directo.ts --port 4010 --key demo-directo-key [--company demo]
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface ReceivedRow {
  item: string;
  quantity: string;
  price: string;
  [attr: string]: string;
}
export interface ReceivedOrder {
  number: string;
  supplier: string;
  date: string;
  docid: string;
  attributes: Record<string, string>;
  rows: ReceivedRow[];
}
export interface ReceivedRequest {
  company: string;
  what: string;
  xml: string;
  orders: ReceivedOrder[];
  at: Date;
}
export interface DirectoSimulator {
  /** The module url to configure: http://host:port/xmlcore/<company>/xmlcore.asp */
  url: string;
  port: number;
  /** Every accepted request (documents stored), oldest first. */
  received: ReceivedRequest[];
  /** Every request that reached the endpoint, accepted or not, with the Type answered. */
  requests: { company: string; type: number; desc: string }[];
  /** The stored purchase orders by number (an overwrite replaces one; it never adds a second). */
  documents: Map<string, ReceivedOrder>;
  /** The next n valid requests are answered Type 1 (nothing stored). */
  failNext(n: number): void;
  /** The next n valid requests are stored, then their connection is dropped without an answer. */
  loseNextAnswers(n: number): void;
  close(): Promise<void>;
}

const ORDER_ATTRS = ['number', 'supplier', 'date'] as const;
const ROW_ATTRS = ['item', 'quantity', 'price'] as const;

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const result = (type: number, desc: string, extra: Record<string, string> = {}) =>
  `<Result Type="${type}" Desc="${esc(desc)}"${Object.entries(extra)
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join('')}/>`;
const answer = (results: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<results>${results.join('')}</results>`;

type Attrs = Record<string, unknown>;
const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Parses and checks the purchase orders; a string is the error description. */
function parseOrders(xml: string): Omit<ReceivedOrder, 'docid'>[] | string {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return `Invalid XML: ${valid.err.msg} (line ${valid.err.line})`;
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    isArray: (name) => name === 'purchaseorder' || name === 'row',
  });
  const doc = parser.parse(xml) as { purchaseorders?: { purchaseorder?: Attrs[] } | string };
  if (doc.purchaseorders === undefined) return 'Missing element purchaseorders';
  const orders = typeof doc.purchaseorders === 'object' ? asArray(doc.purchaseorders.purchaseorder) : [];
  if (!orders.length) return 'No purchaseorder elements';
  const out: Omit<ReceivedOrder, 'docid'>[] = [];
  for (const [i, o] of orders.entries()) {
    for (const a of ORDER_ATTRS)
      if (!str(o[a]).trim()) return `purchaseorder ${i + 1}: missing attribute ${a}`;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(str(o.date)))
      return `purchaseorder ${i + 1}: invalid date ${str(o.date)}`;
    const rowsEl = o.rows as { row?: Attrs[] } | undefined;
    const rows = asArray(rowsEl && typeof rowsEl === 'object' ? rowsEl.row : undefined);
    if (!rows.length) return `purchaseorder ${o.number}: no rows`;
    const parsedRows: ReceivedRow[] = [];
    for (const [j, r] of rows.entries()) {
      for (const a of ROW_ATTRS)
        if (!str(r[a]).trim()) return `purchaseorder ${o.number} row ${j + 1}: missing attribute ${a}`;
      for (const a of ['quantity', 'price'] as const)
        if (!/^-?\d+(\.\d+)?$/.test(str(r[a])))
          return `purchaseorder ${o.number} row ${j + 1}: ${a} is not a number`;
      parsedRows.push(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, str(v)])) as ReceivedRow);
    }
    const attributes = Object.fromEntries(
      Object.entries(o)
        .filter(([k]) => k !== 'rows')
        .map(([k, v]) => [k, str(v)]),
    );
    out.push({
      number: str(o.number),
      supplier: str(o.supplier),
      date: str(o.date),
      attributes,
      rows: parsedRows,
    });
  }
  return out;
}

export async function startDirectoSimulator(opts: {
  port?: number;
  host?: string;
  key: string;
  company?: string;
}): Promise<DirectoSimulator> {
  const host = opts.host ?? '127.0.0.1';
  const company = opts.company ?? 'demo';
  const received: ReceivedRequest[] = [];
  const requests: DirectoSimulator['requests'] = [];
  const documents = new Map<string, ReceivedOrder>();
  let failures = 0;
  let lostAnswers = 0;
  let nextDocId = 1000;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const m = /^\/xmlcore\/([^/]+)\/xmlcore\.asp$/.exec(url.pathname);
    if (!m) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { 'content-type': 'text/plain', allow: 'POST' }).end('Method not allowed');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 10 * 1024 * 1024) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const send = (type: number, desc: string, results?: string[]) => {
        requests.push({ company: m[1], type, desc });
        res
          .writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
          .end(answer(results ?? [result(type, desc)]));
      };
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      if (form.get('token') !== opts.key) return send(5, 'Unauthorized');
      if (form.get('put') !== '1' || form.get('what') !== 'purchaseorder')
        return send(2, 'Unsupported request: put=1 and what=purchaseorder expected');
      const xml = form.get('xmldata') ?? '';
      const parsed = parseOrders(xml);
      if (typeof parsed === 'string') return send(parsed.startsWith('Invalid XML') ? 3 : 4, parsed);
      if (failures > 0) {
        failures--;
        return send(1, 'Simulated failure');
      }
      const update = form.get('xd_update') === '1';
      const existing = parsed.find((o) => documents.has(o.number));
      if (existing && !update) return send(1, `Document ${existing.number} exists`);
      const orders = parsed.map((o) => ({
        ...o,
        docid: documents.get(o.number)?.docid ?? String(nextDocId++),
      }));
      for (const o of orders) documents.set(o.number, o);
      received.push({ company: m[1], what: 'purchaseorder', xml, orders, at: new Date() });
      if (lostAnswers > 0) {
        lostAnswers--;
        requests.push({ company: m[1], type: 0, desc: 'answer lost' });
        req.socket.destroy();
        return;
      }
      send(
        0,
        'OK',
        orders.map((o) => result(0, 'OK', { docid: o.docid, number: o.number })),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  return {
    url: `http://${host}:${port}/xmlcore/${company}/xmlcore.asp`,
    port,
    received,
    requests,
    documents,
    failNext(n: number) {
      failures = n;
    },
    loseNextAnswers(n: number) {
      lostAnswers = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- standalone ----
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
  };
  const sim = await startDirectoSimulator({
    port: Number(arg('port', '4010')),
    host: arg('host', '127.0.0.1'),
    key: arg('key', 'demo-directo-key'),
    company: arg('company', 'demo'),
  });
  console.log(`Directo simulator listening: ${sim.url}`);
  const stop = () => sim.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
