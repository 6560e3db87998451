// Maintenance notices (issue 35): an administrator announces a window (starts, ends) with its text in et, ru and en;
// everyone sees it, in their language, from `show_from` until the window ends.
import { z } from 'zod';
import { isoDateTimeText, safeText } from './text.ts';

/** At most this many characters per language. */
export const NOTICE_TEXT_MAX = 500;

const noticeText = safeText(NOTICE_TEXT_MAX).refine((s) => s.length > 0, 'required');

/** Create or replace a notice: the window, when it starts to show, and the three texts. */
export const noticeWrite = z.object({
  show_from: isoDateTimeText,
  starts: isoDateTimeText,
  ends: isoDateTimeText,
  text_et: noticeText,
  text_ru: noticeText,
  text_en: noticeText,
});
export type NoticeWrite = z.input<typeof noticeWrite>;

export const noticeItem = z.object({
  id: z.number(),
  show_from: z.string(),
  starts: z.string(),
  ends: z.string(),
  text_et: z.string(),
  text_ru: z.string(),
  text_en: z.string(),
  creator_name: z.string().nullable(),
  created: z.string(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

/** What everyone reads: the notices shown now. */
export const currentNotice = noticeItem.pick({
  id: true,
  starts: true,
  ends: true,
  text_et: true,
  text_ru: true,
  text_en: true,
});
export type CurrentNotice = z.infer<typeof currentNotice>;

export const NOTICE_MESSAGES = [
  'notice_window_invalid',
  'notice_show_after_start',
  'notice_already_over',
] as const;

/** GET maintenance_notices/current/ answer. */
export const currentNoticeList = z.array(currentNotice);
