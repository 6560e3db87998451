// A supplier's comment on a part: add or edit; saving empty content deletes an existing one.
import { COMMENT_MAX, commentError, type ViewLine } from '@portal/shared';
import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useViewActions } from '../viewApi.ts';

/** Supplier comment on a part: add or edit; saving empty content deletes an existing one. */
export function SupplierCommentModal(props: { tenderId: number; line: ViewLine | null; onClose(): void }) {
  const { t } = useTranslation();
  const { supplierComment } = useViewActions(props.tenderId);
  const existing = props.line?.supplier_comments[0];
  const [content, setContent] = useState(existing?.content ?? '');
  const [error, setError] = useState<string | null>(null);
  if (!props.line) return null;
  const line = props.line;
  const save = async () => {
    const e = commentError(content, !existing);
    if (e) return setError(e);
    try {
      await supplierComment.mutateAsync({ detail: line.id, comment: content.trim() });
      toast.success(
        !content.trim()
          ? t('tenderView.toast.comment_removed')
          : existing
            ? t('tenderView.toast.comment_updated')
            : t('tenderView.toast.comment_added'),
      );
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        setError(String(Object.values(err.fieldErrors)[0]?.[0] ?? 'invalid'));
    }
  };
  return (
    <Modal
      open
      title={t('tenderView.comment.title', { name: line.part_name })}
      onCancel={props.onClose}
      onOk={save}
      okText={t('tenderView.save')}
      cancelText={t('tenderView.cancel')}
      confirmLoading={supplierComment.isPending}
    >
      <Input.TextArea
        rows={4}
        value={content}
        maxLength={COMMENT_MAX}
        showCount
        status={error ? 'error' : undefined}
        aria-label={t('tenderView.comment.content')}
        onChange={(e) => {
          setContent(e.target.value);
          setError(null);
        }}
      />
      {error && <Typography.Text type="danger">{errorText(error)}</Typography.Text>}
      {existing && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('tenderView.comment.empty_deletes')}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
