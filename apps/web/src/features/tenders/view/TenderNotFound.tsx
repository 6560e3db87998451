// The one message for a tender that does not exist or is not the user's to see (view, form, history, export):
// a heading, the page's tab title and a way back to the list, with no toast repeating it.
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle.tsx';

export function TenderNotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={<PageTitle>{t('tenderView.not_found')}</PageTitle>}
      extra={<Link to="/tenders">{t('tenderView.back')}</Link>}
      data-testid="tender-not-found"
    />
  );
}
