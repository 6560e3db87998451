// The offer spreadsheet on the supplier's offer form (issue 34 point 1): download the lines as xlsx, upload the
// filled file, review what it holds (cells with errors by row and column, producers the portal does not know, which
// can be added as in the form) and put the valid rows into the form as unsent changes.
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { SheetError, SheetReadResult } from '@portal/shared';
import { Alert, App, Button, Card, Flex, Modal, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadOfferSheet, uploadOfferSheet } from '../offerToolsApi.ts';
import { createProducer } from '../viewApi.ts';
import { type DraftOffer, emptyOffer, type OfferStore } from './offerDraft.ts';

export function OfferSheetPanel(props: { tenderId: number; store: OfferStore }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'download' | 'upload' | null>(null);
  const [result, setResult] = useState<SheetReadResult | null>(null);

  const download = async () => {
    setBusy('download');
    try {
      await downloadOfferSheet(props.tenderId);
    } catch (err) {
      toast.error(errorText(err instanceof ApiError ? (err.detail ?? 'server_error') : 'server_error'));
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File) => {
    setBusy('upload');
    try {
      setResult(await uploadOfferSheet(props.tenderId, file));
    } catch (err) {
      const key =
        err instanceof ApiError
          ? (err.fieldErrors.file?.[0] ?? err.fieldErrors.status?.[0] ?? err.detail ?? 'server_error')
          : 'server_error';
      toast.error(errorText(key));
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Card size="small" className="offer-sheet-panel" data-testid="offer-sheet-panel">
      <Flex gap={12} align="center" wrap justify="space-between">
        <div style={{ flex: '1 1 320px' }}>
          <Typography.Text strong>{t('offerTools.sheet.title')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('offerTools.sheet.hint')}
          </Typography.Paragraph>
        </div>
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} loading={busy === 'download'} onClick={download}>
            {t('offerTools.sheet.download')}
          </Button>
          <Button
            icon={<UploadOutlined />}
            loading={busy === 'upload'}
            onClick={() => input.current?.click()}
            data-testid="offer-sheet-upload"
          >
            {t('offerTools.sheet.upload')}
          </Button>
          <input
            ref={input}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            hidden
            aria-label={t('offerTools.sheet.upload')}
            data-testid="offer-sheet-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void upload(f);
            }}
          />
        </Flex>
      </Flex>
      {result && <SheetReview result={result} store={props.store} onClose={() => setResult(null)} />}
    </Card>
  );
}

/** What the uploaded sheet holds, before it goes into the form. */
function SheetReview(props: { result: SheetReadResult; store: OfferStore; onClose(): void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { result } = props;
  /** Producers added here, by the name typed in the sheet (lower case). */
  const [added, setAdded] = useState<Map<string, { id: number; name: string }>>(new Map());

  const addProducer = (name: string) =>
    modal.confirm({
      type: 'warning',
      title: t('tenderView.producer.add_title'),
      content: t('tenderView.producer.add_question', { name }),
      okText: t('tenderView.producer.add_ok'),
      cancelText: t('tenders.confirm.cancel'),
      onOk: async () => {
        try {
          const p = await createProducer(name);
          setAdded((m) => new Map(m).set(name.toLowerCase(), { id: p.id, name: p.name }));
          toast.success(t('tenderView.producer.added'));
        } catch (err) {
          const key = err instanceof ApiError && err.status === 400 ? err.fieldErrors.name?.[0] : undefined;
          toast.error(key ? errorText(key) : t('tenderView.producer.add_failed'));
        }
      },
    });

  const apply = () => {
    const parts = new Map<number, DraftOffer[]>();
    for (const r of result.rows) {
      const producer =
        r.offer.producer ?? (r.producer_name ? (added.get(r.producer_name.toLowerCase()) ?? null) : null);
      const current = props.store.get(r.detail);
      // A line the company has sent for the same producer keeps its identity (and its first sending time).
      const same = producer ? current.find((o) => o.producer?.id === producer.id && o.id != null) : undefined;
      const list = parts.get(r.detail) ?? [];
      list.push({ ...emptyOffer(), ...r.offer, producer, id: same?.id ?? null });
      parts.set(r.detail, list);
    }
    props.store.fill([...parts.entries()]);
    toast.success(t('offerTools.review.applied', { count: result.rows.length }));
    props.onClose();
  };

  const columns = [
    { key: 'row', title: t('offerTools.review.row'), dataIndex: 'row', width: 70 },
    { key: 'column', title: t('offerTools.review.column'), dataIndex: 'column', width: 80 },
    {
      key: 'field',
      title: t('offerTools.review.field'),
      width: 160,
      render: (_: unknown, e: SheetError) =>
        e.field === 'line_id' ? t('offerTools.review.line') : t(`tenderView.offer.${e.field}`),
    },
    { key: 'message', title: t('offerTools.review.message'), dataIndex: 'message' },
  ];

  return (
    <Modal
      open
      width={820}
      title={t('offerTools.review.title')}
      onCancel={props.onClose}
      footer={[
        <Button key="close" onClick={props.onClose}>
          {t('offerTools.review.close')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          disabled={!result.rows.length}
          onClick={apply}
          data-testid="offer-sheet-apply"
        >
          {t('offerTools.review.apply', { count: result.rows.length })}
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        {result.filled === 0 ? (
          <Alert type="info" showIcon title={t('offerTools.review.none')} />
        ) : (
          <Alert
            type={result.errors.length ? 'warning' : 'success'}
            showIcon
            title={t('offerTools.review.summary', {
              valid: result.rows.length,
              errors: result.errors.length,
            })}
            description={result.rows.length ? t('offerTools.review.next') : undefined}
          />
        )}
        {result.unknown_producers.length > 0 && (
          <div data-testid="offer-sheet-unknown">
            <Typography.Text strong>{t('offerTools.review.unknown')}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: '2px 0 6px' }}>
              {t('offerTools.review.unknown_hint')}
            </Typography.Paragraph>
            <Flex gap={8} wrap>
              {result.unknown_producers.map((name) =>
                added.has(name.toLowerCase()) ? (
                  <Tag key={name} color="success">
                    {name} · {t('offerTools.review.added')}
                  </Tag>
                ) : (
                  <Button key={name} size="small" onClick={() => addProducer(name)}>
                    + {t('offerTools.review.add', { name })}
                  </Button>
                ),
              )}
            </Flex>
          </div>
        )}
        {result.errors.length > 0 && (
          <div>
            <Typography.Text strong>{t('offerTools.review.errors')}</Typography.Text>
            <Table<SheetError>
              size="small"
              rowKey={(e) => `${e.row}-${e.column}`}
              columns={columns}
              dataSource={result.errors}
              pagination={result.errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
              scroll={{ x: 560 }}
              data-testid="offer-sheet-errors"
            />
          </div>
        )}
      </Flex>
    </Modal>
  );
}
