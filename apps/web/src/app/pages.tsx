// Small pages of the shell: no access, coming in a later release, not found.
import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('pages.no_access_title')}
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
      title={t('pages.coming_soon_title')}
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
      title={t('pages.not_found_title')}
      subTitle={t('pages.not_found_text')}
      extra={
        <Link to="/tenders">
          <Button type="primary">{t('pages.to_start')}</Button>
        </Link>
      }
    />
  );
}
