// The evaluation's helpers (issue 33): award suggestions of a tender and the price history of a part (buyers).
// Rules in suggestions.ts (with the shared rules/suggest.ts) and priceHistory.ts.
import {
  applySuggestionsResult,
  applySuggestionsWrite,
  awardSuggestionList,
  priceHistory,
} from '@portal/shared';
import { ADMIN_CONTRACTOR, BUYERS, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams } from '../../lib/list.ts';
import { partPriceHistory } from './priceHistory.ts';
import { applySuggestions, awardSuggestions } from './suggestions.ts';

export default async function routes(app: ZApp) {
  app.get(
    '/tenders/:id/award_suggestions/',
    {
      config: { access: BUYERS },
      schema: {
        tags: ['tenders'],
        summary:
          'A suggested winner set per line with the facts that explain it (FINISHED and CHOOSING tenders).',
        operationId: 'awardSuggestions',
        params: idParams,
        response: { 200: awardSuggestionList },
      },
    },
    (request) => awardSuggestions(app.db, currentUser(request), request.params.id),
  );
  app.post(
    '/tenders/:id/apply_suggestions/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags: ['tenders'],
        summary:
          'Make the suggestions the winners of every line without winners whose suggestion needs no confirmation',
        operationId: 'applySuggestions',
        params: idParams,
        body: applySuggestionsWrite,
        response: { 200: applySuggestionsResult },
      },
    },
    (request) => applySuggestions(app.db, currentUser(request), request.params.id, request.body),
  );
  app.get(
    '/parts/:id/price_history/',
    {
      config: { access: BUYERS },
      schema: {
        tags: ['catalogue'],
        summary: 'Prices paid for a part in earlier orders and the median of the last 12 months',
        operationId: 'partPriceHistory',
        params: idParams,
        response: { 200: priceHistory },
      },
    },
    (request) => partPriceHistory(app.db, currentUser(request), request.params.id),
  );
}
