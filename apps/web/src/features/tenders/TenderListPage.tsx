// /tenders: the tender list (spec 1 "Tender list"): collapsible filter, search, sortable columns, paging,
// row actions, and for buyers row selection with a spreadsheet export and the "add tender" button.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton } from 'antd';
import { type Key, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResourceTable } from '../../components/ResourceTable.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { SpreadsheetExport } from '../../components/SpreadsheetExport.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorToast } from '../../lib/errorToast.ts';
import { useListState } from '../../lib/listState.ts';
import { usePhone } from '../../lib/media.ts';
import { useStagedMount } from '../../lib/stagedMount.ts';
import { fetchTendersForExport, type Tender, useTenderList } from './api.ts';
import { tenderColumns, tenderExportColumns } from './list/columns.tsx';
import { useDeadlineRefresh } from './list/deadlineRefresh.ts';
import { defaultFilterStart } from './list/filters.ts';
import { TenderFilters } from './list/TenderFilters.tsx';
import './tenders.css';
import { PageTitle } from '../../components/PageTitle.tsx';

export default function TenderListPage() {
  const { t } = useTranslation();
  const { user, isSupplier, isBuyer } = useAuth();
  const navigate = useNavigate();
  const defaultFilters = useMemo(() => ({ filter_start: defaultFilterStart() }), []);
  const state = useListState({ defaultOrdering: '-start', defaultFilters });
  const list = useTenderList(state.query);
  // The rows are rendered in a transition (sliced, the main thread stays free between slices) when an answer comes.
  const rows = useDeferredValue(list.data);
  // A tender reaching its end or start while the list is open is shown in its new state.
  useDeadlineRefresh(list.data?.results, list.dataUpdatedAt, list.refetch);
  const [selected, setSelected] = useState<Key[]>([]);
  const phone = usePhone();
  const columns = useMemo(() => tenderColumns(t, isSupplier, phone), [t, isSupplier, phone]);
  const groups = user?.warehouse_groups_options ?? [];
  // The head first, then the filter, then the toolbar and the table: three short commits instead of one long one.
  // The list request starts with the first.
  const stage = useStagedMount(2);

  return (
    <div className={stage < 2 ? 'tender-page tender-page-mounting' : 'tender-page'}>
      <Flex justify="space-between" align="center" wrap gap={8} className="tender-page-head">
        <PageTitle>{t('tenders.title')}</PageTitle>
        {isBuyer && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/tenders/add')}
            data-testid="add-tender"
          >
            {t('tenders.list.add')}
          </Button>
        )}
      </Flex>

      {stage >= 1 && (
        <TenderFilters
          filters={state.filters}
          groups={groups}
          showSync={!isSupplier}
          onApply={(f) => {
            setSelected([]);
            state.setFilters(f);
          }}
          onReset={() => {
            setSelected([]);
            state.reset();
          }}
        />
      )}

      {/* Until the list is mounted, a placeholder says it is on its way (not a bare title). */}
      {stage < 2 && (
        <div role="status" data-testid="tender-list-loading">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        </div>
      )}
      {stage >= 2 && (
        <>
          <Flex justify="space-between" align="center" wrap gap={8} className="tender-toolbar">
            <SearchBox
              value={state.search}
              onSearch={state.setSearch}
              placeholder={t('tenders.list.search')}
            />
            {!isSupplier && (
              <SpreadsheetExport
                selected={selected}
                labels={{
                  selected: t('tenders.list.export_selected', { count: selected.length }),
                  all: t('tenders.list.export_all'),
                }}
                columns={tenderExportColumns(t)}
                rows={(ids) => fetchTendersForExport(state.query, ids)}
                onError={errorToast}
              />
            )}
          </Flex>

          <ResourceTable<Tender>
            state={state}
            data={rows}
            loading={list.isFetching}
            columns={columns}
            selected={isSupplier ? undefined : selected}
            onSelect={isSupplier ? undefined : setSelected}
            rowClassName={(r) => (r.watched ? 'tender-row-watched' : '')}
            stickyHeader
          />
        </>
      )}
    </div>
  );
}
