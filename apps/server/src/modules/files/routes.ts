// File service routes (spec 3 §7 "File service"): Dropzone chunk upload, chunks_done, get, thumbnail, delete.
// Buyers upload and delete (the pre-order form and the parts list are theirs); public files are read by uuid.
import { createReadStream } from 'node:fs';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import {
  chunkFields,
  chunksDone,
  fileUuidParams,
  noContent,
  okAnswer,
  thumbnailParams,
  UPLOAD_CHUNK_BYTES,
  uploadedFile,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import { ADMIN_CONTRACTOR, currentUser } from '../../lib/auth.ts';
import { invalid } from '../../lib/errors.ts';
import type { ZApp } from '../../lib/http.ts';
import { fileAnswer } from '../../lib/openapi.ts';
import { SERVED_TYPES } from './magic.ts';
import {
  deleteFile,
  FileStore,
  finishUpload,
  parseOr400,
  readableFile,
  receiveChunk,
  sweepUploads,
  thumbnail,
} from './service.ts';

const SWEEP_EVERY_MS = 3600_000;

/** Reads a multipart form: its text fields and at most one file (held in memory: a chunk is ≤ 500000 bytes). */
async function readForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw invalid('file', 'one_file_only');
        file = { filename: part.filename ?? '', data: await part.toBuffer() };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', 'chunk_size_invalid');
    if (code === 'FST_FILES_LIMIT') throw invalid('file', 'one_file_only');
    if (code?.startsWith('FST_')) throw invalid('non_field_errors', 'invalid_form');
    throw err;
  }
  return { fields, file };
}

export default async function routes(app: ZApp) {
  const tags = ['files'];
  const store = new FileStore(app.config.DATA_DIR);

  await app.register(multipart, {
    preservePath: true, // a name with a path is refused, not silently cut to its last part
    limits: { fileSize: UPLOAD_CHUNK_BYTES, files: 1, fields: 20, fieldSize: 2000, parts: 21 },
  });
  await app.register(formbody, { bodyLimit: 10_000 });

  // Unfinished uploads are swept at start and every hour on each replica (removal is idempotent).
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    const sweep = () => sweepUploads(store).catch((err) => app.log.warn({ err }, 'upload sweep failed'));
    void sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  app.post(
    '/upload/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Receives one chunk of a Dropzone upload (multipart form: file and dz* fields).',
        operationId: 'uploadChunk',
        consumes: ['multipart/form-data'],
        response: { 200: okAnswer },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw invalid('file', 'required');
      const { fields, file } = await readForm(request);
      const f = parseOr400(chunkFields, fields);
      if (!file) throw invalid('file', 'required');
      await receiveChunk(store, user, f, file);
      return { ok: true as const };
    },
  );

  app.post(
    '/chunks_done/',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Assembles a finished chunked upload into a file and answers its uuid, name, size and type.',
        operationId: 'finishUpload',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        response: { 200: uploadedFile },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const raw = request.isMultipart() ? (await readForm(request)).fields : (request.body ?? {});
      return finishUpload(app.db, store, user, parseOr400(chunksDone, raw));
    },
  );

  app.get(
    '/get/:uuid',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Answers a file’s bytes (public files by uuid; private ones to signed-in buyers).',
        operationId: 'getFile',
        params: fileUuidParams,
        response: { 200: fileAnswer('the file as stored, under its type', ...SERVED_TYPES) },
      },
    },
    async (request, reply) => {
      const { row, path } = await readableFile(app.db, store, request.params.uuid, request.user);
      const inline = /^image\/(jpeg|png)$|^application\/pdf$/.test(row.fileType);
      return reply
        .type(row.fileType)
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
        )
        .header('cache-control', row.isPublic ? 'public, max-age=86400, immutable' : 'private, max-age=3600')
        .header('content-length', String(row.fileSize))
        .send(createReadStream(path));
    },
  );

  app.get(
    '/thumbnail/:w/:h/:uuid',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Answers an image file resized to fit w×h pixels (made once, then kept).',
        operationId: 'getThumbnail',
        params: thumbnailParams,
        response: { 200: fileAnswer('the image resized', 'image/jpeg', 'image/png') },
      },
    },
    async (request, reply) => {
      const { w, h, uuid } = request.params;
      const t = await thumbnail(app.db, store, uuid, w, h, request.user);
      return reply
        .type(t.type)
        .header('cache-control', t.isPublic ? 'public, max-age=86400, immutable' : 'private, max-age=3600')
        .send(createReadStream(t.path));
    },
  );

  app.delete(
    '/delete/:uuid',
    {
      config: { access: ADMIN_CONTRACTOR },
      schema: {
        tags,
        summary: 'Deletes a file, its part links and its thumbnails.',
        operationId: 'deleteFile',
        params: fileUuidParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteFile(app.db, store, request.params.uuid);
      return reply.code(204).send(null);
    },
  );
}
