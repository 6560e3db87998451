// When a comment is required and how long it may be (spec 1-tenders §5 "Comments", the blacklist modal's comment):
// the web's comment boxes check it before sending and the server's comment calls answer the same message keys.
import { COMMENT_MAX } from '../limits.ts';

export const COMMENT_ERROR_KEYS = ['comment_required', 'comment_too_long'] as const;
export type CommentErrorKey = (typeof COMMENT_ERROR_KEYS)[number];

/**
 * A comment's error key, or null when it may be saved. Only spaces count as no comment: where one is `required`
 * (a new supplier comment, a tender comment, a blacklist reason) that is `comment_required`; where it is not (the
 * company's existing line comment, which empty content deletes; an approver comment) it is fine.
 */
export function commentError(content: string | null | undefined, required: boolean): CommentErrorKey | null {
  const text = content ?? '';
  if (text.length > COMMENT_MAX) return 'comment_too_long';
  if (required && !text.trim()) return 'comment_required';
  return null;
}
