// File service: Dropzone chunked upload of a real multi-chunk image, assembly, download, thumbnails, delete,
// access per role, and every bad upload refused with nothing half-written left on disk or in the database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { OPEN_UPLOADS_MAX, UPLOAD_CHUNK_BYTES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { type Role, testContext } from '../../test/context.ts';
import { FileStore, sweepUploads } from './service.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
const ctx = await testContext({ DATA_DIR: dataDir });
const store = new FileStore(dataDir);

/** A multipart/form-data body (fields first, then the file, as Dropzone sends it). */
export function multipartBody(
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer },
) {
  const boundary = `----portal${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function chunkForm(dzuuid: string, data: Buffer, index: number, name: string, total = data.length) {
  const count = Math.ceil(total / UPLOAD_CHUNK_BYTES);
  const offset = index * UPLOAD_CHUNK_BYTES;
  return multipartBody(
    {
      dzuuid,
      dzchunkindex: index,
      dztotalchunkcount: count,
      dztotalfilesize: total,
      dzchunksize: UPLOAD_CHUNK_BYTES,
      dzchunkbyteoffset: offset,
    },
    { name, data: data.subarray(offset, offset + UPLOAD_CHUNK_BYTES) },
  );
}

const sendChunk = (role: Role | null, dzuuid: string, data: Buffer, index: number, name: string) =>
  ctx.as(role, { method: 'POST', url: '/api/upload/', ...chunkForm(dzuuid, data, index, name) });

const done = (
  role: Role | null,
  dzuuid: string,
  name: string,
  size: number,
  extra: Record<string, string> = {},
) =>
  ctx.as(role, {
    method: 'POST',
    url: '/api/chunks_done/',
    ...multipartBody({
      dzuuid,
      filename: name,
      dztotalchunkcount: Math.ceil(size / UPLOAD_CHUNK_BYTES),
      dztotalfilesize: size,
      access: 'public',
      ...extra,
    }),
  });

/** Uploads a whole file as admin; answers chunks_done's JSON. */
async function upload(data: Buffer, name: string, role: Role = 'admin') {
  const dzuuid = crypto.randomUUID();
  for (let i = 0; i < Math.ceil(data.length / UPLOAD_CHUNK_BYTES); i++) {
    const r = await sendChunk(role, dzuuid, data, i, name);
    expect(r.statusCode, r.body).toBe(200);
  }
  const res = await done(role, dzuuid, name, data.length);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { uuid: string; fileName: string; fileSize: number; fileType: string };
}

/** A noisy 800×600 PNG: incompressible, so well above one 500000-byte chunk. */
async function bigPng() {
  const raw = crypto.randomBytes(800 * 600 * 3);
  return sharp(raw, { raw: { width: 800, height: 600, channels: 3 } })
    .png()
    .toBuffer();
}
const smallPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Everything on disk under files/ except finished files (i.e. leftovers of uploads). */
function leftovers() {
  const out: string[] = [];
  const uploads = store.uploads;
  if (fs.existsSync(uploads)) out.push(...fs.readdirSync(uploads).map((n) => `.uploads/${n}`));
  if (fs.existsSync(store.root)) out.push(...fs.readdirSync(store.root).filter((n) => n.startsWith('.tmp-')));
  return out;
}
const fileRows = async () => (await ctx.db.select({ uuid: files.uuid }).from(files)).length;

describe('chunked upload', () => {
  it('assembles a real multi-chunk PNG, serves it byte for byte and makes a cached thumbnail', async () => {
    const png = await bigPng();
    expect(png.length).toBeGreaterThan(2 * UPLOAD_CHUNK_BYTES);
    const f = await upload(png, 'Pidurikettad esikülg.png');
    expect(f).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fileName: 'Pidurikettad esikülg.png',
      fileSize: png.length,
      fileType: 'image/png',
    });
    expect(leftovers()).toEqual([]);

    // Public files are read without a token (the <img> tags of the screens carry none).
    const got = await ctx.as(null, { method: 'GET', url: `/api/get/${f.uuid}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);

    const th = await ctx.as(null, { method: 'GET', url: `/api/thumbnail/240/240/${f.uuid}` });
    expect(th.statusCode).toBe(200);
    expect(th.headers['content-type']).toBe('image/png');
    const meta = await sharp(th.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([240, 180]);
    expect(fs.existsSync(path.join(store.thumbDir(f.uuid), '240x240'))).toBe(true);
    // The second call is answered from the disk cache with the same bytes.
    const again = await ctx.as('supplier', { method: 'GET', url: `/api/thumbnail/240/240/${f.uuid}` });
    expect(again.rawPayload.equals(th.rawPayload)).toBe(true);
    expect(th.headers['cache-control']).toBe('public, max-age=86400, immutable');
    // Only the few sizes the screens use are made and kept (any other is a 400, nothing written).
    for (const size of ['1000/1000', '239/240']) {
      const other = await ctx.as(null, { method: 'GET', url: `/api/thumbnail/${size}/${f.uuid}` });
      expect(other.statusCode, size).toBe(400);
    }
    expect(fs.readdirSync(store.thumbDir(f.uuid))).toEqual(['240x240']);
    // Never enlarged.
    const big = await ctx.as(null, { method: 'GET', url: `/api/thumbnail/480/480/${f.uuid}` });
    expect((await sharp(big.rawPayload).metadata()).width).toBe(480);
  });

  it('stores a one-chunk PDF as a document (no thumbnail) and answers it as an inline download', async () => {
    const f = await upload(PDF, 'Paigaldusjuhend.pdf', 'contractor');
    expect(f.fileType).toBe('application/pdf');
    const got = await ctx.as(null, { method: 'GET', url: `/api/get/${f.uuid}` });
    expect(got.headers['content-disposition']).toBe("inline; filename*=UTF-8''Paigaldusjuhend.pdf");
    const th = await ctx.as(null, { method: 'GET', url: `/api/thumbnail/120/120/${f.uuid}` });
    expect(th.statusCode).toBe(404);
    expect(th.json()).toEqual({ detail: 'not_an_image' });
  });

  it('answers a text document intact, also when the client accepts gzip', async () => {
    const text = Buffer.from(`kood;nimetus;kogus\n${'0000011104;Kütuse eelfilter;4\n'.repeat(200)}`);
    const f = await upload(text, 'hinnakiri.csv');
    expect(f.fileType).toBe('text/csv');
    const plain = await ctx.as(null, { method: 'GET', url: `/api/get/${f.uuid}` });
    expect(plain.rawPayload.equals(text)).toBe(true);
    expect(plain.headers['content-disposition']).toBe("attachment; filename*=UTF-8''hinnakiri.csv");
    const zipped = await ctx.as(null, {
      method: 'GET',
      url: `/api/get/${f.uuid}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    const body =
      zipped.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(zipped.rawPayload) : zipped.rawPayload;
    expect(body.equals(text)).toBe(true);
  });

  it('keeps private files from anonymous callers and suppliers', async () => {
    const png = await smallPng();
    const dzuuid = crypto.randomUUID();
    expect((await sendChunk('admin', dzuuid, png, 0, 'secret.png')).statusCode).toBe(200);
    const res = await done('admin', dzuuid, 'secret.png', png.length, { access: 'private' });
    const { uuid } = res.json();
    expect((await ctx.as(null, { method: 'GET', url: `/api/get/${uuid}` })).statusCode).toBe(401);
    expect((await ctx.as('supplier', { method: 'GET', url: `/api/get/${uuid}` })).statusCode).toBe(403);
    expect((await ctx.as('master', { method: 'GET', url: `/api/get/${uuid}` })).statusCode).toBe(200);
    expect((await ctx.as(null, { method: 'GET', url: `/api/thumbnail/120/120/${uuid}` })).statusCode).toBe(
      401,
    );
    // A private image's thumbnail is not for shared caches.
    const th = await ctx.as('master', { method: 'GET', url: `/api/thumbnail/120/120/${uuid}` });
    expect(th.statusCode).toBe(200);
    expect(th.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('caps the unfinished uploads of one user', async () => {
    // Two chunks each; only the first is sent, so every upload stays unfinished.
    const big = Buffer.concat([await smallPng(), Buffer.alloc(UPLOAD_CHUNK_BYTES)]);
    const first = (dzuuid: string) =>
      ctx.as('contractor', { method: 'POST', url: '/api/upload/', ...chunkForm(dzuuid, big, 0, 'osa.png') });
    const open: string[] = [];
    for (let i = 0; i < OPEN_UPLOADS_MAX; i++) {
      const dzuuid = crypto.randomUUID();
      open.push(dzuuid);
      const res = await first(dzuuid);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await first(crypto.randomUUID());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ file: ['too_many_uploads'] });
    // Another user is not held back by them.
    const other = crypto.randomUUID();
    expect((await sendChunk('admin', other, big, 0, 'muu.png')).statusCode).toBe(200);
    for (const id of [...open, other]) fs.rmSync(store.uploadDir(id), { recursive: true, force: true });
    expect(leftovers()).toEqual([]);
  });

  it('deletes a file with its thumbnails; a second delete is 404', async () => {
    const f = await upload(await smallPng(), 'kustuta.png');
    await ctx.as(null, { method: 'GET', url: `/api/thumbnail/120/120/${f.uuid}` });
    let res = await ctx.as('supplier', { method: 'DELETE', url: `/api/delete/${f.uuid}` });
    expect(res.statusCode).toBe(403);
    res = await ctx.as('master', { method: 'DELETE', url: `/api/delete/${f.uuid}` });
    expect(res.statusCode).toBe(403);
    res = await ctx.as('admin', { method: 'DELETE', url: `/api/delete/${f.uuid}` });
    expect(res.statusCode).toBe(204);
    expect(fs.existsSync(store.filePath(f.uuid))).toBe(false);
    expect(fs.existsSync(store.thumbDir(f.uuid))).toBe(false);
    expect((await ctx.as(null, { method: 'GET', url: `/api/get/${f.uuid}` })).statusCode).toBe(404);
    res = await ctx.as('admin', { method: 'DELETE', url: `/api/delete/${f.uuid}` });
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 to anonymous and 403 to suppliers and masters for upload and chunks_done', async () => {
    const png = await smallPng();
    const id = crypto.randomUUID();
    expect((await sendChunk(null, id, png, 0, 'a.png')).statusCode).toBe(401);
    for (const role of ['supplier', 'employee', 'master'] as const) {
      expect((await sendChunk(role, id, png, 0, 'a.png')).statusCode).toBe(403);
      expect((await done(role, id, 'a.png', png.length)).statusCode).toBe(403);
    }
    expect(leftovers()).toEqual([]);
  });

  it('refuses bad path values with 400', async () => {
    for (const url of [
      '/api/get/not-a-uuid',
      `/api/thumbnail/0/10/${crypto.randomUUID()}`,
      `/api/thumbnail/10/99999/${crypto.randomUUID()}`,
    ]) {
      const res = await ctx.as(null, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
    const res = await ctx.as(null, { method: 'GET', url: `/api/get/${crypto.randomUUID()}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('bad uploads are refused and leave nothing behind', () => {
  async function expectRefused(res: { statusCode: number; json(): unknown }, body: unknown) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  }

  it('a wrong extension', async () => {
    const before = await fileRows();
    const exe = Buffer.from('MZ\x90\x00 this is not a document');
    await expectRefused(await sendChunk('admin', crypto.randomUUID(), exe, 0, 'tool.exe'), {
      file: ['file_extension_not_allowed'],
    });
    await expectRefused(await sendChunk('admin', crypto.randomUUID(), exe, 0, 'noextension'), {
      file: ['file_extension_not_allowed'],
    });
    expect(leftovers()).toEqual([]);
    expect(await fileRows()).toBe(before);
  });

  it('bytes that do not match the extension', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    await expectRefused(await sendChunk('admin', crypto.randomUUID(), html, 0, 'photo.png'), {
      file: ['file_content_mismatch'],
    });
    await expectRefused(await sendChunk('admin', crypto.randomUUID(), PDF, 0, 'photo.jpg'), {
      file: ['file_content_mismatch'],
    });
    await expectRefused(await sendChunk('admin', crypto.randomUUID(), html, 0, 'notes.txt'), {
      file: ['file_content_mismatch'],
    });
    // chunks_done under another extension than the chunks had
    const png = await smallPng();
    const id = crypto.randomUUID();
    expect((await sendChunk('admin', id, png, 0, 'a.png')).statusCode).toBe(200);
    await expectRefused(await done('admin', id, 'a.pdf', png.length), {
      filename: ['file_content_mismatch'],
    });
    expect(leftovers()).toEqual([`.uploads/${id}`]); // still unfinished, not a file
    expect((await done('admin', id, 'a.png', png.length)).statusCode).toBe(200);
    expect(leftovers()).toEqual([]);
  });

  it('an oversize file or chunk', async () => {
    const before = await fileRows();
    const id = crypto.randomUUID();
    const res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/upload/',
      ...multipartBody(
        {
          dzuuid: id,
          dzchunkindex: 0,
          dztotalchunkcount: 200,
          dztotalfilesize: 100_000_000,
          dzchunksize: UPLOAD_CHUNK_BYTES,
          dzchunkbyteoffset: 0,
        },
        { name: 'huge.pdf', data: Buffer.concat([PDF, Buffer.alloc(UPLOAD_CHUNK_BYTES - PDF.length)]) },
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ dztotalfilesize: ['file_too_large'] });
    // A chunk bigger than 500000 bytes.
    const tooBig = Buffer.concat([PDF, Buffer.alloc(UPLOAD_CHUNK_BYTES + 10 - PDF.length)]);
    const r2 = await ctx.as('admin', {
      method: 'POST',
      url: '/api/upload/',
      ...multipartBody(
        {
          dzuuid: id,
          dzchunkindex: 0,
          dztotalchunkcount: 1,
          dztotalfilesize: 400_000,
          dzchunksize: UPLOAD_CHUNK_BYTES,
          dzchunkbyteoffset: 0,
        },
        { name: 'big.pdf', data: tooBig },
      ),
    });
    expect(r2.statusCode).toBe(400);
    expect(r2.json()).toEqual({ file: ['chunk_size_invalid'] });
    expect(leftovers()).toEqual([]);
    expect(await fileRows()).toBe(before);
  });

  it('chunks out of order, repeated or missing', async () => {
    const before = await fileRows();
    const png = await bigPng();
    const id = crypto.randomUUID();
    // chunk 1 before chunk 0
    await expectRefused(await sendChunk('admin', id, png, 1, 'x.png'), {
      dzchunkindex: ['chunk_out_of_order'],
    });
    expect(leftovers()).toEqual([]);
    expect((await sendChunk('admin', id, png, 0, 'x.png')).statusCode).toBe(200);
    // chunk 2 skipping 1
    await expectRefused(await sendChunk('admin', id, png, 2, 'x.png'), {
      dzchunkindex: ['chunk_out_of_order'],
    });
    // chunk 0 again
    await expectRefused(await sendChunk('admin', id, png, 0, 'x.png'), { dzchunkindex: ['chunk_repeated'] });
    expect((await sendChunk('admin', id, png, 1, 'x.png')).statusCode).toBe(200);
    await expectRefused(await sendChunk('admin', id, png, 1, 'x.png'), { dzchunkindex: ['chunk_repeated'] });
    // someone else cannot add to this upload
    await expectRefused(await sendChunk('contractor', id, png, 2, 'x.png'), {
      dzchunkindex: ['chunk_out_of_order'],
    });
    // finishing before the last chunk
    await expectRefused(await done('admin', id, 'x.png', png.length), {
      dztotalchunkcount: ['chunk_missing'],
    });
    expect(await fileRows()).toBe(before);
    expect(fs.readdirSync(store.uploadDir(id)).sort()).toEqual(['0', '1', 'meta.json']);
    // an unknown upload
    await expectRefused(await done('admin', crypto.randomUUID(), 'x.png', 10), {
      dzuuid: ['upload_not_found'],
    });
    // the swept upload: a day without chunks and it is gone
    const old = new Date(now().getTime() - 25 * 3600_000);
    fs.utimesSync(store.uploadDir(id), old, old);
    expect(await sweepUploads(store)).toBe(1);
    expect(leftovers()).toEqual([]);
  });

  it('a chunk of the wrong size or offset, and a size that does not match the announced total', async () => {
    const png = await bigPng();
    const id = crypto.randomUUID();
    const short = multipartBody(
      {
        dzuuid: id,
        dzchunkindex: 0,
        dztotalchunkcount: Math.ceil(png.length / UPLOAD_CHUNK_BYTES),
        dztotalfilesize: png.length,
        dzchunksize: UPLOAD_CHUNK_BYTES,
        dzchunkbyteoffset: 0,
      },
      { name: 'x.png', data: png.subarray(0, 1000) },
    );
    await expectRefused(await ctx.as('admin', { method: 'POST', url: '/api/upload/', ...short }), {
      file: ['chunk_size_invalid'],
    });
    const wrongOffset = chunkForm(id, png, 0, 'x.png');
    const body = wrongOffset.payload
      .toString('latin1')
      .replace(/name="dzchunkbyteoffset"\r\n\r\n0/, 'name="dzchunkbyteoffset"\r\n\r\n7');
    await expectRefused(
      await ctx.as('admin', {
        method: 'POST',
        url: '/api/upload/',
        headers: wrongOffset.headers,
        payload: Buffer.from(body, 'latin1'),
      }),
      { dzchunkbyteoffset: ['chunk_offset_invalid'] },
    );
    expect(leftovers()).toEqual([]);
    const missing = await ctx.as('admin', {
      method: 'POST',
      url: '/api/upload/',
      ...multipartBody({ dzuuid: id }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ dzchunkindex: ['required'] });
    expect(leftovers()).toEqual([]);
  });

  it('a path in the name', async () => {
    const png = await smallPng();
    for (const name of ['../../etc/passwd.png', 'C:\\fakepath\\x.png', 'dir/x.png', '.hidden.png']) {
      await expectRefused(await sendChunk('admin', crypto.randomUUID(), png, 0, name), {
        file: ['file_name_invalid'],
      });
    }
    const id = crypto.randomUUID();
    expect((await sendChunk('admin', id, png, 0, 'ok.png')).statusCode).toBe(200);
    await expectRefused(await done('admin', id, '../ok.png', png.length), {
      filename: ['file_name_invalid'],
    });
    expect((await done('admin', id, 'ok.png', png.length)).statusCode).toBe(200);
    expect(leftovers()).toEqual([]);
    const [row] = await ctx.db.select().from(files).where(eq(files.fileName, 'ok.png'));
    expect(row.isPublic).toBe(true);
  });
});
