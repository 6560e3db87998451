import { afterAll, describe, expect, it } from 'vitest';
import { startDirectoSimulator } from './directo.ts';

const sim = await startDirectoSimulator({ port: 0, key: 'sim-key' });
afterAll(() => sim.close());

const XML = `<?xml version="1.0" encoding="utf-8"?>
<purchaseorders>
  <purchaseorder number="PO-1" supplier="12345678" date="2026-11-21" comment="Tender T-1">
    <rows><row rn="1" item="A-1" description="Тормозная колодка &amp; Co" quantity="3" price="12.345"/></rows>
  </purchaseorder>
  <purchaseorder number="PO-2" supplier="87654321" date="2026-11-21">
    <rows><row item="B-1" quantity="7" price="5"/><row item="B-2" quantity="1.5" price="0.3333"/></rows>
  </purchaseorder>
</purchaseorders>`;

const post = (fields: Record<string, string>, url = sim.url) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
const ok = { token: 'sim-key', put: '1', what: 'purchaseorder', xd_update: '1', xmldata: XML };

describe('Directo simulator', () => {
  it('listens on the Directo path and stores valid purchase orders, answering Type 0 with a docid per order', async () => {
    expect(sim.url).toBe(`http://127.0.0.1:${sim.port}/xmlcore/demo/xmlcore.asp`);
    const res = await post(ok);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/xml');
    const text = await res.text();
    expect(text).toMatch(
      /<results><Result Type="0" Desc="OK" docid="\d+" number="PO-1"\/><Result Type="0" Desc="OK" docid="\d+" number="PO-2"\/><\/results>/,
    );
    expect(sim.received).toHaveLength(1);
    const [po1, po2] = sim.received[0].orders;
    expect(po1).toMatchObject({ number: 'PO-1', supplier: '12345678', date: '2026-11-21' });
    expect(po1.rows[0]).toMatchObject({
      item: 'A-1',
      description: 'Тормозная колодка & Co',
      quantity: '3',
      price: '12.345',
    });
    expect(po2.rows.map((r) => r.item)).toEqual(['B-1', 'B-2']);
    expect(Number(po2.docid)).toBe(Number(po1.docid) + 1);
  });

  it('refuses a wrong token with Type 5 Unauthorized', async () => {
    const text = await (await post({ ...ok, token: 'nope' })).text();
    expect(text).toContain('<results><Result Type="5" Desc="Unauthorized"/></results>');
  });

  it('refuses malformed XML, missing attributes and unsupported requests', async () => {
    const before = sim.received.length;
    expect(await (await post({ ...ok, xmldata: '<purchaseorders><purchaseorder>' })).text()).toContain(
      'Type="3"',
    );
    const noSupplier = XML.replace(' supplier="12345678"', '');
    const t = await (await post({ ...ok, xmldata: noSupplier })).text();
    expect(t).toContain('Type="4"');
    expect(t).toContain('missing attribute supplier');
    expect(await (await post({ ...ok, xmldata: XML.replace('price="5"', 'price="five"') })).text()).toContain(
      'price is not a number',
    );
    expect(await (await post({ ...ok, what: 'invoice' })).text()).toContain('Type="2"');
    expect(sim.received.length).toBe(before);
  });

  it('fails the next N requests with Type 1, then accepts again', async () => {
    const before = sim.received.length;
    sim.failNext(2);
    for (let i = 0; i < 2; i++)
      expect(await (await post(ok)).text()).toContain('<Result Type="1" Desc="Simulated failure"/>');
    expect(await (await post(ok)).text()).toContain('Type="0"');
    expect(sim.received.length).toBe(before + 1);
  });

  it('matches documents by number: overwrites one with xd_update=1 (same docid), refuses a second without', async () => {
    const first = sim.documents.get('PO-1')!;
    const before = sim.received.length;
    const again = await (await post(ok)).text();
    expect(again).toContain(`docid="${first.docid}" number="PO-1"`);
    expect(sim.documents.get('PO-1')?.docid).toBe(first.docid);
    expect([...sim.documents.keys()]).toEqual(['PO-1', 'PO-2']);
    const { xd_update: _u, ...plain } = ok;
    expect(await (await post(plain)).text()).toContain('<Result Type="1" Desc="Document PO-1 exists"/>');
    expect(sim.received.length).toBe(before + 1);
  });

  it('stores the documents and drops the connection without an answer when told to lose the next answer', async () => {
    const before = sim.received.length;
    sim.loseNextAnswers(1);
    const lost = await post(ok).catch((e: Error) => e);
    expect(lost).toBeInstanceOf(Error);
    expect(sim.received.length).toBe(before + 1);
    expect(await (await post(ok)).text()).toContain('Type="0"');
    expect([...sim.documents.keys()]).toEqual(['PO-1', 'PO-2']);
  });

  it('answers 404 elsewhere and 405 to GET', async () => {
    expect((await post(ok, `http://127.0.0.1:${sim.port}/other`)).status).toBe(404);
    expect((await fetch(sim.url)).status).toBe(405);
  });
});
