// The comment rules of the view's comment boxes (spec 1 §5 Comments).
import { COMMENT_MAX } from '@portal/shared';

/** A comment's length and blank rules (spec §5 Comments); null when fine. */
export function commentError(content: string, required: boolean): string | null {
  if (content.length > COMMENT_MAX) return 'comment_too_long';
  if (content.length > 0 && !content.trim()) return 'comment_blank';
  if (required && !content.trim()) return 'comment_required';
  return null;
}
