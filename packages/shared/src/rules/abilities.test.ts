// The rule table against spec 1-tenders §4 (states and transitions) and §6 (roles and permissions), with the
// choices recorded in docs/decisions.md. Every caller × tender state × action × fact is checked against an oracle
// written straight from the spec's sentences (not from the table), so a changed table cell fails here.
import { describe, expect, it } from 'vitest';
import { DETAIL_STATUSES, TENDER_STATUSES, type TenderStatus } from '../enums.ts';
import {
  type Actor,
  canLine,
  canTender,
  LINE_ACTIONS,
  type LineAction,
  lineAbilities,
  TENDER_ACTIONS,
  type TenderAction,
  tenderAbilities,
  whyNotLine,
  whyNotTender,
} from './abilities.ts';

const ACTORS: Record<string, Actor> = {
  administrator: { group: 'ADMINISTRATOR' },
  'administrator able to blacklist': { group: 'ADMINISTRATOR', canBlacklist: true },
  contractor: { group: 'CONTRACTOR' },
  'contractor able to blacklist': { group: 'CONTRACTOR', canBlacklist: true },
  master: { group: 'MASTER' },
  'master with the blacklist flag': { group: 'MASTER', canBlacklist: true },
  'supplier main user': { group: 'SUPPLIER', supplierRole: 'ADVANCED', isCompanyAdmin: true },
  'supplier ADVANCED': { group: 'SUPPLIER', supplierRole: 'ADVANCED' },
  'supplier PLAIN, company shares offers': { group: 'SUPPLIER', supplierRole: 'PLAIN', sharing: true },
  'supplier PLAIN, company does not share': { group: 'SUPPLIER', supplierRole: 'PLAIN', sharing: false },
};

const FACTS = [
  { detailsCount: 0, companyHasOffer: false, isWinner: false },
  { detailsCount: 3, companyHasOffer: true, isWinner: false },
  { detailsCount: 3, companyHasOffer: true, isWinner: true },
];

const isSupplier = (a: Actor) => a.group === 'SUPPLIER';
const isManager = (a: Actor) => a.group === 'ADMINISTRATOR' || a.group === 'CONTRACTOR';
/** §6 and the decision on PLAIN employees: the company's offers are theirs only with the sharing flag. */
const offerRights = (a: Actor) =>
  isSupplier(a) && (a.supplierRole === 'ADVANCED' || !!a.isCompanyAdmin || !!a.sharing);

/** The spec's sentences, one per action. */
function oracle(a: Actor, action: TenderAction, s: TenderStatus, f: (typeof FACTS)[number]): boolean {
  switch (action) {
    // §2 tender_edit "edit a DRAFT tender (hidden from suppliers)"; decisions: Master edits DRAFTs only, a WAITING
    // tender is edited by Administrator and Contractor.
    case 'edit':
      return (!isSupplier(a) && s === 'DRAFT') || (isManager(a) && s === 'WAITING');
    // §4 DRAFT → WAITING "start tender"; decisions: not by Master.
    case 'start':
      return isManager(a) && s === 'DRAFT';
    // §4 "any allowed → CANCELED"; decisions: WAITING, ACTIVE, FINISHED, CHOOSING (a DRAFT is deleted instead).
    case 'cancel':
      return isManager(a) && ['WAITING', 'ACTIVE', 'FINISHED', 'CHOOSING'].includes(s);
    // §4 FINISHED → CHOOSING "buyer starts choosing".
    case 'choose':
      return isManager(a) && s === 'FINISHED';
    // §4 CHOOSING → ORDERED / FAILED "confirm winners".
    case 'confirm':
    case 'choose_winners':
      return isManager(a) && s === 'CHOOSING';
    // §6 "Administrator only: reopen"; decisions: from FINISHED, ORDERED, FAILED.
    case 'reopen':
      return a.group === 'ADMINISTRATOR' && ['FINISHED', 'ORDERED', 'FAILED'].includes(s);
    // §5 "a tender can be deleted only when DRAFT with zero lines" (a buyer's list action).
    case 'delete':
      return !isSupplier(a) && s === 'DRAFT' && f.detailsCount === 0;
    // §2 "Supplier, ACTIVE: offer-entry table … make offer, cancel offer".
    case 'offer':
    case 'agree':
      return offerRights(a) && s === 'ACTIVE';
    case 'cancel_offer':
      return offerRights(a) && s === 'ACTIVE' && f.companyHasOffer;
    // §6 "Suppliers … may mark a tender watched".
    case 'watch':
      return isSupplier(a) && s !== 'DRAFT';
    // decisions: suppliers comment while ACTIVE, FINISHED or CHOOSING.
    case 'comment':
      return offerRights(a) && ['ACTIVE', 'FINISHED', 'CHOOSING'].includes(s);
    // §2 approver comment in CHOOSING and shown in ORDERED; decided: once the seal is off until the end.
    case 'approver_comment':
      return isManager(a) && ['FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'].includes(s);
    // decisions: the accounting export is Administrator's and Contractor's, of an ORDERED tender.
    case 'export':
      return isManager(a) && s === 'ORDERED';
    // §6 "Non-suppliers: download ORDERED files"; "suppliers may download ORDERED files only when winner".
    case 'download':
      return s === 'ORDERED' && (!isSupplier(a) || (offerRights(a) && f.isWinner));
    // §2 history from the view, buyers only; never while offers are sealed.
    case 'history':
      return !isSupplier(a) && ['FINISHED', 'CHOOSING', 'ORDERED', 'FAILED', 'CANCELED'].includes(s);
    // issue 32: those who write the company's offers ask while the tender runs; buyers answer while it runs and
    // after (not a cancelled one); Administrator and Contractor move the finish of a running tender.
    case 'ask':
      return offerRights(a) && s === 'ACTIVE';
    case 'answer':
      return !isSupplier(a) && ['ACTIVE', 'FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'].includes(s);
    case 'extend':
      return isManager(a) && s === 'ACTIVE';
    // issue 32: a winner who refuses is replaced by the buyers who confirm winners, on an ORDERED tender.
    case 'refuse_award':
      return isManager(a) && s === 'ORDERED';
    // issue 34: a receipt is verified by its company (any state it sees) or by buyers once the offers are opened.
    case 'verify_receipt':
      return (
        (offerRights(a) && s !== 'DRAFT') ||
        (!isSupplier(a) && ['FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'].includes(s))
      );
    case 'see_declines':
      return !isSupplier(a) && ['FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'].includes(s);
    // issue 34: the award's feedback for a company that offered, unless the buyer switched it off (on by default).
    case 'feedback':
      return offerRights(a) && s === 'ORDERED' && f.companyHasOffer;
  }
}

function lineOracle(a: Actor, action: LineAction, s: TenderStatus, line: string): boolean {
  switch (action) {
    case 'offer':
      return offerRights(a) && s === 'ACTIVE';
    case 'comment_line':
      return offerRights(a) && ['ACTIVE', 'FINISHED', 'CHOOSING'].includes(s);
    case 'choose_winners':
      return isManager(a) && s === 'CHOOSING';
    // §2 evaluation page "cancel proposals" (FINISHED or CHOOSING), not twice.
    case 'cancel_proposals':
      return isManager(a) && ['FINISHED', 'CHOOSING'].includes(s) && line !== 'FAILED';
    // §6 "Administrator and Contractor: blacklist a producer, but also require the able-to-blacklist permission";
    // §2 "Buyer, FINISHED: … a blacklist button per part".
    case 'blacklist':
      return isManager(a) && !!a.canBlacklist && s === 'FINISHED';
    // issue 34: "no offer" on a part, by those who write the company's offers, while the tender runs.
    case 'decline':
      return offerRights(a) && s === 'ACTIVE';
  }
}

describe('the tender rule table', () => {
  for (const [name, actor] of Object.entries(ACTORS))
    it(`${name}: every action in every state follows the spec`, () => {
      for (const status of TENDER_STATUSES)
        for (const f of FACTS) {
          const facts = { status, ...f };
          const expected = TENDER_ACTIONS.filter((a) => oracle(actor, a, status, f));
          expect(tenderAbilities(actor, facts), `${status} ${JSON.stringify(f)}`).toEqual(expected);
          for (const a of TENDER_ACTIONS) expect(canTender(actor, a, facts)).toBe(expected.includes(a));
        }
    });

  for (const [name, actor] of Object.entries(ACTORS))
    it(`${name}: every line action in every state follows the spec`, () => {
      for (const status of TENDER_STATUSES)
        for (const lineStatus of DETAIL_STATUSES) {
          const expected = LINE_ACTIONS.filter((a) => lineOracle(actor, a, status, lineStatus));
          expect(lineAbilities(actor, { status, lineStatus }), `${status}/${lineStatus}`).toEqual(expected);
          for (const a of LINE_ACTIONS)
            expect(canLine(actor, a, { status, lineStatus })).toBe(expected.includes(a));
        }
      // A line outside a tender allows nothing.
      expect(lineAbilities(actor, { status: null, lineStatus: 'PREPARED' })).toEqual([]);
    });

  it('a master sees no start, cancel, choose or WAITING edit; a PLAIN employee without sharing only watches', () => {
    for (const status of TENDER_STATUSES) {
      const master = tenderAbilities(ACTORS.master, { status, detailsCount: 0 });
      for (const a of ['start', 'cancel', 'choose', 'confirm', 'reopen', 'choose_winners', 'export'] as const)
        expect(master).not.toContain(a);
      if (status !== 'DRAFT') expect(master).not.toContain('edit');
      const plain = tenderAbilities(ACTORS['supplier PLAIN, company does not share'], {
        status,
        companyHasOffer: true,
        isWinner: true,
      });
      expect(plain).toEqual(status === 'DRAFT' ? [] : ['watch']);
    }
  });

  it('reopen is never offered on CANCELED or CHOOSING', () => {
    for (const a of Object.values(ACTORS))
      for (const status of ['CANCELED', 'CHOOSING', 'DRAFT', 'WAITING', 'ACTIVE'] as const)
        expect(canTender(a, 'reopen', { status })).toBe(false);
  });

  it('says why: the role (403), the state (400) or a condition', () => {
    const { master, contractor, administrator } = ACTORS;
    const plain = ACTORS['supplier PLAIN, company does not share'];
    const advanced = ACTORS['supplier ADVANCED'];
    // Someone may cancel an ACTIVE tender, not a master: the role is missing.
    expect(whyNotTender(master, 'cancel', { status: 'ACTIVE' })).toBe('role');
    // A master may edit a DRAFT but the WAITING edit is the managers': the role.
    expect(whyNotTender(master, 'edit', { status: 'WAITING' })).toBe('role');
    // Nobody edits an ACTIVE tender: the state.
    expect(whyNotTender(master, 'edit', { status: 'ACTIVE' })).toBe('state');
    expect(whyNotTender(contractor, 'cancel', { status: 'CANCELED' })).toBe('state');
    expect(whyNotTender(contractor, 'reopen', { status: 'ORDERED' })).toBe('role');
    expect(whyNotTender(administrator, 'reopen', { status: 'CHOOSING' })).toBe('state');
    expect(whyNotTender(administrator, 'delete', { status: 'DRAFT', detailsCount: 2 })).toBe('fact');
    expect(whyNotTender(plain, 'offer', { status: 'ACTIVE' })).toBe('role');
    expect(whyNotTender(plain, 'agree', { status: 'FINISHED' })).toBe('role');
    expect(whyNotTender(advanced, 'agree', { status: 'FINISHED' })).toBe('state');
    expect(whyNotTender(advanced, 'cancel_offer', { status: 'ACTIVE', companyHasOffer: false })).toBe('fact');
    expect(whyNotTender(advanced, 'download', { status: 'ORDERED', isWinner: false })).toBe('fact');
    expect(whyNotTender(advanced, 'download', { status: 'FAILED' })).toBe('state');
    expect(whyNotLine(contractor, 'blacklist', { status: 'FINISHED' })).toBe('role');
    expect(whyNotLine(contractor, 'choose_winners', { status: 'FINISHED' })).toBe('state');
    expect(whyNotLine(contractor, 'choose_winners', { status: null })).toBe('state');
    expect(whyNotLine(contractor, 'cancel_proposals', { status: 'CHOOSING', lineStatus: 'FAILED' })).toBe(
      'fact',
    );
    expect(whyNotTender(contractor, 'start', { status: 'DRAFT' })).toBeNull();
  });
});
