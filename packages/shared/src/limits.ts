// Business constants and limits of the spec, in one place.
export const DEFAULT_PAGE_SIZE = 50;
export const PAGE_SIZES = [50, 100, 200] as const;
/** Largest page a list answers; 0 means "all rows" for exports. */
export const MAX_PAGE_SIZE = 5000;
/**
 * A list's total is counted exactly up to this many rows; above it the answer says "more than" (count = the limit,
 * count_more true), and pages are served up to this many rows deep (a deeper page is refused with page_too_deep:
 * narrow the filters or change the order). Costs then stay the same however long the history grows.
 */
export const LIST_COUNT_LIMIT = 10_000;
export const SUPPLIER_USERS_PAGE_SIZE = 30;
export const MAX_OFFER_LINES_PER_PART = 3;
export const BUYER_OFFERS_SHOWN = 3;
/** Largest `offers` the tender view's lines call takes (offer lines per line in one answer). */
export const MAX_VIEW_OFFERS = 200;
/** Lines per page of the buyer's tender view (each with BUYER_OFFERS_SHOWN offers: an answer well under 2 MB). */
export const VIEW_LINES_PAGE = 250;
export const PRICE_MIN = '0.0001';
export const PRICE_MAX_DECIMALS = 4;
export const EAN_MAX_DIGITS = 13;
export const PRODUCT_CODE_MAX = 35;
export const COMMENT_MAX = 1000;
export const WINNER_COMMENT_MIN = 5;
export const TENDER_MIN_MINUTES = 30;
export const PASSWORD_MIN = 8;
export const PRODUCER_SEARCH_MIN_CHARS = 2;
export const PRODUCER_SEARCH_RESULTS = 5;
export const PART_CODE_SEARCH_MIN_CHARS = 5;
export const EXPORT_POLL_MS = 1000;
export const TOAST_SECONDS = 3;
export const EID_COUNTDOWN_SECONDS = 90;
export const SOFTWARE_VERSION = 'v.1.0.1';
export const CURRENCY = 'EUR';

/** Text field limits: the request schemas (server) and the inputs' maxLength (web) both read these. */
export const FIELD_MAX = {
  email: 254,
  phone: 20,
  personalCode: 20,
  personName: 100,
  position: 100,
  /** A company's, a group's, a warehouse's, a category's or a producer's name. */
  name: 200,
  registrationCode: 30,
  address: 300,
  notes: 2000,
  /** A password as typed (the rules of a new one: accountRules.ts). */
  passwordInput: 200,
  /** An Estonian personal code as typed at the eID login and registration: exactly this many digits. */
  estonianPersonalCode: 11,
  /** A warehouse's code; a worker's Business Central code. */
  code: 50,
  /** A warehouse's description. */
  description: 1000,
  /** A tender's additional information. */
  additionalInfo: 2000,
  /** An e-mail template's subject and text. */
  templateSubject: 300,
  templateContent: 20_000,
  /** The e-mail settings' company phone. */
  companyPhone: 50,
  /** The SMTP user name. */
  smtpUsername: 200,
  /** A mail server's host name. */
  host: 253,
  /** A web address (an integration module's, the e-mail logo's). */
  url: 500,
  /** A secret as typed: an integration module's key, the SMTP password. */
  secret: 500,
  /** An integration module's name. */
  moduleName: 100,
} as const;
