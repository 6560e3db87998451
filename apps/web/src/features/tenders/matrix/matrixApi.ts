// The comparison matrix's calls (GET /tenders/{id}/matrix/, …/rows/, …/xlsx/): its columns and sums, its rows in
// windows of MATRIX_WINDOW rows (the first one about a few screens of rows; the next asked for as the table nears its end), its spreadsheet. Kept under the
// tender's query key, so a winner saved anywhere refreshes the sums and the rows.
import type {
  MatrixCell,
  MatrixFilter,
  MatrixRow,
  MatrixRowsPage,
  MatrixSort,
  MatrixSummary,
  MatrixSupplier,
} from '@portal/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, download } from '../../../lib/api.ts';
import { tenderKeys } from '../api.ts';

export const MATRIX_WINDOW = 50;

export type { MatrixCell, MatrixFilter, MatrixRow, MatrixSort, MatrixSummary, MatrixSupplier };

type RowsPage = MatrixRowsPage;

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
