// Reports area API: the five report lists (with totals), their exports, the consolidated chart and the category
// tree filter. Types come from the shared contract.
import type {
  CategoryReportRow,
  CategoryTreeNode,
  ConsolidatedRow,
  GroupItem,
  ListPage,
  OrderReportRow,
  PartReportRow,
  ReportPage,
  SpendPoint,
  SupplierReportRow,
} from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { resourceKey } from '../../lib/resource.ts';

export type {
  CategoryReportRow,
  ConsolidatedRow,
  OrderReportRow,
  PartReportRow,
  SpendPoint,
  SupplierReportRow,
};

export type ReportName = 'consolidated' | 'orders' | 'parts' | 'suppliers' | 'categories';
export const reportPath = (r: ReportName) => `/reports/${r}/`;
export type ListQuery = Record<string, string | number>;

export type { ReportPage };

export function useReport<T>(report: ReportName, query: ListQuery) {
  return useQuery({
    queryKey: [...resourceKey(reportPath(report)), 'list', query],
    queryFn: ({ signal }) => api<ReportPage<T>>('GET', reportPath(report), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** All rows of the report's filter (page_size 0), or only the chosen ids: for the spreadsheet export. */
export function fetchReportRows<T>(report: ReportName, query: ListQuery, ids?: (string | number)[]) {
  const { page: _p, page_size: _s, ...rest } = query;
  return api<T[]>('GET', reportPath(report), {
    query: ids?.length ? { ...rest, page_size: 0, ids: ids.join(',') } : { ...rest, page_size: 0 },
  });
}

export function useSpendChart(query: ListQuery) {
  const { page: _p, page_size: _s, ordering: _o, ...filters } = query;
  return useQuery({
    queryKey: [...resourceKey(reportPath('consolidated')), 'chart', filters],
    queryFn: ({ signal }) =>
      api<SpendPoint[]>('GET', '/reports/consolidated/chart/', { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCategoryTree(groups: string[]) {
  return useQuery({
    queryKey: [...resourceKey('/reports/categories/tree/'), groups],
    queryFn: ({ signal }) =>
      api<CategoryTreeNode[]>('GET', '/reports/categories/tree/', {
        query: { filter_group: groups.join('|') },
        signal,
      }),
    enabled: groups.length > 0,
    staleTime: 60_000,
  });
}

export function useGroups() {
  return useQuery({
    queryKey: [...resourceKey('/groups/'), 'options', 'reports'],
    queryFn: ({ signal }) =>
      api<ListPage<GroupItem>>('GET', '/groups/', {
        query: { is_active: 'true', page_size: 100 },
        signal,
      }).then((r) => r.results),
    staleTime: 60_000,
  });
}

/** A tender opens in the form while DRAFT, otherwise in the view. */
export const tenderHref = (id: number, status: string) =>
  status === 'DRAFT' ? `/tenders/${id}/edit` : `/tenders/${id}/view`;
