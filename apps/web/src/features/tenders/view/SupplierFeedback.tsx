// Feedback after the award (issue 34, point 6): on an ORDERED tender, per part the company offered on, its rank
// among the companies' offers, whether it won, and the gap of its price to the winning price in percent. Nothing
// names or prices another company; the buyer may have switched it off for the tender (then nothing is shown).
import { BarChartOutlined } from '@ant-design/icons';
import type { LineFeedback, Tender } from '@portal/shared';
import { Card, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPrice, useLang } from '../../../lib/format.ts';
import { usePhone } from '../../../lib/media.ts';
import { useFeedback } from '../supplierSideApi.ts';

export function SupplierFeedback({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const lang = useLang();
  const phone = usePhone();
  const q = useFeedback(tender.id, tender.abilities.includes('feedback'));
  if (!q.data?.lines.length) return null;
  const gap = (l: LineFeedback) =>
    l.gap_percent == null
      ? t('supplierSide.feedback.no_winner')
      : `${formatNumber(l.gap_percent, lang, 1)} %`;
  return (
    <Card
      size="small"
      data-testid="supplier-feedback"
      title={
        <Flex gap={8} align="center">
          <BarChartOutlined aria-hidden /> {t('supplierSide.feedback.title')}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('supplierSide.feedback.intro')}</Typography.Paragraph>
      {phone ? (
        <Flex vertical gap={8}>
          {q.data.lines.map((l) => (
            <div key={l.detail} className="own-offer-card" data-testid="feedback-line">
              <strong>{l.part_name}</strong>
              <Flex justify="space-between" gap={8} wrap>
                <span>
                  {t('supplierSide.feedback.price')}: {formatPrice(l.price)}
                </span>
                <span>
                  {t('supplierSide.feedback.rank')}:{' '}
                  {t('supplierSide.feedback.rank_of', { rank: l.rank, count: l.offers })}{' '}
                  {l.won && <Tag color="green">{t('supplierSide.feedback.won')}</Tag>}
                </span>
              </Flex>
              <div>
                {t('supplierSide.feedback.gap')}: {gap(l)}
              </div>
            </div>
          ))}
        </Flex>
      ) : (
        <Table<LineFeedback>
          size="small"
          rowKey="detail"
          pagination={false}
          scroll={{ x: 560 }}
          dataSource={q.data.lines}
          columns={[
            { key: 'part', title: t('supplierSide.feedback.part'), dataIndex: 'part_name' },
            {
              key: 'price',
              title: t('supplierSide.feedback.price'),
              align: 'right',
              render: (_v, l) => formatPrice(l.price),
            },
            {
              key: 'rank',
              title: t('supplierSide.feedback.rank'),
              align: 'center',
              render: (_v, l) => (
                <Flex gap={6} justify="center" align="center" wrap>
                  <span>{t('supplierSide.feedback.rank_of', { rank: l.rank, count: l.offers })}</span>
                  {l.won && <Tag color="green">{t('supplierSide.feedback.won')}</Tag>}
                </Flex>
              ),
            },
            { key: 'gap', title: t('supplierSide.feedback.gap'), align: 'right', render: (_v, l) => gap(l) },
          ]}
        />
      )}
    </Card>
  );
}
