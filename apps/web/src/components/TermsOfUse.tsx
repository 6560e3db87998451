// The terms of use of the portal (spec 3 §1 and the access terms of spec 2 §1), as text and as a modal.
import { SOFTWARE_VERSION } from '@portal/shared';
import { Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMS_ITEMS } from './termsItems.ts';

export { TERMS_ITEMS };

export function TermsText() {
  const { t } = useTranslation();
  return (
    <div className="terms-text">
      <Typography.Paragraph>{t('terms.intro')}</Typography.Paragraph>
      <ol>
        {TERMS_ITEMS.map((k) => (
          <li key={k}>{t(`terms.items.${k}`)}</li>
        ))}
      </ol>
      <Typography.Paragraph type="secondary">{t('terms.dynamic_system')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('terms.version', { version: SOFTWARE_VERSION })}
      </Typography.Paragraph>
    </div>
  );
}

/** The terms in a modal; with `onAccept` it is blocking (no close, only accept). */
export function TermsModal(props: {
  open: boolean;
  onClose?(): void;
  onAccept?(): void;
  accepting?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const blocking = !!props.onAccept;
  return (
    <Modal
      open={props.open}
      title={t('terms.title')}
      width={720}
      centered
      closable={!blocking}
      keyboard={!blocking}
      mask={{ closable: !blocking }}
      onCancel={props.onClose}
      onOk={blocking ? props.onAccept : props.onClose}
      okText={blocking ? t('terms.accept') : t('common.close')}
      okButtonProps={{ loading: props.accepting }}
      cancelButtonProps={{ style: { display: 'none' } }}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      <TermsText />
      {props.extra}
    </Modal>
  );
}
