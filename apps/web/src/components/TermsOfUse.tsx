// The terms of use of the portal (spec 3 §1 and the access terms of spec 2 §1), as text and as a modal.
import { SOFTWARE_VERSION } from '@portal/shared';
import { Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtDate, useLang } from '../lib/format.ts';
import { textIn, useTermsState, useTermsText } from '../lib/termsVersions.ts';
import { TERMS_ITEMS } from './termsItems.ts';

export { TERMS_ITEMS };

/**
 * The terms in force: the text an administrator published (issue 32, point 5) once its day has come, else the
 * catalogue's text shipped with the app.
 */
export function TermsText() {
  const { t } = useTranslation();
  const lang = useLang();
  const state = useTermsState();
  const current = state.data?.current;
  const published = useTermsText(current?.id != null ? current.version : null);
  const text = textIn(published.data, lang);
  if (current?.id != null && text !== null)
    return (
      <div className="terms-text" data-testid="terms-text" data-version={current.version}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{text}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {t('terms_versions.in_force_from', {
            version: current.version,
            date: fmtDate(current.effective_from),
          })}
        </Typography.Paragraph>
      </div>
    );
  return <ShippedTermsText />;
}

/** The first version of the terms, shipped with the app in the catalogues. */
export function ShippedTermsText() {
  const { t } = useTranslation();
  return (
    <div className="terms-text" data-testid="terms-text">
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
