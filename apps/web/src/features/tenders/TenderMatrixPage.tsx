// /tenders/{id}/matrix: the comparison matrix of an opened tender (buyers; FINISHED, CHOOSING, ORDERED). One row per
// line, one column per supplier company with its best offer line on the line (the best of the row marked,
// blacklisted producers greyed), the companies' totals in their column heads, the three sums side by side; sorted and
// filtered on the server, rows loaded in windows as the table scrolls, only the columns in view drawn; xlsx download.
import {
  ArrowLeftOutlined,
  FileExcelOutlined,
  SortAscendingOutlined,
  SortDescendingOutlined,
  StarFilled,
  TrophyOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Flex,
  Popover,
  Select,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { loadErrorKey } from '../../components/LoadErrorResult.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { errorText } from '../../i18n/index.ts';
import { errorToast } from '../../lib/errorToast.ts';
import { fmtDate, fmtQty, formatPrice, formatTotal } from '../../lib/format.ts';
import { usePhone } from '../../lib/media.ts';
import { CellMore } from './matrix/CellMore.tsx';
import {
  downloadMatrix,
  type MatrixCell,
  type MatrixFilter,
  type MatrixRow,
  type MatrixSort,
  type MatrixSupplier,
  type MatrixView,
  useMatrixRows,
  useMatrixSummary,
} from './matrix/matrixApi.ts';
import './matrix/matrix.css';
import './tenders.css';

/** Column widths on a desktop, and on a phone (below 768 px) where the fixed line column leaves room for a company. */
const WIDTHS = { line: 210, best: 100, col: 150 };
const PHONE_WIDTHS = { line: 124, best: 84, col: 132 };
const SORTS: MatrixSort[] = ['line', 'part_code', 'part_name', 'best_price', 'offers', 'spread'];
const FILTERS: MatrixFilter[] = ['all', 'no_offers', 'above_budget', 'no_winner'];
/** Columns drawn beyond the ones in view, on each side. */
const OVERSCAN = 2;

export default function TenderMatrixPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [view, setView] = useState<MatrixView>({ sort: 'line', desc: false, filter: 'all' });
  const [scrollLeft, setScrollLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const phone = usePhone();
  const { line: LINE_W, best: BEST_W, col: COL_W } = phone ? PHONE_WIDTHS : WIDTHS;
  const summary = useMatrixSummary(id);
  const rowsQ = useMatrixRows(id, view);
  const rows = useMemo(() => rowsQ.data?.pages.flatMap((p) => p.rows) ?? [], [rowsQ.data]);
  const count = rowsQ.data?.pages[0]?.count ?? 0;

  const all = summary.data?.suppliers;
  const suppliers = useMemo(
    () => (all ?? []).filter((s) => view.supplier === undefined || s.id === view.supplier),
    [all, view.supplier],
  );
  // Columns in view (with a margin): the others keep their width but draw nothing.
  const first = Math.max(0, Math.floor(scrollLeft / COL_W) - OVERSCAN);
  const last = Math.ceil((scrollLeft + window.innerWidth) / COL_W) + OVERSCAN;

  const columns = useMemo<TableColumnsType<MatrixRow>>(
    () => [
      {
        key: 'line',
        title: t('tenderMatrix.line'),
        width: LINE_W,
        fixed: 'left',
        render: (_v, r) => <LineCell row={r} />,
      },
      {
        key: 'best',
        title: t('tenderMatrix.best'),
        width: BEST_W,
        align: 'right',
        render: (_v, r) =>
          r.best_price ? (
            <span className="matrix-best-price">{formatPrice(r.best_price)}</span>
          ) : (
            <span className="matrix-muted">—</span>
          ),
      },
      ...suppliers.map((s, i) => ({
        key: `s${s.id}`,
        title: <SupplierHead s={s} />,
        width: COL_W,
        render: (_v: unknown, r: MatrixRow) => {
          if (i < first || i > last) return null;
          const cell = r.cells.find((c) => c.supplier === s.id);
          return cell ? <Cell row={r} cell={cell} supplierName={s.name} /> : null;
        },
      })),
    ],
    [t, suppliers, first, last, LINE_W, BEST_W, COL_W],
  );

  if (summary.isError)
    return (
      <Flex vertical gap={16}>
        <Back id={id} />
        <PageTitle>{t('tenderMatrix.heading')}</PageTitle>
        <Alert
          type="error"
          showIcon
          title={errorText(loadErrorKey(summary.error))}
          data-testid="matrix-error"
        />
      </Flex>
    );
  const m = summary.data;
  if (!m) return <Skeleton active paragraph={{ rows: 10 }} />;
  const width = LINE_W + BEST_W + suppliers.length * COL_W;
  const set = (patch: Partial<MatrixView>) => setView((v) => ({ ...v, ...patch }));
  const onDownload = async () => {
    setBusy(true);
    try {
      await downloadMatrix(id);
    } catch (err) {
      errorToast(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={16} className="tender-matrix" data-testid="tender-matrix">
      <PageHeader
        title={
          <Flex gap={8} align="center">
            <Link to={`/tenders/${id}/view`} aria-label={t('tenderMatrix.back')}>
              <ArrowLeftOutlined />
            </Link>
            {t('tenderMatrix.title', { code: m.tender.tender_code })}
          </Flex>
        }
        extra={
          <Button icon={<FileExcelOutlined />} loading={busy} onClick={onDownload} data-testid="matrix-xlsx">
            {t('tenderMatrix.download')}
          </Button>
        }
      />
      <Flex gap={12} wrap className="matrix-sums" data-testid="matrix-sums">
        <Card size="small" className="matrix-sum" data-testid="sum-cheapest">
          <div className="matrix-sum-label">{t('tenderMatrix.sums.cheapest_per_line')}</div>
          <div className="matrix-sum-value">{formatTotal(m.sums.cheapest_per_line.total)}</div>
          <div className="matrix-sum-sub">
            {t('tenderMatrix.sums.lines', { count: m.sums.cheapest_per_line.lines, total: m.lines })}
          </div>
        </Card>
        <Card size="small" className="matrix-sum" data-testid="sum-single">
          <div className="matrix-sum-label">{t('tenderMatrix.sums.cheapest_supplier')}</div>
          <div className="matrix-sum-value">
            {m.sums.cheapest_supplier ? formatTotal(m.sums.cheapest_supplier.total) : '—'}
          </div>
          <div className="matrix-sum-sub">
            {m.sums.cheapest_supplier
              ? `${m.sums.cheapest_supplier.supplier_name} · ${t('tenderMatrix.sums.lines', {
                  count: m.sums.cheapest_supplier.lines,
                  total: m.lines,
                })}`
              : ''}
          </div>
        </Card>
        <Card size="small" className="matrix-sum" data-testid="sum-choice">
          <div className="matrix-sum-label">{t('tenderMatrix.sums.current_choice')}</div>
          <div className="matrix-sum-value">{formatTotal(m.sums.current_choice.total)}</div>
          <div className="matrix-sum-sub">
            {t('tenderMatrix.sums.lines', { count: m.sums.current_choice.lines, total: m.lines })}
          </div>
        </Card>
      </Flex>
      <Flex gap={8} wrap align="center" className="matrix-tools">
        <Select<MatrixSort>
          aria-label={t('tenderMatrix.sort.label')}
          data-testid="matrix-sort"
          value={view.sort}
          onChange={(sort) => set({ sort })}
          style={{ minWidth: 170 }}
          options={SORTS.map((s) => ({ value: s, label: t(`tenderMatrix.sort.${s}`) }))}
        />
        <Button
          aria-label={view.desc ? t('tenderMatrix.sort.desc') : t('tenderMatrix.sort.asc')}
          title={view.desc ? t('tenderMatrix.sort.desc') : t('tenderMatrix.sort.asc')}
          icon={view.desc ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
          onClick={() => set({ desc: !view.desc })}
          data-testid="matrix-direction"
        />
        <Select<MatrixFilter>
          aria-label={t('tenderMatrix.filter.label')}
          data-testid="matrix-filter"
          value={view.filter}
          onChange={(filter) => set({ filter })}
          style={{ minWidth: 190 }}
          options={FILTERS.map((f) => ({
            value: f,
            label:
              f === 'no_offers'
                ? `${t('tenderMatrix.filter.no_offers')} (${m.lines_without_offers})`
                : f === 'above_budget'
                  ? `${t('tenderMatrix.filter.above_budget')} (${m.lines_above_budget})`
                  : t(`tenderMatrix.filter.${f}`),
          }))}
        />
        <Select<number>
          aria-label={t('tenderMatrix.filter.supplier')}
          data-testid="matrix-supplier"
          placeholder={t('tenderMatrix.filter.supplier')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={view.supplier}
          onChange={(supplier) => set({ supplier: supplier ?? undefined })}
          style={{ minWidth: 200 }}
          options={m.suppliers.map((s) => ({ value: s.id, label: s.name }))}
        />
        <span className="matrix-count" data-testid="matrix-count">
          {t('tenderMatrix.count', { count, total: m.lines })}
        </span>
      </Flex>
      {rowsQ.isError ? (
        <Alert type="error" showIcon title={errorText(loadErrorKey(rowsQ.error))} />
      ) : (
        <Table<MatrixRow>
          className="matrix-table"
          size="small"
          bordered
          rowKey="id"
          virtual
          loading={rowsQ.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: width, y: 560 }}
          rowClassName={(r) => (r.offers === 0 ? 'matrix-row-empty' : '')}
          locale={{ emptyText: t('tenderMatrix.empty') }}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (Math.abs(el.scrollLeft - scrollLeft) >= COL_W / 2) setScrollLeft(el.scrollLeft);
            if (
              el.scrollTop + el.clientHeight > el.scrollHeight - 400 &&
              rowsQ.hasNextPage &&
              !rowsQ.isFetchingNextPage
            )
              void rowsQ.fetchNextPage();
          }}
        />
      )}
      {rowsQ.hasNextPage && (
        <Flex justify="center">
          <Button
            loading={rowsQ.isFetchingNextPage}
            onClick={() => void rowsQ.fetchNextPage()}
            data-testid="matrix-more-rows"
          >
            {t('tenderMatrix.more_rows', { count: rows.length, total: count })}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

function Back({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`/tenders/${id}/view`}>
      <ArrowLeftOutlined /> {t('tenderMatrix.back')}
    </Link>
  );
}

function SupplierHead({ s }: { s: MatrixSupplier }) {
  const { t } = useTranslation();
  return (
    <div className="matrix-head" data-testid={`matrix-head-${s.id}`}>
      <div className="matrix-head-name" title={s.name}>
        {s.name}
      </div>
      <div className="matrix-head-total">{formatTotal(s.total)}</div>
      <div className="matrix-head-sub">{t('tenderMatrix.head_lines', { count: s.lines })}</div>
    </div>
  );
}

function LineCell({ row }: { row: MatrixRow }) {
  const { t } = useTranslation();
  return (
    <div className="matrix-line">
      <div className="matrix-line-code">{row.part_code}</div>
      <div className="matrix-line-name">{row.part_name}</div>
      <div className="matrix-line-sub">
        {fmtQty(row.qty)} {row.unit ?? ''}
        {row.reference_price && ` · ${t('tenderMatrix.reference_short')} ${formatPrice(row.reference_price)}`}
      </div>
      {row.offers === 0 && <Tag>{t('tenderMatrix.no_offers')}</Tag>}
      {row.above_budget && (
        <Tag color="orange" data-testid="above-budget">
          {t('tenderMatrix.above_budget')}
        </Tag>
      )}
    </div>
  );
}

function Cell(props: { row: MatrixRow; cell: MatrixCell; supplierName: string }) {
  const { t } = useTranslation();
  const { cell } = props;
  const cls = [
    'matrix-cell',
    cell.best ? 'matrix-cell-best' : '',
    cell.blacklisted ? 'matrix-cell-blacklisted' : '',
    cell.winner ? 'matrix-cell-winner' : '',
  ].join(' ');
  return (
    <Popover trigger="click" destroyOnHidden content={<CellMore {...props} />}>
      <button
        type="button"
        className={cls}
        data-testid={`cell-${props.row.id}-${cell.supplier}`}
        title={cell.blacklisted ? t('tenderMatrix.cell.blacklisted') : undefined}
      >
        <span className="matrix-cell-price">
          {cell.best && <StarFilled aria-label={t('tenderMatrix.cell.best')} />}
          {cell.winner && <TrophyOutlined aria-label={t('tenderMatrix.cell.winner')} />}
          {formatPrice(cell.price)}
        </span>
        <span className="matrix-cell-sub">
          {fmtDate(cell.delivery_date)} · {cell.available_qty == null ? '—' : fmtQty(cell.available_qty)}
        </span>
        <span className="matrix-cell-sub matrix-cell-producer">
          {cell.producer_name}
          {cell.offers > 1 ? ` (+${cell.offers - 1})` : ''}
        </span>
      </button>
    </Popover>
  );
}
