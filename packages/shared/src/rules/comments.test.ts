import { describe, expect, it } from 'vitest';
import { COMMENT_MAX } from '../limits.ts';
import { commentError } from './comments.ts';

describe('commentError', () => {
  it('a required comment of nothing or only spaces is comment_required', () => {
    expect(commentError('', true)).toBe('comment_required');
    expect(commentError('   \n', true)).toBe('comment_required');
    expect(commentError(null, true)).toBe('comment_required');
    expect(commentError(' ok ', true)).toBeNull();
  });
  it('a comment that is not required may be empty or only spaces (it then removes the comment)', () => {
    expect(commentError('', false)).toBeNull();
    expect(commentError('   ', false)).toBeNull();
  });
  it(`longer than ${COMMENT_MAX} characters is comment_too_long, required or not`, () => {
    expect(commentError('x'.repeat(COMMENT_MAX), true)).toBeNull();
    expect(commentError('x'.repeat(COMMENT_MAX + 1), true)).toBe('comment_too_long');
    expect(commentError('x'.repeat(COMMENT_MAX + 1), false)).toBe('comment_too_long');
  });
});
