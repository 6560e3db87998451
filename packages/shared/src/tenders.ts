// The tender API contract: request bodies and response shapes shared by the server (route schemas,
// serialisers) and the web (types, forms). Field names follow spec 1-tenders.md §3 and §7.
// Money and quantities travel as decimal strings ("12.5000"); dates as ISO strings; delivery_date as YYYY-MM-DD.
import { z } from 'zod';
import {
  DETAIL_STATUSES,
  EXPORT_STATUSES,
  TENDER_LOG_ACTIONS,
  TENDER_STATUSES,
  WINNER_REASONS,
} from './enums.ts';
import { FIELD_MAX } from './limits.ts';
import { LINE_ACTIONS, TENDER_ACTIONS } from './rules/abilities.ts';

const decimal = z.string(); // e.g. "12.5000"
const iso = z.string(); // ISO 8601 timestamp
const nullableIso = iso.nullable();

// ---------- responses ----------

export const tenderCommentOption = z.object({
  id: z.number(),
  content: z.string(),
  supplier_name: z.string().nullable(),
  supplier: z.number().nullable(),
  created: iso,
});

export const exportOrderLine = z.object({
  part: z.object({ code: z.string(), name: z.string(), tags: z.array(z.string()) }),
  proposal: z.object({
    producer: z.string(),
    delivery_date: z.string(),
    price: decimal,
    ordered_qty: decimal,
    total: decimal,
    product_code: z.string(),
    ean_code: z.string(),
  }),
});
export const exportOrder = z.object({
  order_code: z.string(),
  export_code: z.string().nullable(),
  supplier: z.object({ id: z.number(), name: z.string(), email: z.string(), phone: z.string() }),
  grand_total: decimal,
  /** The order's total is 10,000 € or more: the terms ask for a written contract (rules/award.ts). */
  written_contract_needed: z.boolean(),
  details: z.array(exportOrderLine),
});
export const exportData = z.object({
  status: z.enum(EXPORT_STATUSES).nullable(),
  created: nullableIso,
  module_export_log_id: z.number().nullable(),
  /** Why the latest export ended as it did: a code (module_inactive, no_orders, export_failed) or Directo's words. */
  message: z.string().nullable().optional(),
  orders: z.array(exportOrder),
});

export const tender = z.object({
  id: z.number(),
  tender_code: z.string(),
  start: iso,
  finish: iso,
  status: z.enum(TENDER_STATUSES),
  warehouse: z.number(),
  warehouse_name: z.string(),
  warehouse_address: z.string().nullable(),
  group: z.number(),
  group_name: z.string(),
  additional_info: z.string(),
  /** After the award each participating supplier sees its rank and price gap per line (issue 34); buyers switch it
   * off before the tender starts. */
  feedback_enabled: z.boolean(),
  creator_name: z.string().nullable(),
  approver_name: z.string().nullable(),
  approved: nullableIso,
  /** The approver's decision comment: never sent to suppliers. */
  approver_comment: z.number().nullable(),
  approver_comment_content: z.string().nullable(),
  /** The approver comment as the confirm form edits it (buyers only; null for suppliers and when none). */
  input_approver_comment: z.object({ id: z.number(), content: z.string() }).nullable(),
  /** Tender comments from suppliers: buyers see all (after WAITING/ACTIVE), a supplier only its own. */
  comments_options: z.array(tenderCommentOption),
  details_count: z.number(),
  proposals_count: z.number(),
  winners_count: z.number(),
  created: iso,
  updated: iso,
  /** Supplier only: when its company's proposal set was first made and last changed. */
  proposal_created: nullableIso,
  proposal_updated: nullableIso,
  watched: z.boolean(),
  watched_date: nullableIso,
  agreed: z.boolean(),
  /** Supplier only: the company has at least one winning line. */
  is_winner: z.boolean(),
  /** Supplier only: number of the company's offer lines in this tender. */
  company_proposals: z.number(),
  company_proposals_sharing_enabled: z.boolean(),
  failed_bc_details: z.number(),
  bc_id: z.string().nullable(),
  export_data: exportData.nullable().optional(),
  /** FINISHED or CHOOSING: the time by which the winners are to be chosen (finish + 48 h); null otherwise. */
  choose_by: nullableIso,
  /** FINISHED or CHOOSING and the choosing time has run out. */
  choose_overdue: z.boolean(),
  /** The server's clock when this answer was made (for the countdown). Added by the tenders server. */
  server_time: iso.optional(),
  /** The actions the caller may take on this tender (the rule table, rules/abilities.ts). */
  abilities: z.array(z.enum(TENDER_ACTIONS)),
});
export type Tender = z.infer<typeof tender>;

/** One offer line. While a tender is WAITING or ACTIVE a buyer gets it `sealed`: every party field null. */
export const proposal = z.object({
  id: z.number().nullable(),
  detail: z.number(),
  sealed: z.boolean(),
  supplier_id: z.number().nullable(),
  supplier_name: z.string().nullable(),
  supplier_registration_code: z.string().nullable(),
  producer: z.object({ id: z.number(), name: z.string() }).nullable(),
  price: decimal.nullable(),
  product_code: z.string().nullable(),
  ean_code: z.string().nullable(),
  available_qty: decimal.nullable(),
  additional_qty: decimal.nullable(),
  delivery_date: z.string().nullable(),
  /** Sum of winner amounts on this offer line (a supplier gets null until the tender is ORDERED). */
  total_approved_qty: decimal.nullable(),
  /** How many offer lines this offer's company has on the part (null on a sealed placeholder). */
  count: z.number().nullable(),
  /** True when this offer line has the lowest price on its part. */
  is_lowest: z.boolean(),
  created: nullableIso,
  updated: nullableIso,
});
export type Proposal = z.infer<typeof proposal>;

export const winnerEntry = z.object({
  id: z.number(),
  /** The chosen proposal id. */
  name: z.number(),
  amount: decimal,
  reason: z.enum(WINNER_REASONS),
  supplier_id: z.number(),
  supplier_name: z.string(),
  price: decimal,
  producer_name: z.string(),
  /** Chosen again after the tender was reopened. */
  renewed: z.boolean(),
  /** Message keys of what is wrong with this winner now (buyers only): blacklisted_producer, total_amount_above_need. */
  errors: z.array(z.string()),
});
export type WinnerEntry = z.infer<typeof winnerEntry>;

export const lineComment = z.object({
  id: z.number(),
  content: z.string(),
  name: z.string(),
  supplier: z.number().nullable(),
  supplier_name: z.string().nullable(),
  created: iso,
  updated: iso,
});

/** An offer as a choice in the winner selection. */
export const proposalOption = z.object({
  id: z.number(),
  supplier_name: z.string(),
  producer_name: z.string(),
  price: decimal,
  available_qty: decimal.nullable(),
  delivery_date: z.string().nullable(),
});

/** A winner with its offer's data and the line total (amount × price, 2 decimals). */
export const winnerData = z.object({
  id: z.number(),
  proposal: z.number(),
  supplier_id: z.number(),
  supplier_name: z.string(),
  producer_name: z.string(),
  price: decimal,
  amount: decimal,
  total: decimal,
  reason: z.enum(WINNER_REASONS),
});

export const detailLine = z.object({
  id: z.number(),
  status: z.enum(DETAIL_STATUSES),
  tender: z.number().nullable(),
  tender_code: z.string().nullable(),
  tender_status: z.enum(TENDER_STATUSES).nullable(),
  /** Quantity to order: qty, or replenishment_qty + replacement_qty, at least 0. */
  qty: decimal,
  replenishment_qty: decimal,
  replacement_qty: decimal,
  part: z.number(),
  /** Hidden (null) for suppliers, as the spec hides part code from them in the view. */
  part_code: z.string().nullable(),
  part_name: z.string(),
  part_unit_code: z.string().nullable(),
  part_codes_tags: z.array(z.string()),
  part_type_name: z.string().nullable(),
  part_files_data: z.array(z.object({ uuid: z.string(), file_name: z.string(), file_type: z.string() })),
  warehouse: z.number(),
  warehouse_name_code: z.string(),
  customer_number: z.string().nullable(),
  customer_name: z.string().nullable(),
  creator_name: z.string().nullable(),
  order_number: z.string().nullable(),
  created: iso,
  updated: iso,
  /** Offer lines visible to the caller (see `proposal`). Empty in list calls without a tender. */
  proposals: z.array(proposal),
  /** The visible offers as winner choices: empty while sealed; a supplier only its own. */
  proposals_options: z.array(proposalOption),
  proposals_count: z.number(),
  /** Winners: buyers after the seal; a supplier its own, only once the tender is ORDERED. */
  winners: z.array(winnerEntry),
  winners_data: z.array(winnerData),
  /** Producers of the visible offers on this part (distinct). */
  proposal_producers: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Supplier only: its company has offer lines on this part. */
  takes_part: z.boolean(),
  supplier_comments: z.array(lineComment),
  winner_comment: lineComment.nullable(),
  /** The buyers' reason for several winners (never sent to suppliers). */
  winner_comment_data: z
    .object({ id: z.number(), name: z.string(), created: iso, content: z.string() })
    .nullable(),
  /** Buyers only (empty for suppliers). */
  blacklisted_producers: z.array(z.number()),
  blacklisted_producers_info: z.array(z.object({ id: z.number(), name: z.string() })),
  part_blacklist: z.number().nullable(),
  bc_id: z.string().nullable(),
  bc_status: z.string().nullable(),
  /** Buyers only (false for suppliers): the line is in the business system / a sync of it is under way. */
  bc_synced: z.boolean(),
  bc_sync_running: z.boolean(),
  /** The actions the caller may take on this line (the rule table, rules/abilities.ts). */
  abilities: z.array(z.enum(LINE_ACTIONS)),
});
export type DetailLine = z.infer<typeof detailLine>;

/**
 * What a line leaves out in the tender view's shape (GET /details/?tender=…&fields=view): fields that repeat others
 * (proposals_options and proposal_producers repeat proposals, winners_data repeats winners, winner_comment_data
 * repeats winner_comment) and fields the view takes from the tender or does not show. For 1,000 parts × 3 offers
 * that is close to half of the answer: half the work to write it, to send it and to read it in the browser.
 */
export const VIEW_LINE_LEFT_OUT = {
  tender_code: true,
  tender_status: true,
  replenishment_qty: true,
  replacement_qty: true,
  warehouse_name_code: true,
  created: true,
  proposals_options: true,
  winners_data: true,
  proposal_producers: true,
  takes_part: true,
  winner_comment_data: true,
  bc_id: true,
  bc_synced: true,
  bc_sync_running: true,
} as const;
/** What each offer of a line leaves out in the view's shape (its line, its company's count, dates, awards). */
export const VIEW_PROPOSAL_LEFT_OUT = {
  detail: true,
  count: true,
  total_approved_qty: true,
  created: true,
  updated: true,
} as const;

export const viewProposal = proposal.omit(VIEW_PROPOSAL_LEFT_OUT);
export type ViewProposal = z.infer<typeof viewProposal>;
/** A tender line in the view's shape: sealed exactly like the whole line, with fewer fields. */
export const viewLine = detailLine.omit(VIEW_LINE_LEFT_OUT).extend({ proposals: z.array(viewProposal) });
export type ViewLine = z.infer<typeof viewLine>;
/** A line of the list's answer: the whole line, or with `fields=view` the view's shape (those fields absent). */
export const detailListLine = detailLine
  .partial(VIEW_LINE_LEFT_OUT)
  .extend({ proposals: z.array(proposal.partial(VIEW_PROPOSAL_LEFT_OUT)) })
  .describe('A tender line; with fields=view the fields the tender view does not read are left out.');

export const historyEntry = z.object({
  id: z.number(),
  entity: z.string(),
  entity_id: z.number(),
  action: z.string(),
  user_name: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  /**
   * The names the row's ids stand for, as people read them: part (code and name), supplier, producer, the offer's
   * price, group, warehouse, tender code. Only for rows the reader may see, so the seal holds.
   */
  names: z.record(z.string(), z.string()).optional(),
  created: iso,
});

export type HistoryEntry = z.infer<typeof historyEntry>;

// ---------- requests ----------

const idRef = z.number().int().positive().max(2147483647, 'invalid_id');
const qtyInput = z.union([z.string(), z.number()]);

/** POST /tenders/ and PATCH /tenders/{id}/ (form): `details` atomically sets the chosen lines and their quantities. */
export const tenderWrite = z.object({
  start: z.string().optional(),
  finish: z.string().optional(),
  warehouse: idRef.optional(),
  group: idRef.optional(),
  additional_info: z.string().max(FIELD_MAX.additionalInfo, 'too_long').optional(),
  /** Feedback after the award (issue 34): changeable while the tender is a DRAFT or WAITING. */
  feedback_enabled: z.boolean('invalid').optional(),
  status: z.enum(TENDER_STATUSES).optional(),
  details: z
    .array(z.object({ id: idRef, qty: qtyInput }))
    .max(5000)
    .optional(),
  /**
   * With status ORDERED/FAILED (confirm): the approver's decision comment. A number or null (the tender's own
   * `approver_comment` id, when the whole tender is sent back) is accepted and ignored.
   */
  approver_comment: z.union([z.string().max(1000, 'comment_too_long'), z.number(), z.null()]).optional(),
});
export type TenderWrite = z.infer<typeof tenderWrite>;

/** One offer line as sent by a supplier (PATCH /details/{id}/add_proposal/, PATCH /proposals/{id}/). */
export const proposalWrite = z.object({
  id: idRef.nullable().optional(),
  producer: idRef.nullable().optional(),
  delivery_date: z.string().nullable().optional(),
  price: z.union([z.string(), z.number()]).nullable().optional(),
  product_code: z.string().nullable().optional(),
  ean_code: z.string().nullable().optional(),
  available_qty: qtyInput.nullable().optional(),
  additional_qty: qtyInput.nullable().optional(),
});
export type ProposalWrite = z.infer<typeof proposalWrite>;

/** POST /tenders/{id}/offer/: the company's whole proposal set in one transaction (replaces the previous one). */
export const offerWrite = z.object({
  agreed: z.boolean(),
  comment: z.string().max(1000, 'comment_too_long').optional(),
  lines: z
    .array(z.object({ detail: idRef, offers: z.array(proposalWrite).max(3, 'too_many_offers') }))
    .max(5000),
});
export type OfferWrite = z.infer<typeof offerWrite>;

export const winnerWrite = z.object({
  name: idRef.nullable(),
  amount: qtyInput.nullable().optional(),
  reason: z.enum(WINNER_REASONS).nullable().optional(),
});
/** PATCH /details/{id}/add_winners/ */
export const winnersWrite = z.object({
  winners: z.array(winnerWrite).max(50),
  comment: z.string().max(1000, 'comment_too_long').optional(),
  /**
   * The line's `updated` as the caller loaded it: when another buyer has saved the line's winners since, the
   * save is refused (409 winners_changed_reload) instead of overwriting theirs. Optional for API clients.
   */
  version: z.string().max(40, 'too_long').optional(),
  /**
   * The buyer confirms ordering more than an offer has available: without it such an amount is refused
   * (400 amount_above_available on the row's amount).
   */
  confirm_above_available: z.boolean().optional(),
});
/** PATCH /details/{id}/delete_winners/ (the same version check). */
export const winnersDelete = z.object({ version: z.string().max(40, 'too_long').optional() }).passthrough();
/** PATCH delete_winners body: optional (no body deletes the winners without a version check). */
export const winnersDeleteBody = winnersDelete.optional();
export type WinnersWrite = z.infer<typeof winnersWrite>;

export const logWrite = z.object({ action: z.enum(TENDER_LOG_ACTIONS) });
/** The list page may send the bare text WATCHED (or the JSON string "WATCHED") instead of {action}. */
export const tenderLogBody = z
  .union([logWrite, z.enum(TENDER_LOG_ACTIONS, 'invalid_choice')])
  .transform((b) => (typeof b === 'string' ? b : b.action));
/** PATCH add_log answer: the entry written. */
export const tenderLogAnswer = z.object({ created: z.string(), action: z.enum(TENDER_LOG_ACTIONS) });
/** A comment as its create and change calls answer it. */
export const commentAnswer = z.object({
  id: z.number(),
  creator: z.string().nullable(),
  created: z.string(),
  content: z.string(),
});
export type CommentAnswer = z.infer<typeof commentAnswer>;
export const commentWrite = z.object({ comment: z.string().max(1000, 'comment_too_long') });
/** PATCH add_supplier_comment answer: the comment's id (null when an empty text removed it). */
export const supplierCommentAnswer = z.object({ id: z.number().nullable() });
/** PATCH delete_supplier_comment body: any object or none (nothing in it is read). */
export const supplierCommentDeleteBody = z.object({}).passthrough().optional();
/** PATCH delete_supplier_comment answer. */
export const supplierCommentDeleted = z.object({ id: z.null() });
