// The suggestions in words and as the winner dialog's rows: templates filled in each language, numbers and dates
// the reader's way, and amounts typed with a comma passing the shared winner rules.
import {
  type AwardSuggestion,
  normalizeWinners,
  parseDecimal,
  type SuggestOffer,
  suggestAward,
  validateWinners,
} from '@portal/shared';
import { describe, expect, it } from 'vitest';
import en from '../i18n/suggest.en.json';
import et from '../i18n/suggest.et.json';
import ru from '../i18n/suggest.ru.json';
import { applicable, explanationText, shareTexts, splitComment, suggestionRows } from './suggestText.ts';

const catalogues = { en, et, ru } as const;
/** A minimal i18next t: the key's template with {{name}} filled. */
const tOf =
  (lang: keyof typeof catalogues) =>
  (key: string, params: Record<string, unknown> = {}) => {
    const template = key
      .split('.')
      .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], catalogues[lang]);
    if (typeof template !== 'string') throw new Error(`missing ${lang} ${key}`);
    return template.replace(/\{\{(\w+)\}\}/g, (_, k) => String(params[k]));
  };

let id = 1;
const offer = (o: Partial<SuggestOffer> & { price: string }): SuggestOffer => ({
  id: id++,
  supplierId: 1,
  supplierName: 'Demo',
  deliveryDate: '2026-12-03',
  available: null,
  ...o,
});
const asServer = (detail: number, s: ReturnType<typeof suggestAward>): AwardSuggestion => ({
  detail_id: detail,
  ...s,
});

describe('explanations', () => {
  const cheapest = asServer(
    1,
    suggestAward({
      need: '6',
      offers: [
        offer({ price: '8.8' }),
        offer({ price: '10' }),
        offer({ price: '11' }),
        offer({ price: '12' }),
        offer({ price: '13' }),
      ],
    }),
  );
  const split = asServer(
    2,
    suggestAward({
      need: '6',
      offers: [
        offer({ price: '5', supplierName: 'Baltic', available: '4' }),
        offer({ price: '6', supplierName: 'Nordic', available: '10' }),
      ],
    }),
  );
  it('are sentences in the buyer language with its number and date formats', () => {
    expect(explanationText(cheapest.explanation, tOf('en'), 'en')).toBe(
      'cheapest of 5 offers, 12 % below the next; delivers 03.12.2026',
    );
    expect(explanationText(cheapest.explanation, tOf('et'), 'et')).toBe(
      'odavaim 5 pakkumisest, 12 % odavam kui järgmine; tarnib 03.12.2026',
    );
    expect(explanationText(split.explanation, tOf('en'), 'en')).toBe(
      'split: Baltic has 4 of 6 at the lowest price, Nordic the remaining 2',
    );
    expect(explanationText(split.explanation, tOf('ru'), 'ru')).toContain('Nordic — оставшиеся 2');
    const decimals = asServer(
      3,
      suggestAward({
        need: '2,5',
        offers: [
          offer({ price: '1', supplierName: 'A', available: '1.25' }),
          offer({ price: '2', supplierName: 'B' }),
        ],
      }),
    );
    expect(explanationText(decimals.explanation, tOf('et'), 'et')).toBe(
      'jagatud: A pakub 1,25 / 2,5 madalaima hinnaga, B ülejäänud 1,25',
    );
    const skipped = asServer(
      4,
      suggestAward({
        need: '1',
        offers: [offer({ price: '1', blacklisted: true }), offer({ price: '2', inactiveCompany: true })],
      }),
    );
    expect(explanationText(skipped.explanation, tOf('en'), 'en')).toBe(
      'no offer to choose; skipped: 1 with a blacklisted producer, 1 of an inactive company',
    );
  });

  it('names each suggested winner with its price, so two offer lines of one company are told apart', () => {
    const twoLines = asServer(
      4,
      suggestAward({
        need: '2',
        offers: [
          offer({ price: '12.5', supplierName: 'Baltic Auto Supply AS', available: '1' }),
          offer({ price: '13', supplierName: 'Baltic Auto Supply AS', available: '1' }),
        ],
      }),
    );
    expect(shareTexts(twoLines, tOf('et'), 'et')).toEqual([
      'Baltic Auto Supply AS, 12,50 €: 1',
      'Baltic Auto Supply AS, 13,00 €: 1',
    ]);
    expect(shareTexts(split, tOf('en'), 'en')).toEqual(['Baltic, 5.00 €: 4', 'Nordic, 6.00 €: 2']);
    expect(shareTexts(split, tOf('ru'), 'ru')).toEqual(['Baltic, 5,00 €: 4', 'Nordic, 6,00 €: 2']);
  });

  it('short of the need, names a company with several offer lines once, with the sum of its lines', () => {
    const short = asServer(
      5,
      suggestAward({
        need: '5',
        offers: [
          offer({ price: '12.5', supplierName: 'Baltic Auto Supply AS', available: '1' }),
          offer({ price: '13', supplierName: 'Baltic Auto Supply AS', available: '1.5' }),
        ],
      }),
    );
    expect(explanationText(short.explanation, tOf('et'), 'et')).toBe(
      'pakkumised katavad ainult 2,5 / 5: Baltic Auto Supply AS 2,5',
    );
  });

  it('a split comes with a comment the winner rules accept; a single winner needs none', () => {
    const c = splitComment(split, 'et');
    expect(c).toBe('Jagatud saadaoleva koguse järgi: Baltic 4, Nordic 2.');
    expect(splitComment(cheapest, 'en')).toBe('');
  });

  it('turns into rows typed with a comma in et and ru, which the winner rules read as the dialog sends them', () => {
    const s = asServer(
      5,
      suggestAward({
        need: '2,5',
        offers: [offer({ price: '1', available: '1,25' }), offer({ price: '2', available: '3' })],
      }),
    );
    const rows = suggestionRows(s, 'et');
    expect(rows.map((r) => r.amount)).toEqual(['1,25', '1,25']);
    expect(suggestionRows(s, 'en').map((r) => r.amount)).toEqual(['1.25', '1.25']);
    const ctx = {
      needQty: '2.5',
      proposals: s.winners.map((w, i) => ({ id: w.name, price: String(i + 1) })),
    };
    const input = rows.map((r) => ({ ...r, amount: parseDecimal(r.amount) }));
    expect(input.map((r) => r.amount)).toEqual(['1.25', '1.25']);
    expect(validateWinners(normalizeWinners(input, ctx), ctx, splitComment(s, 'ru'))).toEqual({});
  });

  it('apply skips lines with winners, without offers, or that need the buyer to confirm a quantity', () => {
    expect(applicable(cheapest, false)).toBe(true);
    expect(applicable(cheapest, true)).toBe(false);
    const lone = asServer(6, suggestAward({ need: '6', offers: [offer({ price: '1', available: '2' })] }));
    expect(lone.needs_confirmation).toBe(true);
    expect(applicable(lone, false)).toBe(false);
    expect(applicable(asServer(7, suggestAward({ need: '1', offers: [] })), false)).toBe(false);
  });
});
