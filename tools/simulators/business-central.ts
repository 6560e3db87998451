// A local stand-in for Microsoft Dynamics 365 Business Central's API v2.0 (development and tests only).
//
// Protocol (as the portal's client speaks it, see apps/server/src/modules/integrations/businessCentralClient.ts):
//   POST /{tenant}/oauth2/v2.0/token                       OAuth2 client credentials (form: grant_type=client_credentials,
//                                                           client_id, client_secret, scope) → {access_token, expires_in}
//   Every API call carries "Authorization: Bearer <token>"; an unknown or expired token answers 401.
//   API base  /v2.0/{tenant}/{environment}/api/v2.0
//     GET  companies                                       → {value: [{id, name, displayName}]}
//     GET  companies({id})/items                           → items, server-driven paging: at most `pageSize` rows and
//                                                            "@odata.nextLink" (…?$skiptoken=…) while more follow
//     GET  companies({id})/unitsOfMeasure                  → units (code, displayName)
//     GET  companies({id})/purchaseOrders?$filter=externalDocumentNumber eq 'X'
//     POST companies({id})/purchaseOrders                  {vendorNumber, externalDocumentNumber, orderDate, …} → 201
//     PATCH/DELETE companies({id})/purchaseOrders({id})    If-Match: the order's @odata.etag (412 when stale)
//     GET/POST companies({id})/purchaseOrders({id})/purchaseOrderLines
//                                                          {sequence, lineType: 'Item', lineObjectNumber, quantity,
//                                                           directUnitCost, description, expectedReceiptDate}
//     PATCH/DELETE companies({id})/purchaseOrderLines({id}) If-Match: the line's @odata.etag
//   The portal's custom API pages (BC has no standard entity for them), base /v2.0/{tenant}/{environment}/api/portal/purchasing/v1.0
//     GET  companies({id})/preOrders                       → pre-order lines to replenish (paged like items)
//     GET  companies({id})/itemReferences                  → extra codes of items (paged)
//   Errors have BC's shape: {error: {code, message}}. Each answer row carries "@odata.etag" (W/"JzQ0…").
//
// Faults, for tests: sim.inject({status: 429, retryAfter: 2, times: 5, path: 'purchaseOrders', method: 'POST'}),
//   status 429/500/503/400 answer that error; 'timeout' holds the request without answering;
//   'hang-after-commit' performs the request (e.g. creates the order) and then never answers: the client's crash;
//   'drop-after-commit' performs it and then drops the connection without an answer (the same lost answer, which
//   the client learns of at once instead of after its time-out);
//   'edited-meanwhile' has another user change every purchase order and line just before the request, so an
//   If-Match read earlier no longer matches (BC's 412).
// Control over HTTP (for a separate process, e.g. the e2e tests): POST /_sim/faults {faults: [...]},
//   POST /_sim/items {items: [...]} (add or replace items), POST /_sim/reset (faults and orders),
//   GET /_sim/state (company id, orders with their lines, request counts).
//
// In tests: const sim = await startBusinessCentralSimulator({ items: 20000 }); sim.config (BC_* variables).
// Standalone: node tools/simulators/business-central.ts --port 4020 [--items 2500] [--page-size 1000]
//   [--locations B01,B02,T01] [--pre-orders 20] — prints the BC_* variables to start the portal with.
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SimItem {
  id: string;
  number: string;
  displayName: string;
  type: 'Inventory' | 'Service' | 'Non-Inventory';
  blocked: boolean;
  gtin: string;
  baseUnitOfMeasureCode: string;
  unitCost: number;
  lastModifiedDateTime: string;
}
export interface SimPreOrder {
  id: string;
  itemNumber: string;
  locationCode: string;
  quantity: number;
  replacementQuantity: number;
  orderNumber: string;
  customerNumber: string;
  customerName: string;
  lastModifiedDateTime: string;
}
export interface SimOrderLine {
  id: string;
  documentId: string;
  sequence: number;
  lineType: string;
  lineObjectNumber: string;
  description: string;
  quantity: number;
  directUnitCost: number;
  expectedReceiptDate: string | null;
  etag: number;
}
export interface SimOrder {
  id: string;
  number: string;
  externalDocumentNumber: string;
  vendorNumber: string;
  vendorName: string;
  orderDate: string;
  status: 'Draft' | 'Open';
  etag: number;
  lines: SimOrderLine[];
}
export interface SimFault {
  status: 400 | 429 | 500 | 503 | 'timeout' | 'hang-after-commit' | 'drop-after-commit' | 'edited-meanwhile';
  /** Seconds for the Retry-After header (429 and 503). */
  retryAfter?: number;
  /** How many matching requests get the fault (default 1). */
  times?: number;
  /** The last path segment's entity the fault applies to (e.g. 'items', 'purchaseOrders', 'purchaseOrderLines'). */
  path?: string;
  method?: string;
}
export interface BusinessCentralSimulator {
  port: number;
  /** The environment variables that point the portal at this simulator. */
  config: {
    BC_API_URL: string;
    BC_TOKEN_URL: string;
    BC_CLIENT_ID: string;
    BC_CLIENT_SECRET: string;
    BC_COMPANY: string;
  };
  companyId: string;
  items: SimItem[];
  preOrders: SimPreOrder[];
  orders: SimOrder[];
  references: { itemNumber: string; referenceNumber: string }[];
  /** Requests by "METHOD entity", e.g. "POST purchaseOrders"; tokens issued. */
  counts: Record<string, number>;
  /** Every API answer in order: method, entity, HTTP status, time (ms). */
  log: { method: string; entity: string; status: number; at: number }[];
  tokensIssued: number;
  inject(fault: SimFault): void;
  clearFaults(): void;
  /** Forgets every token issued (the next call with one answers 401). */
  revokeTokens(): void;
  close(): Promise<void>;
}

export interface BusinessCentralOptions {
  port?: number;
  host?: string;
  tenant?: string;
  environment?: string;
  clientId?: string;
  clientSecret?: string;
  /** How many items the catalogue holds (generated deterministically). Default 2500. */
  items?: number;
  pageSize?: number;
  tokenTtlSeconds?: number;
  /** Location codes the generated pre-orders use (the portal's warehouse codes). */
  locations?: string[];
  preOrders?: number;
}

const GUID_NS = 'b1c2d3e4';
/** A stable GUID-shaped id from a kind and a number. */
const guid = (kind: number, n: number) => {
  const h = crypto.createHash('sha1').update(`${GUID_NS}:${kind}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const UNITS = [
  ['PCS', 'Piece'],
  ['KIT', 'Kit'],
  ['PACK', 'Pack'],
  ['L', 'Litre'],
  ['M', 'Metre'],
  ['SET', 'Set'],
] as const;
const NAMES = [
  'Brake pad set',
  'Oil filter',
  'Air filter',
  'Wiper blade',
  'Shock absorber',
  'V-belt',
  'Bulb H7',
];
const CHANGED = '2026-01-15T08:00:00Z';

export function generateItems(n: number): SimItem[] {
  return Array.from({ length: n }, (_, i) => ({
    id: guid(1, i),
    number: `BC${String(100000 + i)}`,
    displayName: `${NAMES[i % NAMES.length]} ${i}`,
    type: 'Inventory' as const,
    blocked: i % 499 === 498,
    gtin: i % 3 === 0 ? String(4_700_000_000_000 + i) : '',
    baseUnitOfMeasureCode: UNITS[i % UNITS.length][0],
    unitCost: 5 + (i % 200),
    lastModifiedDateTime: CHANGED,
  }));
}

const etagOf = (n: number) => `W/"JzQ0O${Buffer.from(String(n)).toString('base64')}7Jzs="`;
const bcError = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message: `${message}  CorrelationId:  ${crypto.randomUUID()}.` } },
});

export async function startBusinessCentralSimulator(
  opts: BusinessCentralOptions = {},
): Promise<BusinessCentralSimulator> {
  const host = opts.host ?? '127.0.0.1';
  const tenant = opts.tenant ?? 'demo-tenant';
  const environment = opts.environment ?? 'sandbox';
  const clientId = opts.clientId ?? 'portal-client';
  const clientSecret = opts.clientSecret ?? 'portal-secret';
  const pageSize = opts.pageSize ?? 1000;
  const ttl = opts.tokenTtlSeconds ?? 3600;
  const companyId = guid(0, 1);
  const company = { id: companyId, name: 'CRONUS EE', displayName: 'CRONUS Eesti AS', businessProfileId: '' };
  const items = generateItems(opts.items ?? 2500);
  const references = items
    .filter((_, i) => i % 4 === 0)
    .map((it, i) => ({ itemNumber: it.number, referenceNumber: `REF-${i}` }));
  const locations = opts.locations ?? ['B01'];
  const preOrders: SimPreOrder[] = Array.from({ length: opts.preOrders ?? 10 }, (_, i) => ({
    id: guid(2, i),
    itemNumber: items[(i * 7) % items.length]?.number ?? '',
    locationCode: locations[i % locations.length],
    quantity: 2 + (i % 5),
    replacementQuantity: i % 3 === 0 ? 1 : 0,
    orderNumber: `BC-TT-${1000 + i}`,
    customerNumber: `${100 + i}`,
    customerName: `Depoo ${(i % 3) + 1}`,
    lastModifiedDateTime: CHANGED,
  }));
  const orders: SimOrder[] = [];
  const counts: Record<string, number> = {};
  const log: BusinessCentralSimulator['log'] = [];
  const tokens = new Map<string, number>();
  let faults: (SimFault & { left: number })[] = [];
  let orderSeq = 106000;
  let etagSeq = 1;
  const sim = { tokensIssued: 0 };

  const apiBase = `/v2.0/${tenant}/${environment}/api/v2.0`;
  const portalBase = `/v2.0/${tenant}/${environment}/api/portal/purchasing/v1.0`;

  const orderJson = (o: SimOrder) => ({
    '@odata.etag': etagOf(o.etag),
    id: o.id,
    number: o.number,
    externalDocumentNumber: o.externalDocumentNumber,
    vendorNumber: o.vendorNumber,
    vendorName: o.vendorName,
    orderDate: o.orderDate,
    status: o.status,
    currencyCode: 'EUR',
    totalAmountExcludingTax: o.lines.reduce((s, l) => s + l.quantity * l.directUnitCost, 0),
  });
  const lineJson = (l: SimOrderLine) => ({
    '@odata.etag': etagOf(l.etag),
    id: l.id,
    documentId: l.documentId,
    sequence: l.sequence,
    lineType: l.lineType,
    lineObjectNumber: l.lineObjectNumber,
    description: l.description,
    quantity: l.quantity,
    directUnitCost: l.directUnitCost,
    expectedReceiptDate: l.expectedReceiptDate,
  });

  /** A page of rows with a next link while more follow ($skiptoken is the offset; $top honoured below pageSize). */
  function paged<T>(url: URL, rows: T[], toJson: (r: T) => unknown = (r) => r) {
    const skip = Number(url.searchParams.get('$skiptoken') ?? url.searchParams.get('$skip') ?? 0) || 0;
    const top = Math.min(pageSize, Number(url.searchParams.get('$top') ?? pageSize) || pageSize);
    const page = rows.slice(skip, skip + top);
    const body: Record<string, unknown> = {
      '@odata.context': `${url.origin}${url.pathname}/$metadata`,
      value: page.map(toJson),
    };
    if (skip + top < rows.length && !url.searchParams.has('$top')) {
      const next = new URL(url.toString());
      next.searchParams.set('$skiptoken', String(skip + top));
      body['@odata.nextLink'] = next.toString();
    }
    return { status: 200, body };
  }

  /** "externalDocumentNumber eq 'X'" (quotes doubled inside), the one filter the portal uses. */
  function filterOrders(filter: string | null) {
    if (!filter) return orders;
    const m = /^\s*externalDocumentNumber\s+eq\s+'((?:[^']|'')*)'\s*$/.exec(filter);
    if (!m) return null;
    const want = m[1].replace(/''/g, "'");
    return orders.filter((o) => o.externalDocumentNumber === want);
  }

  const etagMatches = (header: string | undefined, etag: number) => header === '*' || header === etagOf(etag);

  type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

  function route(
    method: string,
    url: URL,
    body: Record<string, unknown> | null,
    ifMatch: string | undefined,
  ): Answer {
    const p = url.pathname;
    let rest: string;
    let custom = false;
    if (p.startsWith(`${portalBase}/`)) {
      rest = p.slice(portalBase.length + 1);
      custom = true;
    } else if (p.startsWith(`${apiBase}/`)) rest = p.slice(apiBase.length + 1);
    else return bcError(404, 'BadRequest_ResourceNotFound', 'Resource not found for the segment.');
    if (rest === 'companies' && method === 'GET' && !custom)
      return { status: 200, body: { value: [company] } };
    const m = /^companies\(([^)]+)\)\/(.+)$/.exec(rest);
    if (!m)
      return bcError(404, 'BadRequest_ResourceNotFound', `Resource not found for the segment '${rest}'.`);
    if (m[1] !== companyId)
      return bcError(404, 'Internal_CompanyNotFound', `Company '${m[1]}' does not exist.`);
    const seg = m[2];
    if (custom) {
      if (method !== 'GET') return bcError(405, 'BadRequest_MethodNotAllowed', 'Method not allowed.');
      if (seg === 'preOrders') return paged(url, preOrders);
      if (seg === 'itemReferences') return paged(url, references);
      return bcError(404, 'BadRequest_ResourceNotFound', `Resource not found for the segment '${seg}'.`);
    }
    if (seg === 'items' && method === 'GET')
      return paged(url, items, (i) => ({ '@odata.etag': etagOf(1), ...i }));
    if (seg === 'unitsOfMeasure' && method === 'GET')
      return paged(
        url,
        UNITS.map(([code, displayName], i) => ({ id: guid(3, i), code, displayName })),
      );
    if (seg === 'purchaseOrders') {
      if (method === 'GET') {
        const found = filterOrders(url.searchParams.get('$filter'));
        if (!found) return bcError(400, 'BadRequest', 'The $filter expression is not supported.');
        return paged(url, found, orderJson);
      }
      if (method === 'POST') {
        const vendorNumber = String(body?.vendorNumber ?? '').trim();
        if (!vendorNumber)
          return bcError(
            400,
            'Internal_RecordNotFound',
            "The Vendor does not exist. Identification fields and values: No.=''",
          );
        const ext = String(body?.externalDocumentNumber ?? '');
        if (ext.length > 35)
          return bcError(400, 'BadRequest', 'externalDocumentNumber is longer than 35 characters.');
        const o: SimOrder = {
          id: crypto.randomUUID(),
          number: String(orderSeq++),
          externalDocumentNumber: ext,
          vendorNumber,
          vendorName: String(body?.vendorName ?? ''),
          orderDate: String(body?.orderDate ?? new Date().toISOString().slice(0, 10)),
          status: 'Draft',
          etag: etagSeq++,
          lines: [],
        };
        orders.push(o);
        return { status: 201, body: orderJson(o) };
      }
    }
    const one = /^purchaseOrders\(([^)]+)\)(\/purchaseOrderLines)?$/.exec(seg);
    if (one) {
      const o = orders.find((x) => x.id === one[1]);
      if (!o) return bcError(404, 'Internal_RecordNotFound', 'The Purchase Header does not exist.');
      if (!one[2]) {
        if (method === 'GET') return { status: 200, body: orderJson(o) };
        if (method === 'PATCH' || method === 'DELETE') {
          if (!ifMatch) return bcError(428, 'Internal_ETagRequired', 'An If-Match header is required.');
          if (!etagMatches(ifMatch, o.etag))
            return bcError(412, 'Internal_EntityChanged', 'Another user has already changed the record.');
          if (method === 'DELETE') {
            orders.splice(orders.indexOf(o), 1);
            return { status: 204 };
          }
          for (const k of ['orderDate', 'vendorName'] as const)
            if (body?.[k] !== undefined) o[k] = String(body[k]);
          o.etag = etagSeq++;
          return { status: 200, body: orderJson(o) };
        }
      }
      if (method === 'GET') return paged(url, o.lines, lineJson);
      if (method === 'POST') {
        const number = String(body?.lineObjectNumber ?? '');
        if ((body?.lineType ?? 'Item') === 'Item' && !items.some((i) => i.number === number))
          return bcError(
            400,
            'Internal_RecordNotFound',
            `The Item does not exist. Identification fields and values: No.='${number}'`,
          );
        const qty = Number(body?.quantity);
        if (!Number.isFinite(qty) || qty < 0) return bcError(400, 'BadRequest', 'Invalid quantity.');
        const sequence = Number(body?.sequence ?? (o.lines.length + 1) * 10000);
        if (o.lines.some((l) => l.sequence === sequence))
          return bcError(409, 'Internal_EntityWithSameKeyExists', 'The record already exists.');
        const l: SimOrderLine = {
          id: crypto.randomUUID(),
          documentId: o.id,
          sequence,
          lineType: String(body?.lineType ?? 'Item'),
          lineObjectNumber: number,
          description: String(body?.description ?? ''),
          quantity: qty,
          directUnitCost: Number(body?.directUnitCost ?? 0),
          expectedReceiptDate: body?.expectedReceiptDate ? String(body.expectedReceiptDate) : null,
          etag: etagSeq++,
        };
        o.lines.push(l);
        o.etag = etagSeq++;
        return { status: 201, body: lineJson(l) };
      }
    }
    const lineOne = /^purchaseOrderLines\(([^)]+)\)$/.exec(seg);
    if (lineOne && (method === 'PATCH' || method === 'DELETE')) {
      const o = orders.find((x) => x.lines.some((l) => l.id === lineOne[1]));
      const l = o?.lines.find((x) => x.id === lineOne[1]);
      if (!o || !l) return bcError(404, 'Internal_RecordNotFound', 'The Purchase Line does not exist.');
      if (!ifMatch) return bcError(428, 'Internal_ETagRequired', 'An If-Match header is required.');
      if (!etagMatches(ifMatch, l.etag))
        return bcError(412, 'Internal_EntityChanged', 'Another user has already changed the record.');
      if (method === 'DELETE') {
        o.lines.splice(o.lines.indexOf(l), 1);
        o.etag = etagSeq++;
        return { status: 204 };
      }
      if (body?.quantity !== undefined) l.quantity = Number(body.quantity);
      if (body?.directUnitCost !== undefined) l.directUnitCost = Number(body.directUnitCost);
      if (body?.description !== undefined) l.description = String(body.description);
      if (body?.expectedReceiptDate !== undefined)
        l.expectedReceiptDate = body.expectedReceiptDate ? String(body.expectedReceiptDate) : null;
      l.etag = etagSeq++;
      o.etag = etagSeq++;
      return { status: 200, body: lineJson(l) };
    }
    return bcError(405, 'BadRequest_MethodNotAllowed', `'${method}' is not allowed on '${seg}'.`);
  }

  /** The entity a path names, for counts and fault matching: the last segment without its key. */
  const entityOf = (p: string) => (p.split('/').pop() ?? '').replace(/\(.*\)$/, '');

  function takeFault(method: string, entity: string) {
    const f = faults.find(
      (x) => x.left > 0 && (!x.path || x.path === entity) && (!x.method || x.method === method),
    );
    if (!f) return null;
    f.left--;
    faults = faults.filter((x) => x.left > 0);
    return f;
  }

  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
      const method = req.method ?? 'GET';
      const raw = Buffer.concat(chunks).toString('utf8');
      const send = (a: Answer) => {
        if (!url.pathname.startsWith('/_sim/'))
          log.push({ method, entity: entityOf(url.pathname), status: a.status, at: Date.now() });
        const headers: Record<string, string> = { ...(a.headers ?? {}) };
        if (a.body !== undefined) headers['content-type'] = 'application/json; odata.metadata=minimal';
        res.writeHead(a.status, headers).end(a.body === undefined ? '' : JSON.stringify(a.body));
      };
      // ---- control
      if (url.pathname.startsWith('/_sim/')) {
        if (url.pathname === '/_sim/faults' && method === 'POST') {
          const list = (JSON.parse(raw || '{}').faults ?? []) as SimFault[];
          for (const f of list) api.inject(f);
          return send({ status: 200, body: { faults: faults.length } });
        }
        if (url.pathname === '/_sim/items' && method === 'POST') {
          // Adds items (or replaces those with the same number): e.g. the portal's own ERP parts, so that a
          // sync against this simulator keeps them.
          const list = (JSON.parse(raw || '{}').items ?? []) as Partial<SimItem>[];
          for (const it of list) {
            if (!it.id || !it.number) continue;
            const item: SimItem = {
              id: it.id,
              number: it.number,
              displayName: it.displayName ?? it.number,
              type: 'Inventory',
              blocked: !!it.blocked,
              gtin: it.gtin ?? '',
              baseUnitOfMeasureCode: it.baseUnitOfMeasureCode ?? 'PCS',
              unitCost: it.unitCost ?? 0,
              lastModifiedDateTime: CHANGED,
            };
            const at = items.findIndex((x) => x.number === item.number);
            if (at >= 0) items[at] = item;
            else items.push(item);
          }
          return send({ status: 200, body: { items: items.length } });
        }
        if (url.pathname === '/_sim/reset' && method === 'POST') {
          faults = [];
          orders.length = 0;
          return send({ status: 200, body: {} });
        }
        if (url.pathname === '/_sim/state' && method === 'GET')
          return send({
            status: 200,
            body: { companyId, orders, counts, tokensIssued: sim.tokensIssued, faults: faults.length },
          });
        return send({ status: 404, body: {} });
      }
      // ---- token
      if (url.pathname === `/${tenant}/oauth2/v2.0/token`) {
        if (method !== 'POST') return send(bcError(405, 'invalid_request', 'POST expected'));
        const form = new URLSearchParams(raw);
        if (form.get('grant_type') !== 'client_credentials')
          return send({ status: 400, body: { error: 'unsupported_grant_type' } });
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
          return send({
            status: 401,
            body: {
              error: 'invalid_client',
              error_description: 'AADSTS7000215: Invalid client secret provided.',
            },
          });
        const token = crypto.randomBytes(24).toString('base64url');
        tokens.set(token, Date.now() + ttl * 1000);
        sim.tokensIssued++;
        return send({
          status: 200,
          body: { token_type: 'Bearer', expires_in: ttl, ext_expires_in: ttl, access_token: token },
        });
      }
      // ---- API
      const entity = entityOf(url.pathname);
      const key = `${method} ${entity}`;
      counts[key] = (counts[key] ?? 0) + 1;
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
      const exp = auth ? tokens.get(auth[1]) : undefined;
      if (!exp || exp < Date.now())
        return send({
          status: 401,
          body: { error: { code: 'Unauthorized', message: 'The credentials provided are incorrect' } },
          headers: { 'www-authenticate': 'Bearer' },
        });
      let body: Record<string, unknown> | null = null;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          return send(bcError(400, 'BadRequest', 'Invalid Request Body'));
        }
      }
      const fault = takeFault(method, entity);
      if (fault?.status === 'timeout') {
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      if (fault?.status === 'edited-meanwhile')
        for (const o of orders) {
          o.etag = etagSeq++;
          for (const l of o.lines) l.etag = etagSeq++;
        }
      if (
        fault &&
        fault.status !== 'hang-after-commit' &&
        fault.status !== 'drop-after-commit' &&
        fault.status !== 'edited-meanwhile'
      ) {
        const status = fault.status;
        const headers: Record<string, string> = {};
        if ((status === 429 || status === 503) && fault.retryAfter !== undefined)
          headers['retry-after'] = String(fault.retryAfter);
        const code =
          status === 429
            ? 'Application_TooManyRequests'
            : status === 400
              ? 'BadRequest'
              : 'InternalServerError';
        return send({ ...bcError(status, code, `Simulated ${status}`), headers });
      }
      const answer = route(method, url, body, req.headers['if-match']);
      if (fault?.status === 'drop-after-commit') {
        req.socket.destroy();
        return;
      }
      if (fault?.status === 'hang-after-commit') {
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      send(answer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const origin = `http://${host}:${port}`;
  const api: BusinessCentralSimulator = {
    port,
    config: {
      BC_API_URL: `${origin}${apiBase}`,
      BC_TOKEN_URL: `${origin}/${tenant}/oauth2/v2.0/token`,
      BC_CLIENT_ID: clientId,
      BC_CLIENT_SECRET: clientSecret,
      BC_COMPANY: company.name,
    },
    companyId,
    items,
    preOrders,
    orders,
    references,
    counts,
    log,
    get tokensIssued() {
      return sim.tokensIssued;
    },
    inject(f) {
      faults.push({ ...f, left: f.times ?? 1 });
    },
    clearFaults() {
      faults = [];
    },
    revokeTokens() {
      tokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of held) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}

// ---- standalone ----
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
  };
  const sim = await startBusinessCentralSimulator({
    port: Number(arg('port', '4020')),
    host: arg('host', '127.0.0.1'),
    items: Number(arg('items', '2500')),
    pageSize: Number(arg('page-size', '1000')),
    locations: arg('locations', 'B01,B02,B03,T01,T02').split(','),
    preOrders: Number(arg('pre-orders', '20')),
  });
  console.log(`Business Central simulator listening on port ${sim.port}. Start the portal with:`);
  for (const [k, v] of Object.entries(sim.config)) console.log(`  ${k}=${v}`);
  const stop = () => sim.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
