// The catalogue and setup rules without a schema (limits, the producer name rule, the area's message keys): the web
// app's screens use them on every page, and a module of plain values costs nothing to load where catalogue.ts's zod
// schemas would be built first.
/** Spec 3 §9: the category tree is at most 5 levels deep (the tree answer nests four levels under the top). */
export const CATEGORY_MAX_DEPTH = 5;
/** Spec 3 §9: the producer select of the blacklist form shows at most 50 tags and 300 options. */
export const BLACKLIST_PRODUCER_TAGS = 50;
export const BLACKLIST_PRODUCER_OPTIONS = 300;
/** Spec 3 §9: the parts lookup answers 100 rows. */
export const PART_LOOKUP_SIZE = 100;
/** The SMTP test gives its answer within this many milliseconds (issue 8: "within 10 s"). */
export const SMTP_TEST_TIMEOUT_MS = 9_000;

/**
 * Spec 3 §5: a producer name may not begin or end with a symbol, be numeric or contain double quotes.
 * A "symbol" is anything that is not a letter or a digit (any script: Estonian and Cyrillic letters count as letters).
 */
export function producerNameProblem(name: string): string | null {
  if (!name) return 'blank';
  if (name.includes('"') || /[\u201C\u201D\u201E]/.test(name)) return 'producer_name_invalid';
  if (/^[^\p{L}\p{N}]/u.test(name) || /[^\p{L}\p{N}]$/u.test(name)) return 'producer_name_invalid';
  if (/^[\p{N}\s.,\-+/]+$/u.test(name)) return 'producer_name_invalid';
  return null;
}

/** Message keys of this area (also listed in MSG). */
export const CATALOGUE_MESSAGES = [
  'name_needs_letter',
  'group_required',
  'category_too_deep',
  'category_has_children',
  'category_inactive',
  'category_cycle',
  'category_parent_invalid',
  'comment_required',
  'at_least_one_producer',
  'no_changes',
  'no_producer_change',
  'part_already_blacklisted',
  'producer_exists',
  'producer_name_invalid',
  'smtp_host_not_configured',
] as const;
