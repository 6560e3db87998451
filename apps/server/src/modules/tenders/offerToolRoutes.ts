// The supplier's offer tools on an ACTIVE tender (issue 34 points 1–3): the offer sheet to download and upload, the
// company's server-kept draft, and its last offers for the tender's parts. Supplier users with the offer rights only.
import multipart from '@fastify/multipart';
import {
  lastOfferList,
  noContent,
  offerDraft,
  offerDraftSaved,
  offerDraftWrite,
  SHEET_MAX_BYTES,
  sheetLangQuery,
  sheetReadResult,
} from '@portal/shared';
import { currentUser } from '../../lib/auth.ts';
import { invalid } from '../../lib/errors.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams } from '../../lib/list.ts';
import { fileAnswer, XLSX_TYPE } from '../../lib/openapi.ts';
import { viewerOf } from './access.ts';
import { onTenderEvents, type TenderHooks } from './lifecycle.ts';
import { discardDraft, dropTenderDrafts, lastOffers, readDraft, saveDraft } from './offerDrafts.ts';
import { buildOfferSheet, readOfferSheet } from './offerSheet.ts';

const SUPPLIER = ['SUPPLIER'] as const;

/** A cancelled tender's drafts go with it (its finish is handled by the scheduler hook). */
const draftHooks: TenderHooks = { canceled: (tx, tenderId) => dropTenderDrafts(tx, [tenderId]) };

export default async function routes(app: ZApp) {
  const tags = ['tenders'];
  onTenderEvents(app.db, draftHooks);
  await app.register(multipart, {
    limits: { fileSize: SHEET_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6 },
  });

  app.get(
    '/tenders/:id/offer_sheet/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: "Download the offer sheet (xlsx) of an ACTIVE tender's lines, in the caller's language",
        tags,
        params: idParams,
        querystring: sheetLangQuery,
        response: { 200: fileAnswer('the offer sheet to fill in', XLSX_TYPE) },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      const { body, name } = await buildOfferSheet(app.db, viewer, request.params.id, request.query.lang);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.post(
    '/tenders/:id/offer_sheet/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary:
          'Read a filled offer sheet (multipart field "file"): valid rows and per-cell errors; saves nothing',
        tags,
        params: idParams,
        querystring: sheetLangQuery,
        consumes: ['multipart/form-data'],
        response: { 200: sheetReadResult },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      if (!request.isMultipart()) throw invalid('file', 'required');
      let data: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (data) throw invalid('file', 'one_file_only');
          data = await part.toBuffer();
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', 'too_large');
        if (code === 'FST_FILES_LIMIT') throw invalid('file', 'one_file_only');
        if (code?.startsWith('FST_')) throw invalid('file', 'sheet_file_invalid');
        throw err;
      }
      if (!data?.length) throw invalid('file', 'required');
      return readOfferSheet(app.db, viewer, request.params.id, data, request.query.lang);
    },
  );

  app.get(
    '/tenders/:id/offer_draft/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: "The company's unsent offer draft on an ACTIVE tender (never an offer; buyers never see it)",
        tags,
        params: idParams,
        response: { 200: offerDraft },
      },
    },
    async (request) => readDraft(app.db, await viewerOf(app.db, currentUser(request)), request.params.id),
  );

  app.put(
    '/tenders/:id/offer_draft/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: "Replace the company's offer draft (an empty one deletes it)",
        tags,
        params: idParams,
        body: offerDraftWrite,
        response: { 200: offerDraftSaved },
      },
    },
    async (request) =>
      saveDraft(app.db, await viewerOf(app.db, currentUser(request)), request.params.id, request.body),
  );

  app.delete(
    '/tenders/:id/offer_draft/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: "Delete the company's offer draft",
        tags,
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await discardDraft(app.db, await viewerOf(app.db, currentUser(request)), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/tenders/:id/last_offers/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: "The company's own offer lines of the last tender it offered each of this tender's parts in",
        tags,
        params: idParams,
        response: { 200: lastOfferList },
      },
    },
    async (request) => lastOffers(app.db, await viewerOf(app.db, currentUser(request)), request.params.id),
  );
}
