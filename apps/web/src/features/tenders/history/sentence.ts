// One history row as a sentence in the reader's language: "Supplier OÜ offered Bosch at 12,50 € for P-1 Brake
// pad". Names come from the server (`names`: part, supplier, producer, price, group, warehouse), values are
// written the reader's way (numbers, dates, statuses, reasons), and no field name or id is shown.
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatPrice,
  formatQuantity,
  type HistoryEvent,
  type Language,
} from '@portal/shared';
import type { TFunction } from 'i18next';
import type { HistoryEntry } from '../viewApi.ts';
import { exportReason } from './exportReason.ts';

export interface Sentence {
  /** The sentence itself. */
  text: string;
  /** Values that go with it ("start 01.03.2026 10:00", "quantity 3"), already worded. */
  details: string[];
}

const S = 'tenderView.history.sentence';

export function historySentence(h: HistoryEntry, t: TFunction, lang: Language): Sentence {
  const d = h.data ?? {};
  const n = h.names ?? {};
  const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const price = (v: unknown) => (v == null || v === '' ? '' : formatPrice(str(v), lang));
  const qty = (v: unknown) => (v == null || v === '' ? '' : formatQuantity(str(v), lang));
  const status = (v: unknown, line = false) =>
    v ? t(`tenders.${line ? 'detail_status' : 'status'}.${str(v)}`, { defaultValue: str(v) }) : '—';
  const part = n.part ?? t(`${S}.unknown_part`);
  const supplier = n.supplier ?? t(`${S}.unknown_supplier`);
  const field = (k: string) => t(`tenderView.history.field.${k}`);
  const say = (key: string, values: Record<string, unknown> = {}, details: string[] = []): Sentence => ({
    text: t(`${S}.${key}`, { ...values, interpolation: { escapeValue: false } }),
    details: details.filter(Boolean),
  });
  const offerDetails = () => [n.producer ?? '', price(d.price ?? n.price)];

  // The server records only HISTORY_EVENTS (packages/shared); a case that is none of them is a type error here. A
  // row written before an event was renamed falls to the default sentence.
  switch (`${h.entity}.${h.action}` as HistoryEvent) {
    case 'tender.created':
      return say('tender_created', { code: str(d.tender_code) });
    case 'tender.changed': {
      const details: string[] = [];
      if ('start' in d) details.push(`${field('start')} ${formatDateTime(str(d.start))}`);
      if ('finish' in d) details.push(`${field('finish')} ${formatDateTime(str(d.finish))}`);
      if ('group' in d) details.push(`${field('group')} ${n.group ?? '—'}`);
      if ('warehouse' in d) details.push(`${field('warehouse')} ${n.warehouse ?? '—'}`);
      if ('additional_info' in d) details.push(`${field('additional_info')} „${str(d.additional_info)}“`);
      if ('feedback_enabled' in d) details.push(t(`${S}.feedback_${d.feedback_enabled ? 'on' : 'off'}`));
      return say('tender_changed', {}, details);
    }
    case 'tender.status':
      return say(d.by === 'scheduler' ? 'tender_status_auto' : 'tender_status', {
        from: status(d.from),
        to: status(d.to),
      });
    case 'tender.reopened':
      return say('tender_reopened', { from: status(d.from) });
    case 'tender.deleted':
      return say('tender_deleted', { code: str(d.tender_code) });
    case 'tender.log_added':
    case 'tender.log_removed': {
      const flag = d.action === 'AGREED' ? 'agreed' : 'watched';
      return say(`${flag}_${h.action === 'log_added' ? 'added' : 'removed'}`, { supplier });
    }
    case 'tender.order_created':
      return say('order_created', { order: str(d.order_code), supplier });
    // A winner refused (issue 32): the refusal with its claim, and what it did to the orders.
    case 'tender.award_refused':
      return say('award_refused', { supplier }, [
        str(d.reason),
        t(`${S}.claim`, {
          amount: formatMoney(str(d.claim_amount || '0'), lang),
          due: formatDate(str(d.claim_due)),
        }),
      ]);
    case 'tender.order_withdrawn':
      return say('order_withdrawn', { order: str(d.order_code), supplier });
    case 'tender.refused_order_exported':
      return say('refused_order_exported', { order: str(d.order_code) });
    case 'tender.outcome_mailed':
      return say('outcome_mailed', { count: Array.isArray(d.told) ? d.told.length : 0 });
    case 'detail.chosen':
      return say('line_chosen', { part }, d.qty != null ? [`${field('qty')} ${qty(d.qty)}`] : []);
    case 'detail.status':
      if (d.to === 'PREPARED' && d.removed_from_tender != null) return say('line_removed', { part });
      return say('line_status', { part, from: status(d.from, true), to: status(d.to, true) });
    case 'detail.qty':
      return say('line_qty', { part, qty: qty(d.qty) });
    case 'proposal.created':
      return say('offer_created', { supplier, part }, offerDetails());
    case 'proposal.changed':
      return say('offer_changed', { supplier, part }, offerDetails());
    case 'proposal.deleted':
      return say(
        d.reason === 'tender_canceled'
          ? 'offer_deleted_tender_canceled'
          : d.reason === 'offer_canceled'
            ? 'offer_canceled'
            : 'offer_deleted',
        { supplier, part },
      );
    case 'winner.created':
      return say('winner_created', { supplier, part }, [
        n.producer ?? '',
        price(n.price),
        d.amount != null && d.amount !== '' ? `${field('amount')} ${qty(d.amount)}` : '',
        d.reason
          ? `${field('reason')}: ${t(`tenders.reason.${str(d.reason)}`, { defaultValue: str(d.reason) })}`
          : '',
      ]);
    case 'winner.deleted':
      return say(n.supplier ? 'winner_deleted' : 'winner_deleted_unnamed', { supplier, part });
    case 'comment.created':
    case 'comment.changed':
    case 'comment.deleted': {
      const kind = ['TENDER', 'APPROVER', 'DETAIL_SUPPLIER', 'WINNER'].includes(str(d.kind))
        ? str(d.kind)
        : 'OTHER';
      const what = t(`${S}.comment_kind.${kind}`, { part, interpolation: { escapeValue: false } });
      return say(`comment_${h.action}`, { what }, n.supplier ? [n.supplier] : []);
    }
    case 'export.directo_export_started':
      return say('export_started');
    case 'export.directo_export_succeeded':
      return say('export_succeeded');
    case 'export.directo_export_failed':
      return say('export_failed', { reason: exportReason(str(d.message) || null, t) });
    case 'tender.bc_order_synced':
    case 'tender.bc_order_withdrawal_queued':
      return say(h.action, { order: str(d.order_code) });
    case 'tender.bc_order_withdrawn':
      return say(h.action, { order: str(d.order_code) }, [
        Array.isArray(d.numbers) ? d.numbers.map(str).join(', ') : '',
      ]);
    case 'tender.bc_order_failed':
    case 'tender.bc_order_withdraw_failed':
      // The ERP's own message (its words, not ours); the portal's own reasons are keys and are left out.
      return say(h.action, { order: str(d.order_code) }, [
        /^[a-z_]+$/.test(str(d.message)) ? '' : str(d.message),
      ]);
    case 'detail.bc_sync_retried':
      return say('bc_sync_retried', { part });
    // Questions while a tender runs (issue 32): the asker is never named.
    case 'question.asked':
      return say(d.detail != null ? 'question_asked_line' : 'question_asked', { part });
    case 'question.answered':
    case 'question.answer_changed':
      return say(h.action === 'answered' ? 'question_answered' : 'question_answer_changed');
    case 'tender.finish_extended':
      return say('finish_extended', {
        from: formatDateTime(str(d.from)),
        to: formatDateTime(str(d.to)),
      });
    case 'receipt.issued':
      return say('receipt_issued', { supplier }, [`SHA-256 ${str(d.digest)}`, `${qty(d.lines)}`]);
    case 'receipt.withdrawn':
      return say('receipt_withdrawn', { supplier });
    case 'decline.set':
      return say('decline_set', { supplier, part }, [
        t(`supplierSide.decline.reason.${str(d.reason)}`, { defaultValue: str(d.reason) }),
      ]);
    case 'decline.removed':
      return say('decline_removed', { supplier, part });
    default: {
      const entity = t(`tenderView.history.entity.${h.entity}`, { defaultValue: t(`${S}.something`) });
      const action = t(`tenderView.history.action.${h.action}`, { defaultValue: t(`${S}.changed`) });
      return say('other', { entity, action });
    }
  }
}
