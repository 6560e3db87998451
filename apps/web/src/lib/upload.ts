// Chunked upload in Dropzone's format (spec 3 §7 "File service"): the file goes in 500000-byte chunks, one after
// another, to POST /upload/ with the dz* fields; then POST /chunks_done/ assembles it and answers the stored file.
import { FILE_MAX_BYTES, isUploadExtension, UPLOAD_CHUNK_BYTES, type UploadedFile } from '@portal/shared';
import { ApiError, api } from './api.ts';

/** A problem found before sending anything (same keys the server would answer). */
export function localUploadProblem(file: File): string | null {
  if (!isUploadExtension(file.name)) return 'file_extension_not_allowed';
  if (file.size > FILE_MAX_BYTES) return 'file_too_large';
  if (file.size === 0) return 'file_content_mismatch';
  return null;
}

export async function uploadFile(
  file: File,
  opts: { onProgress?(percent: number): void; signal?: AbortSignal } = {},
): Promise<UploadedFile> {
  const problem = localUploadProblem(file);
  if (problem) throw new ApiError(400, { file: [problem] });
  const dzuuid = crypto.randomUUID();
  const count = Math.max(1, Math.ceil(file.size / UPLOAD_CHUNK_BYTES));
  for (let i = 0; i < count; i++) {
    const offset = i * UPLOAD_CHUNK_BYTES;
    const form = new FormData();
    form.append('dzuuid', dzuuid);
    form.append('dzchunkindex', String(i));
    form.append('dztotalfilesize', String(file.size));
    form.append('dzchunksize', String(UPLOAD_CHUNK_BYTES));
    form.append('dztotalchunkcount', String(count));
    form.append('dzchunkbyteoffset', String(offset));
    form.append('file', file.slice(offset, offset + UPLOAD_CHUNK_BYTES), file.name);
    await api('POST', '/upload/', { body: form, signal: opts.signal });
    opts.onProgress?.(Math.round(((i + 1) / count) * 95));
  }
  const done = new FormData();
  done.append('dzuuid', dzuuid);
  done.append('filename', file.name);
  done.append('dztotalchunkcount', String(count));
  done.append('dztotalfilesize', String(file.size));
  done.append('access', 'public');
  const result = await api<UploadedFile>('POST', '/chunks_done/', { body: done, signal: opts.signal });
  opts.onProgress?.(100);
  return result;
}
