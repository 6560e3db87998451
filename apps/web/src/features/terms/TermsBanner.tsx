// The coming change of the terms of use (issue 32, point 5): from its publication until its effective day every
// screen of the shell shows when the new version takes effect, with a link to its text. On that day the session check
// is asked again, so the consent modal opens without a reload.
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fmtDate } from '../../lib/format.ts';
import { TERMS_STATE_KEY, useTermsState } from '../../lib/termsVersions.ts';

const MAX_TIMER_MS = 2 ** 31 - 1;

export function TermsBanner() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const upcoming = useTermsState().data?.upcoming ?? null;
  const at = upcoming ? Date.parse(upcoming.effective_from) : null;
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(
      () => {
        void qc.invalidateQueries({ queryKey: TERMS_STATE_KEY });
        void qc.invalidateQueries({ queryKey: ['session-check'] });
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - Date.now()) + 1000),
    );
    return () => clearTimeout(timer);
  }, [at, qc]);
  if (!upcoming) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      data-testid="terms-banner"
      className="terms-banner"
      style={{ marginBottom: 16 }}
      title={
        <>
          {t('terms_versions.banner', { date: fmtDate(upcoming.effective_from) })}{' '}
          {/* The text's own colour, underlined: the link colour on the warning background is below WCAG AA contrast. */}
          <Link to={`/terms/${upcoming.version}`} style={{ color: 'inherit', textDecoration: 'underline' }}>
            {t('terms_versions.read_new')}
          </Link>
        </>
      }
    />
  );
}
