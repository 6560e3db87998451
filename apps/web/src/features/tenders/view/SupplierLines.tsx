// Supplier, after ACTIVE: only its own participation per part, read-only (offer with registration code,
// price with reason, delivery and quantity); ORDERED highlights winning lines with their ordered quantity.
import { MessageOutlined } from '@ant-design/icons';
import type { Tender, ViewLine } from '@portal/shared';
import { Button, Card, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtDate, fmtQty, formatPrice, unitName } from '../../../lib/format.ts';
import { usePhone } from '../../../lib/media.ts';
import type { LineAction } from './SupplierOfferForm.tsx';

export function SupplierLines(props: {
  tender: Tender;
  lines: ViewLine[];
  onInfo: LineAction;
  onComment?: LineAction;
}) {
  const { t } = useTranslation();
  const ordered = props.tender.status === 'ORDERED';
  const phone = usePhone();
  const columns = useMemo<TableColumnsType<ViewLine>>(
    () => [
      {
        key: 'part',
        title: t('tenders.fields.part_name'),
        width: 240,
        render: (_v, l) => (
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            onClick={() => props.onInfo(l)}
          >
            {l.part_name}
          </Button>
        ),
      },
      {
        key: 'qty',
        title: t('tenderView.part.qty'),
        width: 90,
        align: 'right',
        render: (_v, l) => `${fmtQty(l.qty)} ${unitName(l.part_unit_code)}`,
      },
      {
        key: 'offers',
        title: t('tenderView.offers.own'),
        render: (_v, l) => {
          const own = l.proposals.filter((p) => !p.sealed);
          if (!own.length)
            return <Typography.Text type="secondary">{t('tenderView.offers.not_offered')}</Typography.Text>;
          const wins = new Map(l.winners.map((w) => [w.name, w]));
          return (
            <table className="offers-mini">
              <thead>
                <tr>
                  <th>{t('tenderView.offers.supplier')}</th>
                  <th>{t('tenderView.offers.price')}</th>
                  <th>{t('tenderView.offer.delivery_date')}</th>
                  <th>{t('tenderView.offer.available_qty')}</th>
                  {ordered && <th>{t('tenderView.offers.ordered')}</th>}
                </tr>
              </thead>
              <tbody>
                {own.map((p) => {
                  const w = p.id != null ? wins.get(p.id) : undefined;
                  return (
                    <tr
                      key={p.id ?? p.price}
                      className={ordered && w ? 'offer-winner' : undefined}
                      data-testid="own-offer"
                    >
                      <td>
                        {p.supplier_name}
                        {p.supplier_registration_code && (
                          <Typography.Text type="secondary">
                            {' '}
                            ({p.supplier_registration_code})
                          </Typography.Text>
                        )}
                      </td>
                      <td className="num">
                        <div>{formatPrice(p.price)}</div>
                        {w && (
                          // On its own line under the price: beside it the badge ran over the delivery date.
                          <div className="offer-reason" data-testid="winner-reason">
                            <Tag>{t(`tenders.reason.${w.reason}`)}</Tag>
                          </div>
                        )}
                      </td>
                      <td>{fmtDate(p.delivery_date)}</td>
                      <td>{fmtQty(p.available_qty)}</td>
                      {ordered && <td>{w ? <strong>{fmtQty(w.amount)}</strong> : ''}</td>}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          );
        },
      },
      {
        key: 'comment',
        title: t('tenderView.comment.own'),
        width: 260,
        render: (_v, l) => (
          <Flex vertical gap={2}>
            {l.supplier_comments.map((c) => (
              <Typography.Text key={c.id} style={{ whiteSpace: 'pre-wrap' }}>
                {c.content}
              </Typography.Text>
            ))}
            {props.onComment && l.abilities.includes('comment_line') && (
              <Button
                size="small"
                type="link"
                icon={<MessageOutlined />}
                style={{ padding: 0 }}
                onClick={() => props.onComment?.(l)}
              >
                {l.supplier_comments.length ? t('tenderView.comment.edit') : t('tenderView.comment.add')}
              </Button>
            )}
          </Flex>
        ),
      },
    ],
    [t, ordered, props.onInfo, props.onComment],
  );
  const big = props.lines.length > 100;
  if (phone) return <SupplierLineCards {...props} ordered={ordered} />;
  return (
    <Table<ViewLine>
      size="small"
      rowKey="id"
      bordered
      columns={columns}
      dataSource={props.lines}
      pagination={false}
      virtual={big}
      scroll={big ? { x: 1000, y: 640 } : { x: 1000 }}
      rowClassName={(l) =>
        ordered && l.winners.some((w) => l.proposals.some((p) => p.id === w.name)) ? 'line-won' : ''
      }
    />
  );
}

/**
 * On a phone: one card per part (name, quantity, own offers, comment) instead of a table that scrolls sideways;
 * a winning offer shows its ordered quantity and reason, the card of a won part is highlighted.
 */
function SupplierLineCards(props: {
  lines: ViewLine[];
  ordered: boolean;
  onInfo: LineAction;
  onComment?: LineAction;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} data-testid="supplier-line-cards">
      {props.lines.map((l) => {
        const own = l.proposals.filter((p) => !p.sealed);
        const wins = new Map(l.winners.map((w) => [w.name, w]));
        const won = props.ordered && own.some((p) => p.id != null && wins.has(p.id));
        return (
          <Card
            key={l.id}
            size="small"
            className={won ? 'supplier-line-card line-won' : 'supplier-line-card'}
            title={
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => props.onInfo(l)}
              >
                {l.part_name}
              </Button>
            }
            extra={`${fmtQty(l.qty)} ${unitName(l.part_unit_code)}`}
          >
            {!own.length && (
              <Typography.Text type="secondary">{t('tenderView.offers.not_offered')}</Typography.Text>
            )}
            {own.map((p) => {
              const w = p.id != null ? wins.get(p.id) : undefined;
              return (
                <div
                  key={p.id ?? p.price}
                  className={props.ordered && w ? 'own-offer-card offer-winner' : 'own-offer-card'}
                  data-testid="own-offer"
                >
                  <Flex justify="space-between" gap={8} wrap>
                    <strong>{formatPrice(p.price)}</strong>
                    {w && <Tag data-testid="winner-reason">{t(`tenders.reason.${w.reason}`)}</Tag>}
                  </Flex>
                  <div className="offer-sub">
                    {t('tenderView.offer.delivery_date')}: {fmtDate(p.delivery_date)} ·{' '}
                    {t('tenderView.offer.available_qty')}: {fmtQty(p.available_qty)}
                  </div>
                  {props.ordered && w && (
                    <div>
                      {t('tenderView.offers.ordered')}: <strong>{fmtQty(w.amount)}</strong>
                    </div>
                  )}
                </div>
              );
            })}
            {(l.supplier_comments.length > 0 ||
              (props.onComment && l.abilities.includes('comment_line'))) && (
              <Flex vertical gap={2} style={{ marginTop: 6 }}>
                {l.supplier_comments.map((c) => (
                  <Typography.Text key={c.id} style={{ whiteSpace: 'pre-wrap' }}>
                    {c.content}
                  </Typography.Text>
                ))}
                {props.onComment && l.abilities.includes('comment_line') && (
                  <Button
                    size="small"
                    type="link"
                    icon={<MessageOutlined />}
                    style={{ padding: 0, alignSelf: 'flex-start' }}
                    onClick={() => props.onComment?.(l)}
                  >
                    {l.supplier_comments.length ? t('tenderView.comment.edit') : t('tenderView.comment.add')}
                  </Button>
                )}
              </Flex>
            )}
          </Card>
        );
      })}
    </Flex>
  );
}
