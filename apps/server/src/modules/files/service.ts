// File service (spec 3 §5, §7): chunked uploads in Dropzone's format, assembly, download, thumbnails, delete,
// and the sweep of unfinished uploads.
//
// Disk layout under DATA_DIR/files (shared by every replica, see docs/operations.md):
//   <uuid>                      a finished file (the database row `files` names it)
//   .uploads/<dzuuid>/meta.json an upload in progress: who, what, how big (written with chunk 0)
//   .uploads/<dzuuid>/<index>   its chunks, each written to a temporary name and linked into place
//   .thumbs/<uuid>/<w>x<h>      cached thumbnails
//   .tmp-*                      files being assembled or resized; renamed into place when complete
// A file becomes visible only by an atomic rename after every check, so a half-finished upload never becomes a
// file; what is left of one is swept after a day.
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type ChunkFields,
  type ChunksDone,
  type FileAccess,
  fileExtension,
  OPEN_UPLOADS_MAX,
  UPLOAD_EXTENSIONS,
  type UploadExtension,
  type UploadedFile,
} from '@portal/shared';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { isSupplier, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import {
  AppError,
  badRequest,
  forbidden,
  invalid,
  notFound,
  unauthorized,
  zodIssuesToFieldErrors,
} from '../../lib/errors.ts';
import { bytesMatchExtension, contentTypeOf, MAGIC_HEAD_BYTES } from './magic.ts';

sharp.cache(false); // thumbnails are cached on disk; keep the process's memory flat

/** An unfinished upload (or a stray temporary file) older than this is removed by the sweep. */
export const UPLOAD_MAX_AGE_MS = 24 * 3600_000;

// ---------------------------------------------------------------- names

/**
 * A file name as stored and shown: no directory part, no control characters, at most 200 characters.
 * A name that carries a path ("../x.png", "C:\\x.png", "a/b.pdf") is refused rather than guessed at.
 */
export function cleanFileName(raw: string): string | null {
  const name = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!name || name.length > 200) return null;
  if (/[/\\]/.test(name) || /\p{Cc}/u.test(name)) return null;
  if (name === '.' || name === '..' || name.startsWith('.')) return null;
  return name;
}

function extensionOf(name: string): UploadExtension | null {
  const ext = fileExtension(name);
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? (ext as UploadExtension) : null;
}

/** Checks a name: 400 file_name_invalid or file_extension_not_allowed. */
function checkedName(raw: string, field: string): { name: string; ext: UploadExtension } {
  const name = cleanFileName(raw);
  if (!name) throw invalid(field, 'file_name_invalid');
  const ext = extensionOf(name);
  if (!ext) throw invalid(field, 'file_extension_not_allowed');
  return { name, ext };
}

// ---------------------------------------------------------------- disk

export class FileStore {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'files');
  }
  get uploads() {
    return path.join(this.root, '.uploads');
  }
  get thumbs() {
    return path.join(this.root, '.thumbs');
  }
  uploadDir(dzuuid: string) {
    return path.join(this.uploads, dzuuid);
  }
  filePath(uuid: string) {
    return path.join(this.root, uuid);
  }
  thumbDir(uuid: string) {
    return path.join(this.thumbs, uuid);
  }
  tmp(dir = this.root) {
    return path.join(dir, `.tmp-${crypto.randomBytes(8).toString('hex')}`);
  }
}

interface UploadMeta {
  user: number;
  name: string;
  ext: UploadExtension;
  total: number;
  count: number;
}

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );
const isCode = (err: unknown, code: string) => (err as NodeJS.ErrnoException)?.code === code;

async function readMeta(store: FileStore, dzuuid: string): Promise<UploadMeta | null> {
  try {
    return JSON.parse(
      await fs.readFile(path.join(store.uploadDir(dzuuid), 'meta.json'), 'utf8'),
    ) as UploadMeta;
  } catch {
    return null;
  }
}

/** How many unfinished uploads a user has (their meta.json names him); the sweep removes the stale ones. */
async function openUploadsOf(store: FileStore, userId: number) {
  let names: string[];
  try {
    names = await fs.readdir(store.uploads);
  } catch {
    return 0;
  }
  let n = 0;
  for (const name of names) if ((await readMeta(store, name))?.user === userId) n += 1;
  return n;
}

/** Writes bytes under a temporary name and links them into place: fails with EEXIST instead of overwriting. */
async function writeOnce(dir: string, name: string, data: Buffer | string) {
  const tmp = path.join(dir, `.tmp-${crypto.randomBytes(6).toString('hex')}`);
  await fs.writeFile(tmp, data, { flag: 'wx' });
  try {
    await fs.link(tmp, path.join(dir, name));
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

// ---------------------------------------------------------------- upload

/**
 * POST /upload/: one chunk. Chunks come one after another (index 0, 1, …); a chunk out of order, repeated or of
 * the wrong size is refused and nothing of it is kept. Chunk 0 fixes the upload's owner, name and size, and its
 * first bytes must match the extension.
 */
export async function receiveChunk(
  store: FileStore,
  user: SessionUser,
  f: ChunkFields,
  chunk: { filename: string; data: Buffer },
) {
  const { name, ext } = checkedName(chunk.filename, 'file');
  if (f.dztotalchunkcount !== Math.ceil(f.dztotalfilesize / f.dzchunksize))
    throw invalid('dztotalchunkcount', 'invalid_chunk_count');
  if (f.dzchunkindex >= f.dztotalchunkcount) throw invalid('dzchunkindex', 'invalid_chunk_index');
  if (f.dzchunkbyteoffset !== f.dzchunkindex * f.dzchunksize)
    throw invalid('dzchunkbyteoffset', 'chunk_offset_invalid');
  const last = f.dzchunkindex === f.dztotalchunkcount - 1;
  const expected = last ? f.dztotalfilesize - f.dzchunkbyteoffset : f.dzchunksize;
  if (chunk.data.length !== expected) throw invalid('file', 'chunk_size_invalid');

  const dir = store.uploadDir(f.dzuuid);
  if (f.dzchunkindex === 0) {
    if (!bytesMatchExtension(ext, chunk.data.subarray(0, MAGIC_HEAD_BYTES)))
      throw invalid('file', 'file_content_mismatch');
    await fs.mkdir(store.uploads, { recursive: true });
    if ((await openUploadsOf(store, user.id)) >= OPEN_UPLOADS_MAX) throw invalid('file', 'too_many_uploads');
    try {
      await fs.mkdir(dir);
    } catch (err) {
      if (isCode(err, 'EEXIST')) throw invalid('dzchunkindex', 'chunk_repeated');
      throw err;
    }
    const meta: UploadMeta = {
      user: user.id,
      name,
      ext,
      total: f.dztotalfilesize,
      count: f.dztotalchunkcount,
    };
    try {
      await writeOnce(dir, 'meta.json', JSON.stringify(meta));
      await writeOnce(dir, '0', chunk.data);
    } catch (err) {
      await fs.rm(dir, { recursive: true, force: true });
      throw err;
    }
    return;
  }

  const meta = await readMeta(store, f.dzuuid);
  // Without chunk 0 there is no upload: this chunk is out of order (or belongs to someone else's upload).
  if (!meta || meta.user !== user.id) throw invalid('dzchunkindex', 'chunk_out_of_order');
  if (meta.total !== f.dztotalfilesize || meta.count !== f.dztotalchunkcount || meta.ext !== ext)
    throw invalid('dzuuid', 'upload_mismatch');
  if (await exists(path.join(dir, String(f.dzchunkindex)))) throw invalid('dzchunkindex', 'chunk_repeated');
  if (!(await exists(path.join(dir, String(f.dzchunkindex - 1)))))
    throw invalid('dzchunkindex', 'chunk_out_of_order');
  try {
    await writeOnce(dir, String(f.dzchunkindex), chunk.data);
  } catch (err) {
    if (isCode(err, 'EEXIST')) throw invalid('dzchunkindex', 'chunk_repeated');
    if (isCode(err, 'ENOENT')) throw invalid('dzuuid', 'upload_not_found'); // swept or finished meanwhile
    throw err;
  }
}

/**
 * POST /chunks_done/: checks that every chunk is there with the announced sizes, assembles them under a
 * temporary name, checks the bytes again and renames the result into place; then records it. Any failure leaves
 * no file behind.
 */
export async function finishUpload(db: Db, store: FileStore, user: SessionUser, body: ChunksDone) {
  const { name, ext } = checkedName(body.filename, 'filename');
  const meta = await readMeta(store, body.dzuuid);
  if (!meta || meta.user !== user.id) throw invalid('dzuuid', 'upload_not_found');
  if (meta.ext !== ext) throw invalid('filename', 'file_content_mismatch');
  if (meta.total !== body.dztotalfilesize || meta.count !== body.dztotalchunkcount)
    throw invalid('dzuuid', 'upload_mismatch');
  const dir = store.uploadDir(body.dzuuid);
  let sum = 0;
  for (let i = 0; i < meta.count; i++) {
    const st = await fs.stat(path.join(dir, String(i))).catch(() => null);
    if (!st) throw invalid('dztotalchunkcount', 'chunk_missing');
    sum += st.size;
  }
  if (sum !== meta.total) throw invalid('dztotalfilesize', 'chunk_missing');

  // Claim the upload (a second chunks_done for it finds nothing), then assemble.
  const claimed = `${dir}.assembling-${crypto.randomBytes(4).toString('hex')}`;
  try {
    await fs.rename(dir, claimed);
  } catch {
    throw invalid('dzuuid', 'upload_not_found');
  }
  const uuid = crypto.randomUUID();
  const tmp = store.tmp();
  const final = store.filePath(uuid);
  try {
    const out = createWriteStream(tmp, { flags: 'wx' });
    await pipeline(async function* () {
      for (let i = 0; i < meta.count; i++) yield await fs.readFile(path.join(claimed, String(i)));
    }, out);
    const st = await fs.stat(tmp);
    const head = Buffer.alloc(Math.min(MAGIC_HEAD_BYTES, st.size));
    const fh = await fs.open(tmp, 'r');
    try {
      await fh.read(head, 0, head.length, 0);
    } finally {
      await fh.close();
    }
    if (st.size !== meta.total) throw invalid('dztotalfilesize', 'chunk_missing');
    if (!bytesMatchExtension(ext, head)) throw invalid('filename', 'file_content_mismatch');
    await fs.rename(tmp, final);
    const fileType = contentTypeOf(ext);
    try {
      await db.insert(files).values({
        uuid,
        fileName: name,
        fileType,
        fileSize: st.size,
        isPublic: (body.access ?? 'public') === 'public',
        uploadedBy: user.id,
        created: now(),
      });
    } catch (err) {
      await fs.rm(final, { force: true });
      throw err;
    }
    return { uuid, fileName: name, fileSize: st.size, fileType } satisfies UploadedFile;
  } finally {
    await fs.rm(tmp, { force: true });
    await fs.rm(claimed, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- read, thumbnails, delete

export type FileRow = typeof files.$inferSelect;

/**
 * A file and whether this caller may read it. Public files (the default, spec: chunks_done sends access public)
 * are read by anyone holding the uuid: a random 122-bit name, so it works as a capability link in <img> tags that
 * carry no token. Private files need a signed-in buyer.
 */
export async function readableFile(db: Db, store: FileStore, uuid: string, user: SessionUser | null) {
  const [row] = await db.select().from(files).where(eq(files.uuid, uuid));
  if (!row) throw notFound();
  if (!row.isPublic) {
    if (!user) throw unauthorized();
    if (isSupplier(user)) throw forbidden();
  }
  const p = store.filePath(uuid);
  if (!(await exists(p))) throw notFound();
  return { row, path: p };
}

/** A resized copy (inside w×h, never enlarged), made once per size and kept on disk. */
export async function thumbnail(
  db: Db,
  store: FileStore,
  uuid: string,
  w: number,
  h: number,
  user: SessionUser | null,
) {
  const { row, path: src } = await readableFile(db, store, uuid, user);
  const jpeg = row.fileType === 'image/jpeg';
  if (!jpeg && row.fileType !== 'image/png') throw new AppError(404, { detail: 'not_an_image' });
  const dir = store.thumbDir(uuid);
  const cached = path.join(dir, `${w}x${h}`);
  const type = jpeg ? 'image/jpeg' : 'image/png';
  // A private image's thumbnail is as private as the image (its cache header follows `isPublic`).
  if (await exists(cached)) return { path: cached, type, isPublic: row.isPublic };
  await fs.mkdir(dir, { recursive: true });
  const tmp = store.tmp(dir);
  try {
    let img = sharp(src, { failOn: 'error' })
      .rotate()
      .resize({ width: w, height: h, fit: 'inside', withoutEnlargement: true });
    img = jpeg ? img.jpeg({ quality: 80, mozjpeg: true }) : img.png({ compressionLevel: 9 });
    await img.toFile(tmp);
    await fs.rename(tmp, cached);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    if (err instanceof AppError) throw err;
    throw new AppError(404, { detail: 'not_an_image' }); // bytes that start like an image but do not decode
  }
  return { path: cached, type, isPublic: row.isPublic };
}

/** DELETE /delete/{uuid}: the row (and with it the part links), the bytes and the thumbnails. */
export async function deleteFile(db: Db, store: FileStore, uuid: string) {
  const gone = await db.delete(files).where(eq(files.uuid, uuid)).returning({ uuid: files.uuid });
  if (!gone.length) throw notFound();
  await fs.rm(store.filePath(uuid), { force: true });
  await fs.rm(store.thumbDir(uuid), { recursive: true, force: true });
}

/** Rows for these uuids (unknown ones are left out). */
export async function filesByUuid(db: Db, uuids: string[]) {
  if (!uuids.length) return [];
  return db.select().from(files).where(inArray(files.uuid, uuids));
}

// ---------------------------------------------------------------- sweep

/**
 * Removes unfinished uploads (no chunk for a day), interrupted assemblies and stray temporary files older than
 * `maxAgeMs`. Safe to run on every replica at once (removals of what is already gone are ignored).
 */
export async function sweepUploads(store: FileStore, maxAgeMs = UPLOAD_MAX_AGE_MS): Promise<number> {
  const before = now().getTime() - maxAgeMs;
  let removed = 0;
  const sweepDir = async (dir: string, match: (name: string) => boolean) => {
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      return;
    }
    for (const n of names) {
      if (!match(n)) continue;
      const p = path.join(dir, n);
      const st = await fs.stat(p).catch(() => null);
      if (!st || st.mtimeMs >= before) continue;
      await fs.rm(p, { recursive: true, force: true });
      removed++;
    }
  };
  await sweepDir(store.uploads, () => true);
  await sweepDir(store.root, (n) => n.startsWith('.tmp-'));
  let thumbDirs: string[] = [];
  try {
    thumbDirs = await fs.readdir(store.thumbs);
  } catch {}
  for (const d of thumbDirs) await sweepDir(path.join(store.thumbs, d), (n) => n.startsWith('.tmp-'));
  return removed;
}

/** Parses form fields that skipped route validation (multipart): 400 with message keys, like route validation. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(zodIssuesToFieldErrors(r.error.issues));
  return r.data;
}

export type { FileAccess };
