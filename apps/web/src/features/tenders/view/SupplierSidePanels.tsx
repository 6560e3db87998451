// Under the tender's lines (issue 34): a supplier's offer receipt and, after the award, its feedback; for buyers
// once the tender is opened, the summary of the lines suppliers declined.
import type { Tender, ViewLine } from '@portal/shared';
import { Card, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeclines } from '../supplierSideApi.ts';
import { OfferReceipt } from './OfferReceipt.tsx';
import { SupplierFeedback } from './SupplierFeedback.tsx';

export function SupplierSidePanels(props: { tender: Tender; lines?: ViewLine[]; isSupplier: boolean }) {
  if (props.isSupplier)
    return (
      <>
        <SupplierFeedback tender={props.tender} />
        <OfferReceipt tender={props.tender} />
      </>
    );
  return <DeclinesSummary tender={props.tender} lines={props.lines} />;
}

/** Buyers, once opened: the lines some company declined, with the reasons, and how many lines got no offer. */
function DeclinesSummary({ tender, lines }: { tender: Tender; lines?: ViewLine[] }) {
  const { t } = useTranslation();
  const q = useDeclines(tender.id, tender.abilities.includes('see_declines'));
  const data = q.data;
  if (!data?.declined_lines) return null;
  const names = new Map((lines ?? []).map((l) => [l.id, `${l.part_code ?? ''} ${l.part_name}`.trim()]));
  return (
    <Card size="small" title={t('supplierSide.declines.title')} data-testid="declines-summary">
      <Typography.Paragraph>
        {t('supplierSide.declines.summary', {
          declined: data.declined_lines,
          without: data.lines_without_offer,
        })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="detail"
        pagination={false}
        scroll={{ x: 600 }}
        dataSource={data.lines}
        columns={[
          {
            key: 'part',
            title: t('supplierSide.declines.part'),
            render: (_v, l) => names.get(l.detail) ?? l.detail,
          },
          { key: 'offers', title: t('supplierSide.declines.offers'), align: 'right', dataIndex: 'offers' },
          { key: 'total', title: t('supplierSide.declines.declined'), align: 'right', dataIndex: 'total' },
          {
            key: 'why',
            title: t('supplierSide.declines.why'),
            render: (_v, l) => (
              <Flex vertical gap={2}>
                {(Object.entries(l.reasons) as [string, number][])
                  .filter(([, n]) => n > 0)
                  .map(([r, n]) => (
                    <span key={r}>
                      {t(`supplierSide.decline.reason.${r}`)}: {n}
                    </span>
                  ))}
                {l.texts.map((x, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: texts are shown in their order, without ids
                  <Typography.Text key={i} type="secondary">
                    “{x}”
                  </Typography.Text>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}
