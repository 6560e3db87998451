// Who may do what to a tender or a tender line, in which state: one table (spec 1-tenders §4 states and
// transitions, §6 roles and permissions; the choices the spec leaves open are in docs/decisions.md). The server
// refuses by it and sends each tender's and line's `abilities`; the web shows an action only when it is there.
import type { DetailStatus, SupplierRole, TenderStatus, UserGroup } from '../enums.ts';
import { TENDER_STATUSES } from '../enums.ts';
import { OPENED_STATES } from './seal.ts';

/** Actions on a tender. */
export const TENDER_ACTIONS = [
  /** Open the form and save it without a state change (DRAFT; a WAITING tender's changes). */
  'edit',
  /** DRAFT → WAITING. */
  'start',
  /** Any started tender → CANCELED. */
  'cancel',
  /** FINISHED → CHOOSING (start choosing). */
  'choose',
  /** CHOOSING → ORDERED or FAILED (confirm winners). */
  'confirm',
  /** Administrator: back to CHOOSING. */
  'reopen',
  /** A DRAFT with zero lines. */
  'delete',
  /** Supplier: send, change or remove the company's offer lines. */
  'offer',
  /** Supplier: withdraw the company's whole offer. */
  'cancel_offer',
  /** Supplier: the sanctions confirmation flag (AGREED). */
  'agree',
  /** Supplier: the WATCHED flag. */
  'watch',
  /** Supplier: the company's tender comment. */
  'comment',
  /** Buyer: the approver's decision comment. */
  'approver_comment',
  /** Buyer: choose winners on the tender's lines. */
  'choose_winners',
  /** Buyer: the export page and the manual accounting export. */
  'export',
  /** The order spreadsheet and PDF. */
  'download',
  /** Buyer: the tender's history. */
  'history',
  /** Supplier: ask a question on a running tender or one of its lines (issue 32). */
  'ask',
  /** Buyer: answer a supplier's question (while ACTIVE and after). */
  'answer',
  /** Buyer: move a running tender's finish later (with an answer that changes the requirement). */
  'extend',
  /** Buyer: record that a winner refused its award (a line or its whole order) and choose the next offer. */
  'refuse_award',
  /** Verify an offer receipt (issue 34): a supplier its company's, a buyer once the tender is opened. */
  'verify_receipt',
  /** Buyer: per line, how many companies declined it and why (issue 34), once the tender is opened. */
  'see_declines',
  /** Supplier: its rank and price gap per line after the award, unless the buyer switched it off (issue 34). */
  'feedback',
] as const;
export type TenderAction = (typeof TENDER_ACTIONS)[number];

/** Actions on one line of a tender. */
export const LINE_ACTIONS = [
  /** Supplier: offer lines on this part. */
  'offer',
  /** Supplier: the company's comment on this part. */
  'comment_line',
  /** Buyer: choose (or remove) the part's winners. */
  'choose_winners',
  /** Buyer: refuse all proposals of the part (the line becomes FAILED). */
  'cancel_proposals',
  /** Buyer with the able-to-blacklist permission: blacklist producers of the part. */
  'blacklist',
  /** Supplier: mark the part "no offer" with a reason, or undo it (issue 34). */
  'decline',
] as const;
export type LineAction = (typeof LINE_ACTIONS)[number];

/** The caller as the rules see it. */
export interface Actor {
  group: UserGroup;
  /** Suppliers: PLAIN or ADVANCED. */
  supplierRole?: SupplierRole | null;
  /** Suppliers: the company's main user. */
  isCompanyAdmin?: boolean;
  /** Suppliers: the company lets PLAIN employees see and write its offers. */
  sharing?: boolean;
  /** Buyers: the able-to-blacklist permission. */
  canBlacklist?: boolean;
}

/** Facts about the tender (and the caller's company in it) that some rules need. */
export interface TenderFacts {
  status: TenderStatus;
  /** Number of lines (delete needs zero). */
  detailsCount?: number;
  /** The caller's company has offer lines in the tender. */
  companyHasOffer?: boolean;
  /** The caller's company won at least one line. */
  isWinner?: boolean;
  /** The buyer lets the suppliers see their rank and price gap after the award (the tender's feedback_enabled). */
  feedbackEnabled?: boolean;
}
export interface LineFacts {
  /** The line's tender status (null: a line not in a tender). */
  status: TenderStatus | null;
  /** The line's own status (cancel proposals needs it). */
  lineStatus?: DetailStatus;
}

/** Who a grant is for. */
export type Who =
  | 'administrator'
  /** Administrator and Contractor: everything on started tenders. */
  | 'manager'
  /** Administrator, Contractor and Master. */
  | 'buyer'
  /** Any supplier user. */
  | 'supplier'
  /** A supplier user who may see and write the company's offers: ADVANCED, the main user, PLAIN with sharing. */
  | 'offerer'
  /** Administrator or Contractor with the able-to-blacklist permission. */
  | 'blacklister';

const isBuyer = (a: Actor) => a.group !== 'SUPPLIER';
const isManager = (a: Actor) => a.group === 'ADMINISTRATOR' || a.group === 'CONTRACTOR';
/** A supplier user may see and write the company's offers (a PLAIN employee only when the company shares them). */
export const hasOfferRights = (a: Actor) =>
  a.group === 'SUPPLIER' && (a.supplierRole === 'ADVANCED' || !!a.isCompanyAdmin || !!a.sharing);

export const WHO: Record<Who, (a: Actor) => boolean> = {
  administrator: (a) => a.group === 'ADMINISTRATOR',
  manager: isManager,
  buyer: isBuyer,
  supplier: (a) => a.group === 'SUPPLIER',
  offerer: hasOfferRights,
  blacklister: (a) => isManager(a) && !!a.canBlacklist,
};

export interface Grant<F> {
  who: Who;
  states: readonly TenderStatus[];
  /** A further condition on the facts (e.g. zero lines). */
  when?: (f: F) => boolean;
}

const STARTED = ['WAITING', 'ACTIVE', 'FINISHED', 'CHOOSING'] as const;
const VISIBLE_TO_SUPPLIERS = TENDER_STATUSES.filter((s) => s !== 'DRAFT');
const COMMENTABLE = ['ACTIVE', 'FINISHED', 'CHOOSING'] as const;
/** The history: an opened tender's, and a cancelled one's (its suppliers' rows left out unless it was opened). */
const HISTORY_STATES = [...OPENED_STATES, 'CANCELED'] as const;

/** The tender table: an action is allowed when any of its grants matches the caller, the state and the facts. */
export const TENDER_RULES: Record<TenderAction, Grant<TenderFacts>[]> = {
  edit: [
    { who: 'buyer', states: ['DRAFT'] },
    { who: 'manager', states: ['WAITING'] },
  ],
  start: [{ who: 'manager', states: ['DRAFT'] }],
  cancel: [{ who: 'manager', states: STARTED }],
  choose: [{ who: 'manager', states: ['FINISHED'] }],
  confirm: [{ who: 'manager', states: ['CHOOSING'] }],
  reopen: [{ who: 'administrator', states: ['FINISHED', 'ORDERED', 'FAILED'] }],
  delete: [{ who: 'buyer', states: ['DRAFT'], when: (f) => (f.detailsCount ?? 0) === 0 }],
  offer: [{ who: 'offerer', states: ['ACTIVE'] }],
  cancel_offer: [{ who: 'offerer', states: ['ACTIVE'], when: (f) => !!f.companyHasOffer }],
  agree: [{ who: 'offerer', states: ['ACTIVE'] }],
  watch: [{ who: 'supplier', states: VISIBLE_TO_SUPPLIERS }],
  comment: [{ who: 'offerer', states: COMMENTABLE }],
  approver_comment: [{ who: 'manager', states: ['FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'] }],
  choose_winners: [{ who: 'manager', states: ['CHOOSING'] }],
  export: [{ who: 'manager', states: ['ORDERED'] }],
  download: [
    { who: 'buyer', states: ['ORDERED'] },
    { who: 'offerer', states: ['ORDERED'], when: (f) => !!f.isWinner },
  ],
  history: [{ who: 'buyer', states: HISTORY_STATES }],
  ask: [{ who: 'offerer', states: ['ACTIVE'] }],
  answer: [{ who: 'buyer', states: ['ACTIVE', 'FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'] }],
  extend: [{ who: 'manager', states: ['ACTIVE'] }],
  refuse_award: [{ who: 'manager', states: ['ORDERED'] }],
  verify_receipt: [
    { who: 'offerer', states: VISIBLE_TO_SUPPLIERS },
    { who: 'buyer', states: OPENED_STATES },
  ],
  see_declines: [{ who: 'buyer', states: OPENED_STATES }],
  feedback: [
    { who: 'offerer', states: ['ORDERED'], when: (f) => !!f.companyHasOffer && f.feedbackEnabled !== false },
  ],
};

/** The line table (the state is the line's tender's). */
export const LINE_RULES: Record<LineAction, Grant<LineFacts>[]> = {
  offer: [{ who: 'offerer', states: ['ACTIVE'] }],
  comment_line: [{ who: 'offerer', states: COMMENTABLE }],
  choose_winners: [{ who: 'manager', states: ['CHOOSING'] }],
  cancel_proposals: [
    { who: 'manager', states: ['FINISHED', 'CHOOSING'], when: (f) => f.lineStatus !== 'FAILED' },
  ],
  blacklist: [{ who: 'blacklister', states: ['FINISHED'] }],
  decline: [{ who: 'offerer', states: ['ACTIVE'] }],
};

/**
 * Why an action is refused: `role` (no grant for this caller in this state: the server answers 403), `state`
 * (the caller has grants, but not in this state: 400 with the action's state message), `fact` (the state is
 * right but a condition is not: the action's own message), or null when allowed.
 */
export type Refusal = 'role' | 'state' | 'fact' | null;

function judge<F>(grants: Grant<F>[], actor: Actor, status: TenderStatus | null, facts: F): Refusal {
  const mine = grants.filter((g) => WHO[g.who](actor));
  const inState = (g: Grant<F>) => status != null && g.states.includes(status);
  if (mine.some((g) => inState(g) && (!g.when || g.when(facts)))) return null;
  if (mine.some(inState)) return 'fact';
  // Someone else may do this in this state: the caller's role is what is missing.
  if (grants.some(inState) || !mine.length) return 'role';
  return 'state';
}

export function whyNotTender(actor: Actor, action: TenderAction, facts: TenderFacts): Refusal {
  return judge(TENDER_RULES[action], actor, facts.status, facts);
}
export function whyNotLine(actor: Actor, action: LineAction, facts: LineFacts): Refusal {
  return judge(LINE_RULES[action], actor, facts.status, facts);
}
export const canTender = (actor: Actor, action: TenderAction, facts: TenderFacts) =>
  whyNotTender(actor, action, facts) === null;
export const canLine = (actor: Actor, action: LineAction, facts: LineFacts) =>
  whyNotLine(actor, action, facts) === null;

/** The tender actions the caller may take, in table order (sent as the tender's `abilities`). */
export function tenderAbilities(actor: Actor, facts: TenderFacts): TenderAction[] {
  return TENDER_ACTIONS.filter((a) => canTender(actor, a, facts));
}
/** The line actions the caller may take (sent as the line's `abilities`). */
export function lineAbilities(actor: Actor, facts: LineFacts): LineAction[] {
  return LINE_ACTIONS.filter((a) => canLine(actor, a, facts));
}
