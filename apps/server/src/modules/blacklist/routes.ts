// Blacklist (spec 3 §7): Administrator and Contractor, as the setup menu shows it to them only; writing also needs the
// able-to-blacklist permission (checked in the service). Suppliers and Masters are refused.
import {
  type BlacklistItem,
  blacklistCreate,
  blacklistDetail,
  blacklistItem,
  blacklistListQuery,
  blacklistPartLookupQuery,
  blacklistPartOptionList,
  blacklistPatch,
  blacklistPdfQuery,
  PART_LOOKUP_SIZE,
} from '@portal/shared';
import { ADMIN_CONTRACTOR, currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import { fileAnswer, PDF_TYPE } from '../../lib/openapi.ts';
import { blacklistPdf, type PdfLang } from './pdf.ts';
import {
  blacklistPartOptions,
  createBlacklist,
  getBlacklist,
  listBlacklists,
  updateBlacklist,
} from './service.ts';

export default async function routes(app: ZApp) {
  const tags = ['blacklist'];
  const access = ADMIN_CONTRACTOR;

  app.get(
    '/black_lists/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'List live blacklist entries.',
        operationId: 'listBlacklists',
        querystring: blacklistListQuery,
        response: { 200: paged(blacklistItem) },
      },
    },
    (request) => listBlacklists(app.db, request.query),
  );
  app.get(
    '/black_lists/parts/',
    {
      config: { access },
      schema: {
        tags,
        summary: `Parts whose code contains the text and that have no live blacklist entry (at most ${PART_LOOKUP_SIZE}).`,
        operationId: 'blacklistPartOptions',
        querystring: blacklistPartLookupQuery,
        response: { 200: blacklistPartOptionList },
      },
    },
    (request) => blacklistPartOptions(app.db, request.query.code__icontains ?? '', request.query.black_list),
  );
  app.get(
    '/black_lists/export_pdf/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The listed (or the selected, with ids) blacklist entries as a PDF file.',
        operationId: 'exportBlacklistPdf',
        response: { 200: fileAnswer('the blacklist entries as a PDF', PDF_TYPE) },
        querystring: blacklistPdfQuery,
      },
    },
    async (request, reply) => {
      const { lang, ...query } = request.query;
      const rows = (await listBlacklists(app.db, { ...query, page_size: 0 })) as BlacklistItem[];
      const language =
        lang ??
        (['et', 'ru', 'en'].includes(currentUser(request).language) ? currentUser(request).language : 'et');
      return reply
        .header('content-type', PDF_TYPE)
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="blacklist.pdf"')
        .send(await blacklistPdf(rows, language as PdfLang));
    },
  );
  app.get(
    '/black_lists/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Read one blacklist entry with its change log.',
        operationId: 'getBlacklist',
        params: idParams,
        response: { 200: blacklistDetail },
      },
    },
    (request) => getBlacklist(app.db, request.params.id),
  );
  app.post(
    '/black_lists/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Blacklist producers for a part, with a reason.',
        operationId: 'createBlacklist',
        body: blacklistCreate,
        response: { 201: blacklistDetail },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBlacklist(app.db, currentUser(request), request.body)),
  );
  app.patch(
    '/black_lists/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change a blacklist entry, or delete it (is_deleted true).',
        operationId: 'updateBlacklist',
        params: idParams,
        body: blacklistPatch,
        response: { 200: blacklistDetail },
      },
    },
    (request) => updateBlacklist(app.db, currentUser(request), request.params.id, request.body),
  );
}
