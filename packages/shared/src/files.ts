// File service contract (spec 3 §5, §7): the answers (the accepted extensions, chunk size and size limit are in
// fileTypes.ts).
import { z } from 'zod';
import { FILE_MAX_BYTES, THUMBNAIL_MAX, THUMBNAIL_SIZES, UPLOAD_CHUNK_BYTES } from './fileTypes.ts';

/** POST chunks_done answer. */
export const uploadedFile = z.object({
  uuid: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  fileType: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** A file as lists and parts show it. */
export const fileData = z.object({
  uuid: z.string(),
  file_name: z.string(),
  file_type: z.string(),
  file_size: z.number(),
});
export type FileData = z.infer<typeof fileData>;

// ---------------------------------------------------------------- upload requests and file parameters

/** The most chunks one file can have. */
export const UPLOAD_MAX_CHUNKS = Math.ceil(FILE_MAX_BYTES / UPLOAD_CHUNK_BYTES);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A file's uuid (any case; lower-cased). */
export const uuidString = z
  .string()
  .regex(UUID, 'invalid_uuid')
  .transform((s) => s.toLowerCase());
/** A form field holding a whole number in min..max, refused with `key`. */
const intString = (key: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,12}$/, key)
    .transform(Number)
    .refine((n) => n >= min && n <= max, key);

/** The form fields Dropzone sends with every chunk (POST upload, multipart). */
export const chunkFields = z.object({
  dzuuid: uuidString,
  dzchunkindex: intString('invalid_chunk_index', 0, UPLOAD_MAX_CHUNKS - 1),
  dztotalchunkcount: intString('invalid_chunk_count', 1, UPLOAD_MAX_CHUNKS),
  dztotalfilesize: intString('file_too_large', 1, FILE_MAX_BYTES),
  dzchunksize: intString('chunk_size_invalid', UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES),
  dzchunkbyteoffset: intString('chunk_offset_invalid', 0, FILE_MAX_BYTES),
});
export type ChunkFields = z.output<typeof chunkFields>;

/** POST chunks_done (a form or JSON). */
export const chunksDone = z.object({
  dzuuid: uuidString,
  filename: z.string().max(1000, 'file_name_invalid'),
  dztotalchunkcount: z.coerce
    .number()
    .int('invalid_chunk_count')
    .min(1, 'invalid_chunk_count')
    .max(UPLOAD_MAX_CHUNKS, 'invalid_chunk_count'),
  dztotalfilesize: z.coerce
    .number()
    .int('file_too_large')
    .min(1, 'file_too_large')
    .max(FILE_MAX_BYTES, 'file_too_large'),
  access: z.enum(['public', 'private'], 'invalid_choice').optional(),
});
export type ChunksDone = z.output<typeof chunksDone>;

/** A thumbnail's width or height: one of THUMBNAIL_SIZES. */
export const thumbnailSize = z
  .string()
  .regex(/^\d{1,4}$/, 'invalid_size')
  .transform(Number)
  .refine(
    (n) => n >= 1 && n <= THUMBNAIL_MAX && (THUMBNAIL_SIZES as readonly number[]).includes(n),
    'invalid_size',
  );

/** GET get/{uuid}, DELETE delete/{uuid} parameters. */
export const fileUuidParams = z.object({ uuid: uuidString });
/** GET thumbnail/{w}/{h}/{uuid} parameters. */
export const thumbnailParams = z.object({ w: thumbnailSize, h: thumbnailSize, uuid: uuidString });
