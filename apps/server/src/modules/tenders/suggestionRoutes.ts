// The evaluation's helpers (issue 33): award suggestions of a tender and the price history of a part (buyers).
// Rules in suggestions.ts (with the shared rules/suggest.ts) and priceHistory.ts.
import { awardSuggestion, priceHistory } from '@portal/shared';
import { z } from 'zod';
import { BUYERS, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams } from '../../lib/list.ts';
import { partPriceHistory } from './priceHistory.ts';
import { awardSuggestions } from './suggestions.ts';

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
        response: { 200: z.array(awardSuggestion) },
      },
    },
    (request) => awardSuggestions(app.db, currentUser(request), request.params.id),
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
