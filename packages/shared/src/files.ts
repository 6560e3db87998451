// File service contract (spec 3 §5, §7): accepted extensions, chunk size, size limit, and the answers.
import { z } from 'zod';

/** Dropzone chunk size (spec 3 §9). */
export const UPLOAD_CHUNK_BYTES = 500_000;
/** Largest file the portal accepts (50 MiB = 105 chunks). */
export const FILE_MAX_BYTES = 50 * 1024 * 1024;
/** The extensions an upload may have (spec 3 §5). */
export const UPLOAD_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'pdf',
  'odt',
  'ppt',
  'pptx',
  'csv',
  'txt',
  'rtf',
  'cdr',
  'ai',
  'eps',
  'drw',
  'dwg',
  'dgn',
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];
/** Files shown as pictures (spec 3 §5: images are jpeg, jpg, png, gif, bmp, tiff). */
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'bmp', 'tiff'] as const;
/** Thumbnail sizes are 1…THUMBNAIL_MAX pixels a side. */
export const THUMBNAIL_MAX = 1024;
export const FILE_ACCESS = ['public', 'private'] as const;
export type FileAccess = (typeof FILE_ACCESS)[number];

/** The extension of a file name, lower case, without the dot ('' when none). */
export function fileExtension(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}
export const isUploadExtension = (name: string) =>
  (UPLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(name));
export const isImageFile = (f: { file_name: string; file_type?: string }) =>
  /^image\//.test(f.file_type ?? '') ||
  (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(f.file_name));

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
