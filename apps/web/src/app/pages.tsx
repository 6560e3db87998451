// Small pages of the shell: no access, coming in a later release, not found.
import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../components/PageTitle.tsx';

export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={<PageTitle>{t('pages.no_access_title')}</PageTitle>}
      subTitle={t('pages.no_access_text')}
      extra={
        <Link to="/tenders">
          <Button type="primary">{t('pages.to_start')}</Button>
        </Link>
      }
    />
  );
}

export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={<PageTitle>{t('pages.coming_soon_title')}</PageTitle>}
      subTitle={t('pages.coming_soon_text')}
      extra={
        <Link to="/tenders">
          <Button>{t('pages.to_start')}</Button>
        </Link>
      }
    />
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<PageTitle>{t('pages.not_found_title')}</PageTitle>}
      subTitle={t('pages.not_found_text')}
      extra={
        <Link to="/tenders">
          <Button type="primary">{t('pages.to_start')}</Button>
        </Link>
      }
    />
  );
}
