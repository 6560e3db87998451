// The tender area's request pieces that are not bodies of tenders.ts (spec 1-tenders §7): the list's and the
// history's queries, the tender read's and the receipt's queries, the offer sheet's language, question paths, the
// comment and remove calls. The server's route schemas read them; the web builds its calls to match.
import { z } from 'zod';
import { DETAIL_STATUSES, LANGUAGES, TENDER_STATUSES } from './enums.ts';
import { COMMENT_MAX, MAX_VIEW_OFFERS } from './limits.ts';
import { boolQuery, idString, listQuery } from './lists.ts';
import { preorderWrite } from './preorders.ts';
import { VIEW_LINE_LEFT_OUT, VIEW_PROPOSAL_LEFT_OUT } from './tenders.ts';
import { isStrictDate, isStrictDateTime } from './textRules.ts';

const dbId = z.number().int().positive().max(2147483647, 'invalid_id');
const idList = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'invalid_ids')
  .transform((s) => s.split(',').map(Number));
/** A day (YYYY-MM-DD) or an instant with its zone, strict ISO within 2000–2100. */
const dateQuery = z
  .string()
  .max(40, 'invalid_date')
  .refine((s) => isStrictDate(s) || isStrictDateTime(s), 'invalid_date');
const statusList = z
  .string()
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(z.enum(TENDER_STATUSES, 'invalid_choice')));

/** GET /tenders/: the list's filters besides page, page_size, ids, search and ordering. */
export const tenderListQuery = listQuery.extend({
  filter_groups: idList.optional(),
  filter_start: dateQuery.optional(),
  filter_finish: dateQuery.optional(),
  filter_status: statusList.optional(),
  failed_bc_details: boolQuery.optional(),
  /** Buyers: only FINISHED and CHOOSING tenders whose 48 hours to choose the winners have run out. */
  filter_overdue: boolQuery.optional(),
});

/** GET /tenders/{id}/: with export_data the export page's data comes along. */
export const tenderReadQuery = z.object({ export_data: boolQuery.optional() });

export const HISTORY_MAX_PAGE_SIZE = 1000;
/** GET /tenders/{id}/history/: pages of at most HISTORY_MAX_PAGE_SIZE rows. */
export const historyQuery = listQuery.extend({
  page_size: z
    .string()
    .regex(/^\d{1,6}$/, 'invalid_page_size')
    .transform(Number)
    .refine((n) => n <= HISTORY_MAX_PAGE_SIZE, 'page_size_too_large')
    .optional(),
});
export type HistoryQuery = z.output<typeof historyQuery>;

/** GET /tenders/{id}/receipt…: one of the company's earlier receipts; without it the current one. */
export const receiptQuery = z.object({
  receipt: z
    .string()
    .regex(/^\d{1,10}$/, 'invalid_id')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2147483647, 'invalid_id')
    .optional(),
});

/** The language of the offer sheet and its messages: the screen's (the web sends it), else the user's own. */
export const sheetLangQuery = z.object({ lang: z.enum(LANGUAGES, 'invalid_choice').optional() });

/** /tenders/{id}/questions/{qid}/… */
export const questionParams = z.object({ id: idString, qid: idString });
export const tenderIdParams = z.object({ id: idString });

/** POST /remove_tender/: an empty DRAFT. */
export const removeTenderBody = z.object({ tender_id: dbId });

const commentContent = z.string().max(COMMENT_MAX, 'comment_too_long');
/** POST /comments/: a supplier's tender or line comment, or a buyer's approver comment. */
export const commentCreate = z.object({
  content: commentContent,
  tender: dbId.optional(),
  detail: dbId.optional(),
});
/** PATCH /comments/{id}/: new content (blank removes a supplier's comment). */
export const commentChange = z.object({ content: commentContent });

// ---------- tender lines (/details/) ----------

const detailStatusList = z
  .string()
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(z.enum(DETAIL_STATUSES, 'invalid_choice')));

/** GET /details/: tender lines and pre-order lines; fields=view for the tender view's shape. */
export const detailListQuery = listQuery.extend({
  status: detailStatusList.optional(),
  warehouse: idString.optional(),
  tender: idString.optional(),
  mode: z.string().max(20).optional(),
  fields: z
    .enum(['view'], 'invalid_choice')
    .optional()
    .describe(
      `view: the tender view's shape of each line, sealed alike: without ${Object.keys(VIEW_LINE_LEFT_OUT).join(', ')}; each proposal without ${Object.keys(VIEW_PROPOSAL_LEFT_OUT).join(', ')}`,
    ),
  offers: z
    .string()
    .regex(/^\d{1,3}$/, 'invalid')
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_VIEW_OFFERS, 'invalid')
    .optional()
    .describe(
      `With fields=view: at most this many offer lines per line (1–${MAX_VIEW_OFFERS}; its winners' first, then by price); proposals_count tells how many the line has. Without it every offer line.`,
    ),
});

const qtyInput = z
  .union([z.string().max(30, 'too_long'), z.number()])
  .nullable()
  .optional();
/** PATCH /details/{id}/: the buyer's line edits, or a pre-order's. */
export const detailPatch = z.object({
  status: z.enum(DETAIL_STATUSES, 'invalid_choice').optional(),
  tender: z.number().int().positive().max(2147483647, 'invalid_id').nullable().optional(),
  qty: qtyInput,
  replenishment_qty: qtyInput,
  proposals: z.array(z.unknown()).max(100).optional(),
  // pre-order form fields (spec 3 §7): a PATCH carrying any of part, warehouse, replacement_qty is a pre-order edit
  part: preorderWrite.shape.part,
  warehouse: preorderWrite.shape.warehouse,
  replacement_qty: qtyInput,
});

/** PATCH details/{id}/ answer: the line's status after the change. */
export const detailStatusAnswer = z.object({ status: z.enum(DETAIL_STATUSES) });
export type DetailStatusAnswer = z.infer<typeof detailStatusAnswer>;
