// The history reads as sentences with names and the reader's numbers, never ids or field names.
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import commonEn from '../i18n/common.en.json';
import commonEt from '../i18n/common.et.json';
import commonRu from '../i18n/common.ru.json';
import viewEn from '../i18n/view.en.json';
import viewEt from '../i18n/view.et.json';
import viewRu from '../i18n/view.ru.json';
import type { HistoryEntry } from '../viewApi.ts';
import { historySentence } from './sentence.ts';

const CATALOGUES = { et: [commonEt, viewEt], ru: [commonRu, viewRu], en: [commonEn, viewEn] } as const;

async function tOf(lang: 'et' | 'ru' | 'en'): Promise<TFunction> {
  const i = i18next.createInstance();
  await i.init({
    lng: lang,
    resources: { [lang]: { translation: Object.assign({}, ...structuredClone(CATALOGUES[lang])) } },
    interpolation: { escapeValue: false },
  });
  return i.t;
}

const entry = (e: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  entity: 'tender',
  entity_id: 7,
  action: 'created',
  user_name: 'Mari Maasikas',
  data: {},
  created: '2026-03-01T10:00:00.000Z',
  ...e,
});

const offer = entry({
  entity: 'proposal',
  entity_id: 41,
  action: 'created',
  data: { supplier_id: 3, detail: 12, producer: 5, price: '1234.5000', previous_id: null },
  names: { supplier: 'Autoosad OÜ', part: 'P-100 Piduriklots', producer: 'Bosch' },
});
const winner = entry({
  entity: 'winner',
  entity_id: 9,
  action: 'created',
  data: { detail: 12, proposal: 41, amount: '2.5000', reason: 'DUE DATE' },
  names: { supplier: 'Autoosad OÜ', part: 'P-100 Piduriklots', producer: 'Bosch', price: '1234.5000' },
});

describe('history sentences', () => {
  it('names the supplier, part and producer of an offer and writes its price the reader s way', async () => {
    const et = historySentence(offer, await tOf('et'), 'et');
    expect(et.text).toBe('Autoosad OÜ tegi pakkumise osale P-100 Piduriklots');
    expect(et.details).toEqual(['Bosch', '1\u00a0234,50 €']);
    const en = historySentence(offer, await tOf('en'), 'en');
    expect(en.text).toBe('Autoosad OÜ made an offer for P-100 Piduriklots');
    expect(en.details).toEqual(['Bosch', '1,234.50 €']);
    const ru = historySentence(offer, await tOf('ru'), 'ru');
    expect(ru.details).toEqual(['Bosch', '1\u00a0234,50 €']);
  });

  it('words a winner with its quantity and translated reason, no ids or field names', async () => {
    const s = historySentence(winner, await tOf('et'), 'et');
    expect(s.text).toBe('Osa P-100 Piduriklots võitjaks valiti Autoosad OÜ');
    expect(s.details).toEqual(['Bosch', '1\u00a0234,50 €', 'kogus 2,5', 'põhjus: Tarneaeg']);
    const all = `${s.text} ${s.details.join(' ')}`;
    for (const raw of ['41', 'proposal', 'detail', 'DUE DATE', 'amount']) expect(all).not.toContain(raw);
  });

  it('tells a status change by the scheduler and a failed export with its reason in words', async () => {
    const t = await tOf('en');
    const auto = historySentence(
      entry({ action: 'status', user_name: null, data: { from: 'ACTIVE', to: 'FINISHED', by: 'scheduler' } }),
      t,
      'en',
    );
    expect(auto.text).toBe('Tender status changed on schedule: Active → Finished');
    const failed = historySentence(
      entry({ entity: 'export', action: 'directo_export_failed', data: { message: 'module_inactive' } }),
      t,
      'en',
    );
    expect(failed.text).toBe('Export to accounting failed: the accounting module is not active');
    const refused = historySentence(
      entry({ entity: 'export', action: 'directo_export_failed', data: { message: 'Directo HTTP 503' } }),
      await tOf('et'),
      'et',
    );
    expect(refused.text).toBe('Eksport raamatupidamisse ebaõnnestus: Directo vastas: Directo HTTP 503');
    const started = historySentence(
      entry({ entity: 'export', action: 'directo_export_started', data: { module: 'Directo' } }),
      await tOf('ru'),
      'ru',
    );
    expect(started.text).toBe('Экспорт в бухгалтерию начат');
  });

  it('lists a changed draft s values by name, dates in Tallinn time', async () => {
    const s = historySentence(
      entry({
        action: 'changed',
        data: { start: '2026-03-01T08:00:00.000Z', warehouse: 4, additional_info: 'Värav 2' },
        names: { warehouse: 'Kopli depoo' },
      }),
      await tOf('et'),
      'et',
    );
    expect(s.text).toBe('Hanke andmeid muudeti');
    expect(s.details).toEqual(['algus 01.03.2026 10:00', 'ladu Kopli depoo', 'lisainfo „Värav 2“']);
  });

  it('words flags, orders, comments and line changes in each language', async () => {
    const ru = await tOf('ru');
    const watched = historySentence(
      entry({
        action: 'log_added',
        data: { action: 'WATCHED', supplier_id: 3 },
        names: { supplier: 'Autoosad OÜ' },
      }),
      ru,
      'ru',
    );
    expect(watched.text).toBe('Autoosad OÜ: начато отслеживание тендера');
    const order = historySentence(
      entry({
        action: 'order_created',
        data: { supplier_id: 3, order_code: 'T-1-01' },
        names: { supplier: 'A OÜ' },
      }),
      await tOf('en'),
      'en',
    );
    expect(order.text).toBe('Order T-1-01 created for A OÜ');
    const comment = historySentence(
      entry({
        entity: 'comment',
        action: 'created',
        data: { kind: 'DETAIL_SUPPLIER', detail: 12 },
        names: { part: 'P-100 Piduriklots' },
      }),
      await tOf('et'),
      'et',
    );
    expect(comment.text).toBe('Tarnija kommentaar osale P-100 Piduriklots lisati');
    const qty = historySentence(
      entry({
        entity: 'detail',
        entity_id: 12,
        action: 'qty',
        data: { qty: '75.5000' },
        names: { part: 'P-100 Piduriklots' },
      }),
      await tOf('et'),
      'et',
    );
    expect(qty.text).toBe('Rea P-100 Piduriklots tellimuse koguseks sai 75,5');
  });

  it('tells what happened to the orders in Business Central, with the ERP s own refusal', async () => {
    const refused = entry({
      action: 'bc_order_withdraw_failed',
      data: { order_code: 'T-1-01', message: 'HTTP 400: the order has posted receipts', reason: 'reopened' },
    });
    const et = historySentence(refused, await tOf('et'), 'et');
    expect(et.text).toBe('Business Central keeldus tellimust T-1-01 tagasi võtmast: lahendage see seal');
    expect(et.details).toEqual(['HTTP 400: the order has posted receipts']);
    const withdrawn = entry({
      action: 'bc_order_withdrawn',
      data: { order_code: 'T-1-01', numbers: ['PO-1001'], reason: 'reopened' },
    });
    const ru = historySentence(withdrawn, await tOf('ru'), 'ru');
    expect(ru.text).toBe('Заказ T-1-01 отозван из Business Central');
    expect(ru.details).toEqual(['PO-1001']);
    const en = historySentence(
      entry({ action: 'bc_order_failed', data: { order_code: 'T-1-02', message: 'no_erp_items' } }),
      await tOf('en'),
      'en',
    );
    expect(en).toEqual({ text: 'Business Central did not take order T-1-02', details: [] });
  });
});
