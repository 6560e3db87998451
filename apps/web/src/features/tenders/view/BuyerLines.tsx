// Buyer-side line table of the view: part code, transport number, offers (sealed placeholders while
// WAITING/ACTIVE), creator, order number, status, sync; per-part actions by state (info, comments log,
// blacklist when FINISHED, winners when CHOOSING).
import {
  CloseCircleOutlined,
  CommentOutlined,
  InfoCircleOutlined,
  StopOutlined,
  SyncOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { Tender, ViewLine } from '@portal/shared';
import { Badge, Button, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth.tsx';
import { useBcRetry } from '../../../lib/bcSync.ts';
import { fmtQty, unitName } from '../../../lib/format.ts';
import { DeclineCounts } from './DeclineCounts.tsx';
import { OffersCell } from './OffersCell.tsx';
import type { LineAction } from './SupplierOfferForm.tsx';

const DETAIL_COLORS: Record<ViewLine['status'], string> = {
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
  lines: ViewLine[];
  onInfo: LineAction;
  onComments: LineAction;
  onBlacklist: LineAction;
  onWinners: LineAction;
  onCancelProposals: LineAction;
}) {
  const { t } = useTranslation();
  const { tender, lines } = props;
  const status = tender.status;
  const { hasGroup } = useAuth();
  const mayRetry = hasGroup('ADMINISTRATOR', 'CONTRACTOR');
  const bc = useBcRetry(lines);
  // Room for the winner and cancel-proposals buttons only when someone may use them.
  const wide = lines.some(
    (l) => l.abilities.includes('choose_winners') || l.abilities.includes('cancel_proposals'),
  );
  const columns = useMemo<TableColumnsType<ViewLine>>(() => {
    const cols: TableColumnsType<ViewLine> = [
      {
        key: 'part_code',
        title: t('tenders.fields.part_code'),
        width: 180,
        render: (_v, l) => (
          <Flex vertical gap={2} align="start">
            <Button type="link" size="small" className="part-link" onClick={() => props.onInfo(l)}>
              <InfoCircleOutlined /> {l.part_code}
            </Button>
            <Typography.Text style={{ fontSize: 12 }}>{l.part_name}</Typography.Text>
            {l.customer_number && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('tenders.fields.customer_number')}: {l.customer_number}
              </Typography.Text>
            )}
            <Flex gap={4} wrap>
              <Tag color={DETAIL_COLORS[l.status]}>{t(`tenders.detail_status.${l.status}`)}</Tag>
              {status === 'ORDERED' && l.bc_status && (
                <Tooltip title={t('tenders.fields.sync')}>
                  <Tag color={BC_COLORS[l.bc_status] ?? 'default'} data-testid="bc-status">
                    {t(`tenderView.bc.${l.bc_status}`, l.bc_status)}
                  </Tag>
                </Tooltip>
              )}
              {status === 'ORDERED' &&
                mayRetry &&
                (l.bc_status === 'error' || l.bc_status === 'incompatible') && (
                  <Tooltip title={t('bc.retry')}>
                    <Button
                      size="small"
                      icon={<SyncOutlined />}
                      aria-label={t('bc.retry_named', { code: l.part_code })}
                      loading={bc.busy(l.id)}
                      onClick={() => bc.retry(l.id)}
                    />
                  </Tooltip>
                )}
            </Flex>
            <DeclineCounts line={l} status={status} />
          </Flex>
        ),
      },
      {
        key: 'qty',
        title: t('tenderView.part.qty'),
        width: 80,
        align: 'right',
        render: (_v, l) => `${fmtQty(l.qty)} ${unitName(l.part_unit_code)}`,
      },
      {
        key: 'offers',
        title: t('tenderView.offers.title'),
        width: status === 'CHOOSING' ? 630 : 660,
        render: (_v, l) => <OffersCell line={l} />,
      },
      {
        key: 'creator',
        title: `${t('tenders.fields.creator')} / ${t('tenders.fields.order_number')}`,
        width: 120,
        render: (_v, l) => (
          <Flex vertical>
            <span>{l.creator_name ?? ''}</span>
            <Typography.Text type="secondary">{l.order_number ?? ''}</Typography.Text>
          </Flex>
        ),
      },
      {
        key: 'actions',
        title: '',
        width: wide ? 150 : 70,
        fixed: 'right',
        render: (_v, l) => {
          const n = l.supplier_comments.length + (l.winner_comment ? 1 : 0);
          return (
            <Flex gap={6} wrap>
              {l.abilities.includes('choose_winners') && (
                <Button
                  size="small"
                  type={l.winners.length ? 'default' : 'primary'}
                  icon={<TrophyOutlined />}
                  className="wrap-button"
                  onClick={() => props.onWinners(l)}
                >
                  {t('tenderView.winners.choose')}
                </Button>
              )}
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
              {l.abilities.includes('cancel_proposals') && (
                <Tooltip title={t('tenderRules.cancel_proposals')}>
                  <Button
                    size="small"
                    icon={<CloseCircleOutlined />}
                    aria-label={t('tenderRules.cancel_proposals')}
                    data-testid={`cancel-proposals-${l.id}`}
                    onClick={() => props.onCancelProposals(l)}
                  />
                </Tooltip>
              )}
              {l.abilities.includes('blacklist') && (
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
      },
    ];
    return cols;
  }, [
    t,
    status,
    wide,
    props.onInfo,
    props.onComments,
    props.onBlacklist,
    props.onWinners,
    props.onCancelProposals,
    mayRetry,
    bc,
  ]);

  const big = lines.length > 100;
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);
  return (
    <Table<ViewLine>
      className="buyer-lines"
      size="small"
      rowKey="id"
      bordered
      columns={columns}
      dataSource={lines}
      pagination={false}
      virtual={big}
      scroll={big ? { x: width, y: 640 } : { x: width }}
      rowClassName={(l) => (l.winners.length ? 'line-has-winner' : '')}
    />
  );
}
