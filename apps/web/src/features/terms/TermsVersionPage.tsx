// /terms/:version: one version of the terms of use in the reader's language (the link of the announcement mail and
// of the banner), with the day it takes or took effect.
import { Card, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ShippedTermsText } from '../../components/TermsOfUse.tsx';
import { fmtDate, useLang } from '../../lib/format.ts';
import { textIn, useTermsText } from '../../lib/termsVersions.ts';

export default function TermsVersionPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { version } = useParams();
  const q = useTermsText(version);
  if (q.isError) return <Result status="404" title={<PageTitle>{t('errors.not_found')}</PageTitle>} />;
  const item = q.data;
  const text = textIn(item, lang);
  const coming = !!item?.effective_from && Date.parse(item.effective_from) > Date.now();
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('terms_versions.page_title', { version: version ?? '' })} />
      {q.isLoading ? (
        <Spin />
      ) : (
        <Card>
          {item && (
            <Typography.Paragraph type="secondary" data-testid="terms-version-when">
              {item.effective_from
                ? t(coming ? 'terms_versions.takes_effect' : 'terms_versions.took_effect', {
                    date: fmtDate(item.effective_from),
                  })
                : t('terms_versions.first_version')}
            </Typography.Paragraph>
          )}
          {item && text !== null && (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="terms-version-text">
              {text}
            </Typography.Paragraph>
          )}
          {item && item.text === null && <ShippedTermsText />}
        </Card>
      )}
    </Flex>
  );
}
