// One report's list: its state in the URL (sorting, paging, search, filters), the page of rows with the totals,
// and for a report with a fixed page size that size in every call and as the pager's only choice.
import { useMemo } from 'react';
import { type ListState, useListState } from '../../lib/listState.ts';
import { type ListQuery, type ReportName, type ReportPage, useReport } from './api.ts';

export interface ReportList<T> {
  name: ReportName;
  state: ListState;
  query: ListQuery;
  data: ReportPage<T> | undefined;
  loading: boolean;
  pageSizes: readonly number[] | undefined;
}

export function useReportList<T>(
  name: ReportName,
  opts: { defaultOrdering: string; defaultFilters?: Record<string, string>; pageSize?: number },
): ReportList<T> {
  const { pageSize } = opts;
  const state = useListState({
    defaultOrdering: opts.defaultOrdering,
    defaultPageSize: pageSize,
    defaultFilters: opts.defaultFilters,
  });
  const query = pageSize ? { ...state.query, page_size: pageSize } : state.query;
  const list = useReport<T>(name, query);
  const pageSizes = useMemo(() => (pageSize ? [pageSize] : undefined), [pageSize]);
  return { name, state, query, data: list.data, loading: list.isFetching, pageSizes };
}
