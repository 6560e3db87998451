// The company's offer receipt (issue 34, point 4): every accepted offer set gets one (the server time and the SHA-256
// digest of the set's canonical form). Shown on the tender to a supplier user with the company's offer rights, with
// the PDF and a check against what the portal holds; earlier receipts say when they were replaced. Right after an
// offer is sent a notification shows the new receipt (it stays while the page moves on to the list).
import { FilePdfOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { OfferReceipt as Receipt, ReceiptVerdict, Tender } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Collapse, Descriptions, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToast } from '../../../lib/errorToast.ts';
import { fmtDateTime } from '../../../lib/format.ts';
import { downloadReceipt, fetchReceipts, useReceipts, useVerifyReceipt } from '../supplierSideApi.ts';

const isOfferBody = (v: unknown) =>
  !!v && typeof v === 'object' && Array.isArray((v as { lines?: unknown }).lines) && 'agreed' in v;

export function OfferReceipt({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const qc = useQueryClient();
  const enabled = tender.abilities.includes('verify_receipt');
  const q = useReceipts(tender.id, enabled, tender.proposal_updated);

  // A sent offer: its receipt in a notification that outlives this page (the form goes to the list after a second).
  useEffect(() => {
    if (!enabled) return;
    return qc.getMutationCache().subscribe((e) => {
      if (e.type !== 'updated' || e.action.type !== 'success' || !isOfferBody(e.mutation.state.variables))
        return;
      void fetchReceipts(tender.id).then((r) => {
        const c = r.current;
        if (!c) return;
        notification.success({
          key: `receipt-${c.id}`,
          duration: 0,
          title: t('supplierSide.receipt.issued'),
          description: (
            <Flex vertical gap={4} data-testid="receipt-notice">
              <span>{t('supplierSide.receipt.accepted_at', { at: fmtDateTime(c.time) })}</span>
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {c.digest}
              </Typography.Text>
              <Button
                size="small"
                icon={<FilePdfOutlined />}
                onClick={() => downloadReceipt(c.tender, c.id).catch(errorToast)}
              >
                {t('supplierSide.receipt.download')}
              </Button>
            </Flex>
          ),
        });
      });
    });
  }, [enabled, qc, tender.id, notification, t]);

  const data = q.data;
  if (!enabled || !data?.all.length) return null;
  const earlier = data.all.filter((r) => r.id !== data.current?.id);
  return (
    <Card
      size="small"
      data-testid="offer-receipt"
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined aria-hidden /> {t('supplierSide.receipt.title')}
        </Flex>
      }
    >
      {data.current ? (
        <ReceiptBody receipt={data.current} />
      ) : (
        <Typography.Paragraph type="secondary">{t('supplierSide.receipt.no_current')}</Typography.Paragraph>
      )}
      {earlier.length > 0 && (
        <Collapse
          size="small"
          ghost
          items={[
            {
              key: 'earlier',
              label: t('supplierSide.receipt.earlier', { count: earlier.length }),
              children: (
                <Flex vertical gap={12}>
                  {earlier.map((r) => (
                    <ReceiptBody key={r.id} receipt={r} />
                  ))}
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

function ReceiptBody({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const verify = useVerifyReceipt();
  const [verdict, setVerdict] = useState<ReceiptVerdict | null>(null);
  const check = () =>
    verify
      .mutateAsync({ tender: r.tender, company: r.company, time: r.time, digest: r.digest })
      .then(setVerdict)
      .catch(errorToast);
  return (
    <Flex vertical gap={8} data-testid={r.replaced_at ? 'receipt-earlier' : 'receipt-current'}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'time', label: t('supplierSide.receipt.time'), children: fmtDateTime(r.time) },
          { key: 'lines', label: t('supplierSide.receipt.lines'), children: r.lines },
          {
            key: 'digest',
            label: t('supplierSide.receipt.digest'),
            children: (
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="receipt-digest">
                {r.digest}
              </Typography.Text>
            ),
          },
          {
            key: 'status',
            label: t('supplierSide.receipt.status'),
            children: r.replaced_at
              ? t('supplierSide.receipt.replaced_at', { at: fmtDateTime(r.replaced_at) })
              : t('supplierSide.receipt.current'),
          },
        ]}
      />
      <Flex gap={8} wrap>
        <Button icon={<FilePdfOutlined />} onClick={() => downloadReceipt(r.tender, r.id).catch(errorToast)}>
          {t('supplierSide.receipt.download')}
        </Button>
        <Button icon={<SafetyCertificateOutlined />} loading={verify.isPending} onClick={check}>
          {t('supplierSide.receipt.verify')}
        </Button>
      </Flex>
      {verdict && (
        <Alert
          showIcon
          data-testid="receipt-verdict"
          type={verdict.result === 'valid' ? 'success' : verdict.result === 'no_match' ? 'error' : 'warning'}
          title={t(`supplierSide.receipt.result.${verdict.result}`, {
            at: verdict.replaced_at ? fmtDateTime(verdict.replaced_at) : '',
          })}
        />
      )}
    </Flex>
  );
}
