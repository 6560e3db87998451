// The Business Central client against the API simulator: the token is fetched once and reused, fetched again after
// a 401; a wrong secret is a clear, non-retryable error; paging follows @odata.nextLink; a request that times out is
// repeated (a GET), a POST whose answer was lost is left to the caller; Retry-After in seconds and as an HTTP date.
// The one real time-out waited for is 3 s; no other request here waits for one.
import { afterAll, describe, expect, it } from 'vitest';
import { startBusinessCentralSimulator } from '../../../../../tools/simulators/business-central.ts';
import { BcError, type BcSettings, BusinessCentralClient, retryAfterMs } from './businessCentralClient.ts';

const sim = await startBusinessCentralSimulator({ items: 2_345, pageSize: 500 });
afterAll(() => sim.close());
const settings = (over: Partial<BcSettings> = {}): BcSettings => ({
  apiUrl: sim.config.BC_API_URL,
  portalApiUrl: sim.config.BC_API_URL.replace('/api/v2.0', '/api/portal/purchasing/v1.0'),
  tokenUrl: sim.config.BC_TOKEN_URL,
  clientId: sim.config.BC_CLIENT_ID,
  clientSecret: sim.config.BC_CLIENT_SECRET,
  scope: 'https://api.businesscentral.dynamics.com/.default',
  company: sim.config.BC_COMPANY,
  timeoutMs: 30_000,
  maxRetries: 2,
  maxWaitMs: 60_000,
  ...over,
});

describe('Business Central client', () => {
  it('reads every page and reuses its token; after a 401 it fetches a new one once', async () => {
    const client = new BusinessCentralClient(settings());
    const before = sim.tokensIssued;
    const numbers: string[] = [];
    const { total, pages } = await client.readAll<{ number: string }>(await client.api('items'), (rows) => {
      numbers.push(...rows.map((r) => r.number));
    });
    expect(total).toBe(2_345);
    expect(pages).toBe(5);
    expect(new Set(numbers).size).toBe(2_345);
    expect(sim.tokensIssued - before).toBe(1);
    sim.revokeTokens();
    const companies = await client.request<{ value: unknown[] }>('GET', `${sim.config.BC_API_URL}/companies`);
    expect(companies.value).toHaveLength(1);
    expect(sim.tokensIssued - before).toBe(2);
  });

  it('a wrong secret is refused with the identity provider’s reason and not retried', async () => {
    const client = new BusinessCentralClient(settings({ clientSecret: 'wrong' }));
    const err = await client.companyId().catch((e) => e);
    expect(err).toBeInstanceOf(BcError);
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/Invalid client secret/);
  });

  it('repeats a GET that timed out, but leaves a POST whose fate is unknown to the caller', async () => {
    const client = new BusinessCentralClient(settings({ timeoutMs: 3_000 }));
    await client.companyId(); // the token and the company first, so only the held request meets the time-out
    sim.inject({ status: 'timeout', path: 'unitsOfMeasure' });
    const units = await client.request<{ value: unknown[] }>('GET', await client.api('unitsOfMeasure'));
    expect(units.value.length).toBeGreaterThan(0);
    expect(client.retries).toBe(1);
    // The ERP creates the order but its answer is lost: the client cannot tell, so it does not repeat a POST.
    const before = sim.counts['POST purchaseOrders'] ?? 0;
    sim.inject({ status: 'drop-after-commit', path: 'purchaseOrders', method: 'POST' });
    const err = await client
      .request('POST', await client.api('purchaseOrders'), {
        body: { vendorNumber: 'V1', externalDocumentNumber: 'X-1' },
      })
      .catch((e: BcError) => e);
    expect(err).toBeInstanceOf(BcError);
    expect(err).toMatchObject({ code: 'network', retryable: true });
    expect(client.retries).toBe(1);
    expect(sim.counts['POST purchaseOrders']).toBe(before + 1);
  });

  it('gives up after its retries with a retryable error, and reads Retry-After in both forms', async () => {
    const client = new BusinessCentralClient(settings({ maxRetries: 1 }));
    sim.inject({ status: 503, retryAfter: 0, times: 2, path: 'companies' });
    const err = await client.companyId().catch((e) => e);
    expect(err).toMatchObject({ status: 503, retryable: true });
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('Sun, 22 Nov 2026 20:00:05 GMT', Date.parse('2026-11-22T20:00:00Z'))).toBe(5000);
    expect(retryAfterMs('soon')).toBeNull();
  });
});
