// Per line for buyers once the tender is opened (issue 34, point 5): how many companies declined the part and why,
// beside the offers (most useful on a line that got none). Nothing while the offers are sealed.
import type { DeclineReason, TenderStatus, ViewLine } from '@portal/shared';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeclines } from '../supplierSideApi.ts';

const OPENED: TenderStatus[] = ['FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'];

export function DeclineCounts({ line, status }: { line: ViewLine; status: TenderStatus }) {
  const { t } = useTranslation();
  const tenderId = line.tender ?? 0;
  const q = useDeclines(tenderId, OPENED.includes(status) && tenderId > 0);
  const s = q.data?.lines.find((l) => l.detail === line.id);
  if (!s) return null;
  const why = (Object.entries(s.reasons) as [DeclineReason, number][])
    .filter(([, n]) => n > 0)
    .map(([r, n]) => `${t(`supplierSide.decline.reason.${r}`)}: ${n}`);
  return (
    <Tooltip title={[...why, ...s.texts.map((x) => `“${x}”`)].join(' · ')}>
      <Tag color="orange" data-testid={`decline-count-${line.id}`}>
        {t('supplierSide.declines.count', { count: s.total })}
      </Tag>
    </Tooltip>
  );
}
