// "No offer" on one part of the offer form (issue 34, point 5): the supplier marks the part declined with a reason
// (not in stock, discontinued, cannot meet the date, other with a text) or undoes it. Shown while the part has no
// offer of the company (an offer sent later on the part drops the mark on the server).
import { StopOutlined, UndoOutlined } from '@ant-design/icons';
import { DECLINE_REASONS, DECLINE_TEXT_MAX, type DeclineReason } from '@portal/shared';
import { Button, Flex, Form, Input, Modal, Radio, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeclineLine, useDeclines } from '../supplierSideApi.ts';

export function DeclineLine({ detail, hasOffer }: { detail: number; hasOffer: boolean }) {
  const { t } = useTranslation();
  const tenderId = Number(useParams().id);
  const q = useDeclines(tenderId, Number.isInteger(tenderId));
  const { set, remove } = useDeclineLine(tenderId);
  const [open, setOpen] = useState(false);
  const mine = q.data?.mine.find((d) => d.detail === detail);
  if (hasOffer && !mine) return null;
  if (mine)
    return (
      <Flex gap={6} align="center" wrap className="decline-mark" data-testid={`declined-${detail}`}>
        <Tag color="orange" icon={<StopOutlined />}>
          {t('supplierSide.decline.declined', { reason: t(`supplierSide.decline.reason.${mine.reason}`) })}
          {mine.text ? `: ${mine.text}` : ''}
        </Tag>
        <Button
          size="small"
          type="link"
          icon={<UndoOutlined />}
          loading={remove.isPending}
          onClick={() =>
            remove.mutateAsync(detail).then(
              () => toast.success(t('supplierSide.decline.undone')),
              () => undefined,
            )
          }
        >
          {t('supplierSide.decline.undo')}
        </Button>
      </Flex>
    );
  return (
    <>
      <button
        type="button"
        className="link-button part-link"
        data-testid={`decline-${detail}`}
        onClick={() => setOpen(true)}
      >
        <StopOutlined aria-hidden /> {t('supplierSide.decline.action')}
      </button>
      {open && (
        <DeclineModal
          onClose={() => setOpen(false)}
          onSave={async (reason, text) => {
            await set.mutateAsync({ detail, body: reason === 'OTHER' ? { reason, text } : { reason } });
            toast.success(t('supplierSide.decline.saved'));
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function DeclineModal(props: {
  onClose: () => void;
  onSave: (reason: DeclineReason, text: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: DeclineReason; text?: string }>();
  const reason = Form.useWatch('reason', form);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      await props.onSave(v.reason, v.text ?? '');
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        form.setFields(
          Object.entries(err.fieldErrors).map(([name, keys]) => ({
            name: (name === 'text' ? 'text' : 'reason') as 'reason' | 'text',
            errors: keys.map((k) => errorText(k)),
          })),
        );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('supplierSide.decline.title')}
      okText={t('supplierSide.decline.save')}
      cancelText={t('tenders.confirm.cancel')}
      confirmLoading={busy}
      onOk={save}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('supplierSide.decline.reason_label')}
          rules={[{ required: true, message: errorText('required') }]}
        >
          <Radio.Group
            options={DECLINE_REASONS.map((r) => ({ value: r, label: t(`supplierSide.decline.reason.${r}`) }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
          />
        </Form.Item>
        {reason === 'OTHER' && (
          <Form.Item
            name="text"
            label={t('supplierSide.decline.text_label')}
            rules={[{ required: true, whitespace: true, message: errorText('blank') }]}
          >
            <Input.TextArea rows={3} maxLength={DECLINE_TEXT_MAX} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
