// /tenders/{id}/export: the tender's orders per supplier and the manual export to the accounting module
// (start, poll the status every second until SUCCESS or FAILED, reload); re-sending is possible.

import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { EXPORT_POLL_MS } from '@portal/shared';
import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { fmtDate, fmtDateTime, fmtQty, formatPrice, formatTotal } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { exportReason } from './history/exportReason.ts';
import { ContractNeededTag } from './view/LargeOrders.tsx';
import { StatusBadge } from './view/TenderHeader.tsx';
import { TenderNotFound } from './view/TenderNotFound.tsx';
import { exportStatus, useAccountingModuleActive, useExportData, useViewActions } from './viewApi.ts';
import './view/view.css';

type Order = NonNullable<
  NonNullable<ReturnType<typeof useExportData>['data']>['export_data']
>['orders'][number];
type OrderLine = Order['details'][number];
const STATUS_COLORS: Record<string, string> = { SUCCESS: 'green', FAILED: 'red', PROGRESS: 'processing' };
/** Polls (one a second) before the page stops waiting for an export the server still reports in progress. */
export const EXPORT_POLL_LIMIT = 60;

export default function TenderExportPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const q = useExportData(id);
  const { manualExport } = useViewActions(id ?? '');
  // The accounting export is for administrators and contractors (a master sees the orders only), and only while
  // the accounting module is active.
  const { hasGroup } = useAuth();
  const mayExport = hasGroup('ADMINISTRATOR', 'CONTRACTOR');
  const moduleActive = useAccountingModuleActive(mayExport);
  const [polling, setPolling] = useState(false);
  const [stillRunning, setStillRunning] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const run = async () => {
    setPolling(true);
    setStillRunning(false);
    try {
      const { module_export_log_id: logId } = await manualExport();
      let status = 'PROGRESS';
      let polls = 0;
      while (alive.current && status === 'PROGRESS' && polls < EXPORT_POLL_LIMIT) {
        await new Promise((r) => setTimeout(r, EXPORT_POLL_MS));
        status = (await exportStatus(logId)).status;
        polls += 1;
      }
      if (!alive.current) return;
      await q.refetch();
      if (status === 'SUCCESS') toast.success(t('tenderView.export.success'));
      // Still in progress after a minute: stop asking and say so (the result shows here once the page is reloaded).
      else if (status === 'PROGRESS') setStillRunning(true);
      else toast.error(t('errors.export_failed'));
    } catch {
      if (alive.current) toast.error(t('errors.export_failed'));
    } finally {
      if (alive.current) setPolling(false);
    }
  };

  const tender = q.data;
  if (q.isError) return <TenderNotFound />;
  if (!tender) return <Skeleton active />;
  const data = tender.export_data;
  const orders = data?.orders ?? [];
  const sent = data?.status === 'SUCCESS';

  const lineColumns = [
    { key: 'code', title: t('tenders.fields.part_code'), render: (_: unknown, l: OrderLine) => l.part.code },
    {
      key: 'name',
      title: t('tenders.fields.part_name'),
      render: (_: unknown, l: OrderLine) => (
        <>
          {l.part.name}
          {l.part.tags.length > 0 && (
            <Typography.Text type="secondary"> ({l.part.tags.join(', ')})</Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'producer',
      title: t('tenderView.offer.producer'),
      render: (_: unknown, l: OrderLine) => l.proposal.producer,
    },
    {
      key: 'product_code',
      title: t('tenderView.offer.product_code'),
      render: (_: unknown, l: OrderLine) => l.proposal.product_code,
    },
    {
      key: 'ean',
      title: t('tenderView.offer.ean_code'),
      render: (_: unknown, l: OrderLine) => l.proposal.ean_code,
    },
    {
      key: 'date',
      title: t('tenderView.offer.delivery_date'),
      render: (_: unknown, l: OrderLine) => fmtDate(l.proposal.delivery_date),
    },
    {
      key: 'price',
      title: t('tenderView.offers.price'),
      align: 'right' as const,
      className: 'num',
      render: (_: unknown, l: OrderLine) => formatPrice(l.proposal.price),
    },
    {
      key: 'qty',
      title: t('tenderView.offers.ordered'),
      align: 'right' as const,
      className: 'num',
      render: (_: unknown, l: OrderLine) => fmtQty(l.proposal.ordered_qty),
    },
    {
      key: 'total',
      title: t('tenderView.export.total'),
      align: 'right' as const,
      className: 'num',
      render: (_: unknown, l: OrderLine) => formatTotal(l.proposal.total),
    },
  ];

  const accountingItems = [
    {
      key: 'status',
      label: t('tenderView.export.status'),
      children: polling ? (
        <Tag color="processing">{t('tenderView.export.status_PROGRESS')}</Tag>
      ) : data?.status ? (
        <Tag color={STATUS_COLORS[data.status]} data-testid="export-status">
          {t(`tenderView.export.status_${data.status}`)}
        </Tag>
      ) : (
        t('tenderView.export.never')
      ),
    },
    {
      key: 'created',
      label: t('tenderView.export.created'),
      children: fmtDateTime(data?.created) || '—',
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          <Flex gap={8} align="center">
            <Link to={`/tenders/${id}/view`} aria-label={t('tenderView.back_to_view')}>
              <ArrowLeftOutlined />
            </Link>
            {t('tenderView.export.title', { code: tender.tender_code })}
            <StatusBadge status={tender.status} />
          </Flex>
        }
        extra={
          <>
            <Link to={`/tenders/${id}/view`}>
              <Button>{t('tenderView.back_to_view')}</Button>
            </Link>
            {mayExport && moduleActive.data === true && (
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={polling}
                disabled={!orders.length}
                onClick={run}
              >
                {sent ? t('tenderView.export.resend') : t('tenderView.export.send')}
              </Button>
            )}
          </>
        }
      />
      {mayExport && moduleActive.data === false && (
        <Alert
          type="info"
          showIcon
          title={t('tenderView.export.module_inactive_note')}
          data-testid="export-inactive"
        />
      )}
      {stillRunning && (
        <Alert
          type="warning"
          showIcon
          title={t('tenderView.export.still_running')}
          data-testid="export-still-running"
          role="status"
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 3 }}
        items={[
          // The accounting export's state: for those who may send it.
          ...(mayExport ? accountingItems : []),
          { key: 'orders', label: t('tenderView.export.orders'), children: orders.length },
          ...(!polling && data?.status === 'FAILED'
            ? [
                {
                  key: 'reason',
                  label: t('tenderView.export.reason.label'),
                  span: 'filled' as const,
                  children: (
                    <Typography.Text type="danger" data-testid="export-reason">
                      {exportReason(data.message, t)}
                    </Typography.Text>
                  ),
                },
              ]
            : []),
        ]}
      />
      {orders.length === 0 && <Empty description={t('tenderView.export.no_orders')} />}
      {orders.map((o) => (
        <Card
          key={o.order_code}
          size="small"
          data-testid="export-order"
          title={
            <Flex gap={12} wrap align="center">
              <span>
                {t('tenderView.export.order')} <strong>{o.order_code}</strong>
              </span>
              {o.export_code && (
                <Typography.Text type="secondary">
                  {t('tenderView.export.export_code')}: {o.export_code}
                </Typography.Text>
              )}
            </Flex>
          }
          extra={
            <>
              {o.written_contract_needed && <ContractNeededTag />}
              <strong>
                {t('tenderView.export.grand_total')}: {formatTotal(o.grand_total)}
              </strong>
            </>
          }
        >
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            <strong>{o.supplier.name}</strong>
            {[o.supplier.email, o.supplier.phone]
              .filter(Boolean)
              .map((x) => ` · ${x}`)
              .join('')}
          </Typography.Paragraph>
          <Table<OrderLine>
            size="small"
            className="export-lines"
            rowKey={(l) => `${l.part.code}-${l.proposal.product_code}-${l.proposal.price}`}
            columns={lineColumns}
            dataSource={o.details}
            pagination={false}
            scroll={{ x: 900 }}
          />
        </Card>
      ))}
    </Flex>
  );
}
