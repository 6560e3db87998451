// Buyer-side line table of the view: part code, transport number, offers (sealed placeholders while
// WAITING/ACTIVE), creator, order number, status, sync; per-part actions by state (info, comments log,
// blacklist when FINISHED, winners when CHOOSING).
import { CommentOutlined, InfoCircleOutlined, StopOutlined, TrophyOutlined } from '@ant-design/icons';
import type { DetailLine, Tender } from '@portal/shared';
import { Badge, Button, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtQty, formatPrice } from '../../../lib/format.ts';
import { OffersCell } from './OffersCell.tsx';
import type { LineAction } from './SupplierOfferForm.tsx';

const DETAIL_COLORS: Record<DetailLine['status'], string> = {
  PREPARED: 'default',
  ORDERED: 'cyan',
  WAITING: 'gold',
  FAILED: 'red',
};
const BC_COLORS: Record<string, string> = {
  synced: 'green',
  error: 'red',
  pending: 'gold',
  canceled: 'default',
  incompatible: 'orange',
};

export function BuyerLines(props: {
  tender: Tender;
  lines: DetailLine[];
  canBlacklist: boolean;
  onInfo: LineAction;
  onComments: LineAction;
  onBlacklist: LineAction;
  onWinners: LineAction;
}) {
  const { t } = useTranslation();
  const { tender, lines } = props;
  const status = tender.status;
  const columns = useMemo<TableColumnsType<DetailLine>>(() => {
    const cols: TableColumnsType<DetailLine> = [
      {
        key: 'part_code',
        title: t('tenders.fields.part_code'),
        width: 150,
        render: (_v, l) => (
          <Flex vertical>
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto' }}
              onClick={() => props.onInfo(l)}
            >
              <InfoCircleOutlined /> {l.part_code}
            </Button>
            <Typography.Text style={{ fontSize: 12 }}>{l.part_name}</Typography.Text>
          </Flex>
        ),
      },
      {
        key: 'customer_number',
        title: t('tenders.fields.customer_number'),
        width: 100,
        render: (_v, l) => l.customer_number ?? '',
      },
      {
        key: 'qty',
        title: t('tenderView.part.qty'),
        width: 80,
        align: 'right',
        render: (_v, l) => `${fmtQty(l.qty)} ${l.part_unit_code ?? ''}`,
      },
      { key: 'offers', title: t('tenderView.offers.title'), render: (_v, l) => <OffersCell line={l} /> },
    ];
    if (status === 'CHOOSING' || status === 'ORDERED')
      cols.push({
        key: 'winners',
        title: t('tenderView.winners.column'),
        width: 220,
        render: (_v, l) => (
          <Flex vertical gap={2} data-testid="winners-cell">
            {l.winners.map((w) => (
              <span key={w.id}>
                <TrophyOutlined style={{ color: '#d4a106' }} /> {w.supplier_name}: {fmtQty(w.amount)} ×{' '}
                {formatPrice(w.price)} <Tag>{t(`tenders.reason.${w.reason}`)}</Tag>
              </span>
            ))}
            {!l.winners.length && (
              <Typography.Text type="secondary">{t('tenderView.winners.none')}</Typography.Text>
            )}
            {status === 'CHOOSING' && (
              <Button
                size="small"
                type={l.winners.length ? 'default' : 'primary'}
                onClick={() => props.onWinners(l)}
              >
                {t('tenderView.winners.choose')}
              </Button>
            )}
          </Flex>
        ),
      });
    cols.push(
      {
        key: 'creator',
        title: t('tenders.fields.creator'),
        width: 130,
        render: (_v, l) => l.creator_name ?? '',
      },
      {
        key: 'order_number',
        title: t('tenders.fields.order_number'),
        width: 110,
        render: (_v, l) => l.order_number ?? '',
      },
      {
        key: 'status',
        title: t('tenders.fields.status'),
        width: 110,
        render: (_v, l) => (
          <Tag color={DETAIL_COLORS[l.status]}>{t(`tenders.detail_status.${l.status}`)}</Tag>
        ),
      },
    );
    if (status === 'ORDERED')
      cols.push({
        key: 'sync',
        title: t('tenders.fields.sync'),
        width: 110,
        render: (_v, l) =>
          l.bc_status ? (
            <Tag color={BC_COLORS[l.bc_status] ?? 'default'}>
              {t(`tenderView.bc.${l.bc_status}`, l.bc_status)}
            </Tag>
          ) : (
            '—'
          ),
      });
    cols.push({
      key: 'actions',
      title: '',
      width: 90,
      fixed: 'right',
      render: (_v, l) => {
        const n = l.supplier_comments.length + (l.winner_comment ? 1 : 0);
        return (
          <Flex gap={4}>
            <Tooltip title={t('tenderView.comment.log')}>
              <Badge count={n} size="small">
                <Button
                  size="small"
                  icon={<CommentOutlined />}
                  aria-label={t('tenderView.comment.log')}
                  onClick={() => props.onComments(l)}
                />
              </Badge>
            </Tooltip>
            {status === 'FINISHED' && props.canBlacklist && (
              <Tooltip title={t('tenderView.blacklist.button')}>
                <Button
                  size="small"
                  danger
                  icon={<StopOutlined />}
                  aria-label={t('tenderView.blacklist.button')}
                  onClick={() => props.onBlacklist(l)}
                />
              </Tooltip>
            )}
          </Flex>
        );
      },
    });
    return cols;
  }, [t, status, props.canBlacklist, props.onInfo, props.onComments, props.onBlacklist, props.onWinners]);

  const big = lines.length > 100;
  return (
    <Table<DetailLine>
      className="buyer-lines"
      size="small"
      rowKey="id"
      bordered
      columns={columns}
      dataSource={lines}
      pagination={false}
      virtual={big}
      scroll={big ? { x: 1300, y: 640 } : { x: 1300 }}
      rowClassName={(l) => (l.winners.length ? 'line-has-winner' : '')}
    />
  );
}
