// List state (page, page_size, search, ordering, filter_*) lives in the URL query and is remembered per route
// in localStorage: opening a route with no query restores what was there last; reset returns to the plain route.
import { PAGE_SIZES } from '@portal/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

const storeKey = (path: string) => `list:${path}`;
const pageSizeKey = (path: string) => `page_size:${path}`;

export interface ListState {
  page: number;
  pageSize: number;
  search: string;
  ordering: string;
  /** Every other query value (filter_*, is_active…), as strings. */
  filters: Record<string, string>;
  /** What to send to the API list call. */
  query: Record<string, string | number>;
  setPage(page: number): void;
  setPageSize(size: number): void;
  setSearch(search: string): void;
  setOrdering(ordering: string): void;
  setFilters(filters: Record<string, string | undefined>): void;
  reset(): void;
}

export function useListState(opts: {
  defaultOrdering: string;
  defaultPageSize?: number;
  /** Filters applied when the route has none (e.g. a default start date). */
  defaultFilters?: Record<string, string>;
  /** Key of the remembered state; defaults to the route path. */
  storageKey?: string;
}): ListState {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const key = opts.storageKey ?? location.pathname;

  // Restore the remembered query when the route opens bare.
  useEffect(() => {
    if (location.search) return;
    const saved = localStorage.getItem(storeKey(key));
    if (saved) navigate({ pathname: location.pathname, search: saved }, { replace: true });
  }, [key, location.pathname, location.search, navigate]);

  // Remember the current query.
  useEffect(() => {
    if (location.search) localStorage.setItem(storeKey(key), location.search);
  }, [key, location.search]);

  const rememberedSize = Number(localStorage.getItem(pageSizeKey(key)));
  const sizeParam = Number(params.get('page_size'));
  const pageSize =
    sizeParam > 0 ? sizeParam : rememberedSize > 0 ? rememberedSize : (opts.defaultPageSize ?? PAGE_SIZES[0]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const ordering = params.get('ordering') ?? opts.defaultOrdering;
  const filtersKey = params.toString();
  // Keyed by value: callers may pass a fresh defaultFilters object on every render.
  const defaultsKey = JSON.stringify(opts.defaultFilters ?? {});
  const filters = useMemo(() => {
    const f = JSON.parse(defaultsKey) as Record<string, string>;
    const own = new URLSearchParams(filtersKey);
    const hasAny = [...own.keys()].some((k) => !['page', 'page_size', 'search', 'ordering'].includes(k));
    if (hasAny) for (const k of Object.keys(f)) delete f[k];
    for (const [k, v] of own) if (!['page', 'page_size', 'search', 'ordering'].includes(k)) f[k] = v;
    return f;
  }, [filtersKey, defaultsKey]);

  const update = useCallback(
    (changes: Record<string, string | undefined>, keepPage = false) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, v);
        }
        if (!keepPage) next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  return {
    page,
    pageSize,
    search,
    ordering,
    filters,
    query: { page, page_size: pageSize, ordering, ...(search ? { search } : {}), ...filters },
    setPage: (p) => update({ page: p > 1 ? String(p) : undefined }, true),
    setPageSize: (s) => {
      localStorage.setItem(pageSizeKey(key), String(s));
      update({ page_size: String(s) });
    },
    setSearch: (s) => update({ search: s.trim() || undefined }),
    setOrdering: (o) => update({ ordering: o === opts.defaultOrdering ? undefined : o }),
    setFilters: (f) => update(f),
    reset: () => {
      localStorage.removeItem(storeKey(key));
      navigate({ pathname: location.pathname, search: '' });
      // A bare route restores the remembered query; we just removed it, so the plain route stays.
    },
  };
}
