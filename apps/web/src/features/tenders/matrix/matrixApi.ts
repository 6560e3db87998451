// The comparison matrix's calls (GET /tenders/{id}/matrix/, …/rows/, …/xlsx/): its columns and sums, its rows in
// windows of MATRIX_WINDOW rows (the next window asked for as the table nears its end), its spreadsheet. Kept under the
// tender's query key, so a winner saved anywhere refreshes the sums and the rows.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, download } from '../../../lib/api.ts';
import { tenderKeys } from '../api.ts';

export const MATRIX_WINDOW = 100;

export interface MatrixSupplier {
  id: number;
  name: string;
  lines: number;
  total: string;
  best_lines: number;
}
export interface MatrixSummary {
  tender: { id: number; status: string; tender_code: string };
  suppliers: MatrixSupplier[];
  lines: number;
  lines_with_offers: number;
  lines_without_offers: number;
  lines_above_budget: number;
  sums: {
    cheapest_per_line: { total: string; lines: number };
    cheapest_supplier: { supplier: number; supplier_name: string; total: string; lines: number } | null;
    current_choice: { total: string; lines: number };
  };
}
export interface MatrixCell {
  supplier: number;
  proposal: number;
  price: string;
  delivery_date: string;
  producer: number;
  producer_name: string;
  available_qty: string | null;
  offers: number;
  best: boolean;
  blacklisted: boolean;
  winner: boolean;
}
export interface MatrixRow {
  id: number;
  part: number;
  part_code: string;
  part_name: string;
  unit: string | null;
  qty: string;
  reference_price: string | null;
  above_budget: boolean;
  best_price: string | null;
  offers: number;
  winners: { proposal: number; supplier: number; amount: string }[];
  cells: MatrixCell[];
}
interface RowsPage {
  count: number;
  offset: number;
  limit: number;
  rows: MatrixRow[];
}

export type MatrixSort = 'line' | 'part_code' | 'part_name' | 'best_price' | 'offers' | 'spread';
export type MatrixFilter = 'all' | 'no_offers' | 'above_budget' | 'no_winner';
export interface MatrixView {
  sort: MatrixSort;
  desc: boolean;
  filter: MatrixFilter;
  supplier?: number;
}

const matrixKey = (id: string) => [...tenderKeys.item(id), 'matrix'] as const;

export function useMatrixSummary(id: string) {
  return useQuery({
    queryKey: [...matrixKey(id), 'summary'],
    queryFn: ({ signal }) => api<MatrixSummary>('GET', `/tenders/${id}/matrix/`, { signal }),
  });
}

export function useMatrixRows(id: string, view: MatrixView) {
  return useInfiniteQuery({
    queryKey: [...matrixKey(id), 'rows', view],
    initialPageParam: 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal, pageParam }) =>
      api<RowsPage>('GET', `/tenders/${id}/matrix/rows/`, {
        query: {
          offset: pageParam,
          limit: MATRIX_WINDOW,
          sort: `${view.desc ? '-' : ''}${view.sort}`,
          filter: view.filter,
          supplier: view.supplier,
        },
        signal,
      }),
    getNextPageParam: (last: RowsPage) =>
      last.offset + last.rows.length < last.count ? last.offset + last.rows.length : undefined,
  });
}

export const downloadMatrix = (id: string) => {
  const today = new Date().toISOString().slice(0, 10);
  return download(`/tenders/${id}/matrix/xlsx/`, `tender_${id}_matrix_${today}.xlsx`);
};
