// File rules without a schema: accepted extensions, chunk size, size limit, access kinds (spec 3 §5, §7), apart
// from files.ts's answer schemas so that the web app's shared code does not build those on every page.
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
/**
 * The thumbnail sizes (pixels a side) the server makes and keeps: any other is refused, so nobody can fill the disk
 * with one image in every size (issue 35). The screens ask for 240×240.
 */
export const THUMBNAIL_SIZES = [120, 240, 480] as const;
/** Unfinished uploads one user may have at once (each holds chunks on disk until finished or swept). */
export const OPEN_UPLOADS_MAX = 10;
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
