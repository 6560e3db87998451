// Why an export to the accounting module failed, in words: the server's own codes translated, Directo's answer
// quoted after a translated lead-in.
import type { TFunction } from 'i18next';

const CODES = ['module_inactive', 'no_orders', 'export_failed', 'delivery_discarded'];

export function exportReason(message: string | null | undefined, t: TFunction): string {
  if (!message) return t('tenderView.export.reason.unknown');
  if (CODES.includes(message)) return t(`tenderView.export.reason.${message}`);
  return t('tenderView.export.reason.directo', { message });
}
