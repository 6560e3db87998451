// Terms of use versions (issue 32, point 5): the version in force and the next one announced (public, as the terms
// are), one version's text (public: the link in the announcement mail), and the administrators' list and publish.
import {
  termsDraftSchema,
  termsPublished,
  termsStateSchema,
  termsTextSchema,
  termsVersionList,
  termsVersionParams,
} from '@portal/shared';
import { ADMIN, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { listTermsVersions, publishTerms, termsState, termsText } from './terms.ts';

export default async function routes(app: ZApp) {
  const tags = ['auth'];

  app.get(
    '/terms/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The terms of use version in force and the next one announced',
        operationId: 'getTermsState',
        response: { 200: termsStateSchema },
      },
    },
    () => termsState(app.db),
  );

  app.get(
    '/terms/:version/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The text of one terms of use version in et, ru and en (null for the version shipped with the app)',
        operationId: 'getTermsText',
        params: termsVersionParams,
        response: { 200: termsTextSchema },
      },
    },
    (request) => termsText(app.db, request.params.version),
  );

  app.get(
    '/terms_versions/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Every published terms of use version, newest first',
        operationId: 'listTermsVersions',
        response: { 200: termsVersionList },
      },
    },
    () => listTermsVersions(app.db),
  );

  app.post(
    '/terms_versions/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary:
          'Publish a new terms of use version, effective at least 20 calendar days ahead; every active user is mailed',
        operationId: 'publishTermsVersion',
        body: termsDraftSchema,
        response: { 201: termsPublished },
      },
    },
    async (request, reply) => {
      const out = await publishTerms(app.db, currentUser(request), request.body);
      return reply.code(201).send(out);
    },
  );
}
