// Row actions of the tender list, each behind a confirmation: order files of an ORDERED tender (buyers, or a
// winning supplier), delete of an empty DRAFT, and the supplier's watch/unwatch toggle.
import {
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popconfirm } from '../../../components/Popconfirm.tsx';
import { errorToast } from '../../../lib/errorToast.ts';
import { toast } from '../../../lib/toast.ts';
import {
  can,
  canDelete,
  canDownload,
  downloadTenderFile,
  type Tender,
  type TenderFileKind,
  useRemoveTender,
  useTenderLog,
} from '../api.ts';

function ConfirmAction(props: {
  title: string;
  label: string;
  icon: React.ReactNode;
  danger?: boolean;
  testId: string;
  onConfirm(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Popconfirm
      title={props.title}
      okText={t('tenders.confirm.ok')}
      cancelText={t('tenders.confirm.cancel')}
      okButtonProps={{ danger: props.danger, loading: busy }}
      onConfirm={async () => {
        setBusy(true);
        try {
          await props.onConfirm();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Tooltip title={props.label}>
        <Button
          size="small"
          type="text"
          danger={props.danger}
          icon={props.icon}
          aria-label={props.label}
          data-testid={props.testId}
          loading={busy}
        />
      </Tooltip>
    </Popconfirm>
  );
}

/** Delete of an empty DRAFT; its hook is only called for the rows that show it. */
function DeleteAction({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const remove = useRemoveTender();
  return (
    <ConfirmAction
      title={t('tenders.list.confirm.delete', { code: tender.tender_code })}
      label={t('tenders.list.delete')}
      icon={<DeleteOutlined />}
      danger
      testId={`delete-${tender.id}`}
      onConfirm={() =>
        remove(tender.id).then(
          () => toast.success(t('tenders.toast.deleted')),
          () => toast.error(t('errors.forbidden')),
        )
      }
    />
  );
}

/** The supplier's watch/unwatch toggle; its mutation is only made for the rows that show it. */
function WatchAction({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const log = useTenderLog();
  return (
    <ConfirmAction
      title={t(tender.watched ? 'tenders.list.confirm.unwatch' : 'tenders.list.confirm.watch', {
        code: tender.tender_code,
      })}
      label={t(tender.watched ? 'tenders.list.unwatch' : 'tenders.list.watch')}
      icon={tender.watched ? <EyeOutlined style={{ color: '#0b5cab' }} /> : <EyeInvisibleOutlined />}
      testId={`watch-${tender.id}`}
      onConfirm={() =>
        log
          .mutateAsync({ id: tender.id, action: 'WATCHED', on: !tender.watched })
          .then(() =>
            toast.success(
              t(tender.watched ? 'tenders.toast.tender_unwatched' : 'tenders.toast.tender_watched'),
            ),
          )
      }
    />
  );
}

/** Each action shows only when the tender's `abilities` (the server's rule table) include it. */
export const TenderRowActions = memo(function TenderRowActions({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const get = (kind: TenderFileKind) => downloadTenderFile(tender.id, kind).catch(errorToast);
  return (
    <Space size={0}>
      {canDownload(tender) && (
        <>
          <ConfirmAction
            title={t('tenders.list.confirm.download_excel', { code: tender.tender_code })}
            label={t('tenders.download_excel')}
            icon={<FileExcelOutlined style={{ color: '#1d6f42' }} />}
            testId={`download-excel-${tender.id}`}
            onConfirm={() => get('excel')}
          />
          <ConfirmAction
            title={t('tenders.list.confirm.download_pdf', { code: tender.tender_code })}
            label={t('tenders.download_pdf')}
            icon={<FilePdfOutlined style={{ color: '#c0392b' }} />}
            testId={`download-pdf-${tender.id}`}
            onConfirm={() => get('pdf')}
          />
        </>
      )}
      {canDelete(tender) && <DeleteAction tender={tender} />}
      {can(tender, 'watch') && <WatchAction tender={tender} />}
    </Space>
  );
});
