// Hooks of the supplier's side after the offer (issue 34): the company's offer receipts (list, PDF, verify), lines
// declined with a reason (the company's own marks; the buyers' counts once the tender is opened) and the feedback
// after the award.
import type {
  DeclineWrite,
  LineDecline,
  OfferReceipts,
  ReceiptVerdict,
  ReceiptVerify,
  TenderDeclines,
  TenderFeedback,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../lib/api.ts';

export const supplierSideKeys = {
  receipts: (id: number) => ['tender-receipts', id] as const,
  declines: (id: number) => ['tender-declines', id] as const,
  feedback: (id: number) => ['tender-feedback', id] as const,
};

export const fetchReceipts = (tenderId: number, signal?: AbortSignal) =>
  api<OfferReceipts>('GET', `/tenders/${tenderId}/receipts/`, { signal });

/** The company's receipts; `version` (the tender's proposal_updated) refreshes them after every change. */
export function useReceipts(tenderId: number, enabled: boolean, version: string | null) {
  return useQuery({
    queryKey: [...supplierSideKeys.receipts(tenderId), version],
    enabled,
    queryFn: ({ signal }) => fetchReceipts(tenderId, signal),
  });
}

export const downloadReceipt = (tenderId: number, receiptId: number) =>
  download(`/tenders/${tenderId}/receipt_pdf/?receipt=${receiptId}`, `receipt_${tenderId}_${receiptId}.pdf`);

export function useVerifyReceipt() {
  return useMutation({
    mutationFn: (body: ReceiptVerify) => api<ReceiptVerdict>('POST', '/receipts/verify/', { body }),
  });
}

export function useDeclines(tenderId: number, enabled: boolean) {
  return useQuery({
    queryKey: supplierSideKeys.declines(tenderId),
    enabled,
    queryFn: ({ signal }) => api<TenderDeclines>('GET', `/tenders/${tenderId}/declines/`, { signal }),
  });
}

export function useDeclineLine(tenderId: number) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: supplierSideKeys.declines(tenderId) });
  return {
    set: useMutation({
      mutationFn: ({ detail, body }: { detail: number; body: DeclineWrite }) =>
        api<LineDecline>('PUT', `/details/${detail}/decline/`, { body }),
      meta: { form: true },
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (detail: number) => api('DELETE', `/details/${detail}/decline/`),
      onSuccess: done,
    }),
  };
}

export function useFeedback(tenderId: number, enabled: boolean) {
  return useQuery({
    queryKey: supplierSideKeys.feedback(tenderId),
    enabled,
    queryFn: ({ signal }) => api<TenderFeedback>('GET', `/tenders/${tenderId}/feedback/`, { signal }),
  });
}
