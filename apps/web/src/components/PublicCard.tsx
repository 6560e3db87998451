// The frame of the screens without the shell (login, register, recover, reset): a centred card on a calm
// background with the portal name, a language selector and the footer.
import { SOFTWARE_VERSION } from '@portal/shared';
import { Button, Card, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './LanguageSelect.tsx';
import { Logo } from './Logo.tsx';
import { MaintenanceBanner } from './MaintenanceBanner.tsx';
import { useDocumentTitle } from './PageTitle.tsx';
import { TermsModal } from './TermsOfUse.tsx';

export { Logo };

export function PublicCard(props: { title?: ReactNode; children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  const [terms, setTerms] = useState(false);
  useDocumentTitle(typeof props.title === 'string' ? props.title : undefined);
  return (
    <div className="public-page">
      <MaintenanceBanner />
      <Flex className="public-top" justify="end">
        <LanguageSelect />
      </Flex>
      <Flex vertical align="center" className="public-center">
        <Card className="public-card" style={{ width: props.width ?? 460 }}>
          <Flex vertical align="center" gap={6} className="public-brand">
            <Logo size={48} />
            <div className="public-app-name">{t('app.name')}</div>
            {props.title && (
              <Typography.Title level={1} className="public-subtitle">
                {props.title}
              </Typography.Title>
            )}
          </Flex>
          {props.children}
        </Card>
        <Flex className="public-footer" gap={8} align="center" justify="center" wrap>
          <Button type="link" size="small" onClick={() => setTerms(true)}>
            {t('footer.terms')}
          </Button>
          <span>·</span>
          <span>{t('footer.text', { version: SOFTWARE_VERSION })}</span>
        </Flex>
      </Flex>
      <TermsModal open={terms} onClose={() => setTerms(false)} />
    </div>
  );
}
