// Shared schemas for text and dates typed by people: one definition for the server's route schemas and the web's
// forms, built from the plain rules of textRules.ts (which the web's screens take without loading zod).
import { z } from 'zod';
import { hasLetterOrDigit, hasNul, isStrictDate, isStrictDateTime, stripNul } from './textRules.ts';

/** Free text (comments, descriptions): NUL refused, trimmed, at most `max` characters. */
export const safeText = (max: number) =>
  z
    .string()
    .max(max, 'too_long')
    .refine((s) => !hasNul(s), 'invalid_characters')
    .transform((s) => s.trim());

/** A name: NUL refused, trimmed, 1 to `max` characters, with at least one letter or digit. */
export const nameText = (max = 200) =>
  z
    .string()
    .max(max, 'too_long')
    .refine((s) => !hasNul(s), 'invalid_characters')
    .transform((s) => s.trim())
    .refine((s) => s.length > 0 && hasLetterOrDigit(s), 'blank');

/** A list search: NUL stripped (a search cannot hold one), at most 200 characters. */
export const searchText = z.string().max(200, 'too_long').transform(stripNul);

export const isoDateText = z.string().max(10, 'invalid_date').refine(isStrictDate, 'invalid_date');
export const isoDateTimeText = z.string().max(40, 'invalid_date').refine(isStrictDateTime, 'invalid_date');
