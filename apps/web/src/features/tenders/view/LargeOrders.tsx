// Large orders (issue 32): the terms say orders under 10,000 € need no written contract, so an order (one winning
// company's total on the tender) of 10,000 € or more is marked "written contract needed". The rule and the limit
// are the shared ones (rules/award.ts); the server marks each order of `export_data` (the export page's query).
import { FileProtectOutlined } from '@ant-design/icons';
import { formatNumber, WRITTEN_CONTRACT_FROM_EUR } from '@portal/shared';
import { Alert, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTotal, useLang } from '../../../lib/format.ts';
import { type Tender, useExportData } from '../viewApi.ts';

type Order = NonNullable<Tender['export_data']>['orders'][number];

function useLimit() {
  const lang = useLang();
  return `${formatNumber(WRITTEN_CONTRACT_FROM_EUR, lang, 0)} €`;
}

/** The mark beside an order's total (export page). */
export function ContractNeededTag() {
  const { t } = useTranslation();
  const limit = useLimit();
  return (
    <Tooltip title={t('chooseClock.contract_needed_hint', { limit })}>
      <Tag color="orange" icon={<FileProtectOutlined />} data-testid="contract-needed">
        {t('chooseClock.contract_needed')}
      </Tag>
    </Tooltip>
  );
}

/** The tender view's notice: each order that needs a written contract, with its company and total. */
export function LargeOrders({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const limit = useLimit();
  // The orders as the export page reads them, asked for only where there are orders the viewer may download.
  const orders = useExportData(
    tender.status === 'ORDERED' && tender.abilities.includes('download') ? String(tender.id) : undefined,
  );
  const large = (orders.data?.export_data?.orders ?? []).filter((o: Order) => o.written_contract_needed);
  if (!large.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<FileProtectOutlined />}
      data-testid="large-orders"
      title={t('chooseClock.contract_needed')}
      description={
        <>
          <div>{t('chooseClock.contract_needed_hint', { limit })}</div>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
            {large.map((o: Order) => (
              <li key={o.order_code}>
                {o.supplier.name} · {o.order_code} · <strong>{formatTotal(o.grand_total)}</strong>
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
