// The events the audit table (history) records, by entity: `${entity}.${action}`. The server writes only these
// (apps/server/src/lib/history.ts takes an entity and an action of this list) and the web words them
// (features/tenders/history/sentence.ts switches on this type), so an event renamed or added on one side is a type
// error on the other until both agree.
export const HISTORY_EVENTS = {
  tender: [
    'created',
    'changed',
    'status',
    'reopened',
    'deleted',
    'finish_extended',
    'log_added',
    'log_removed',
    'order_created',
    'order_withdrawn',
    'award_refused',
    'refused_order_exported',
    'outcome_mailed',
    'bc_order_synced',
    'bc_order_failed',
    'bc_order_withdrawal_queued',
    'bc_order_withdrawn',
    'bc_order_withdraw_failed',
  ],
  detail: ['created', 'updated', 'deleted', 'chosen', 'status', 'qty', 'bc_sync_retried'],
  proposal: ['created', 'changed', 'deleted', 'status'],
  winner: ['created', 'updated', 'deleted', 'status'],
  comment: ['created', 'changed', 'deleted', 'status'],
  decline: ['set', 'removed', 'issued'],
  receipt: ['issued', 'removed', 'withdrawn'],
  question: ['asked', 'answered', 'answer_changed'],
  blacklist: ['created', 'updated', 'deleted'],
  user: [
    'created',
    'registered',
    'updated',
    'profile_updated',
    'password_changed',
    'password_reset',
    'activated',
    'deactivated',
    'removed',
    'account_deleted',
  ],
  supplier: [
    'created',
    'registered',
    'updated',
    'activated',
    'deactivated',
    'removed',
    'excluded',
    'categories_changed',
    'category_removed',
    'breach_recorded',
    'breach_updated',
  ],
  export: ['directo_export_started', 'directo_export_succeeded', 'directo_export_failed'],
  delivery: ['delivery_retried', 'delivery_discarded'],
  terms: ['published'],
  notice: ['created', 'changed', 'deleted'],
} as const;

/** What a history row is about (its entity column). */
export type HistoryEntity = keyof typeof HISTORY_EVENTS;
/** The actions recorded for one entity (its action column). */
export type HistoryAction<E extends HistoryEntity = HistoryEntity> = (typeof HISTORY_EVENTS)[E][number];
/** One recorded event as `${entity}.${action}`: what the web's history sentences switch on. */
export type HistoryEvent = { [E in HistoryEntity]: `${E}.${HistoryAction<E>}` }[HistoryEntity];
/** An entity with one of its actions: what the server's audit functions take. */
export type HistoryEventOf = { [E in HistoryEntity]: { entity: E; action: HistoryAction<E> } }[HistoryEntity];
