// File service contract (spec 3 §5, §7): the answers (the accepted extensions, chunk size and size limit are in
// fileTypes.ts).
import { z } from 'zod';

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
