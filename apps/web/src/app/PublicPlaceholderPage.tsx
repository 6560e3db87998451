// /register, /recover and /reset until their screens are built (a later issue): a translated page without the shell.
import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PublicCard } from './PublicLayout.tsx';

/** /register, /recover, /reset until their screens are built: a page without the shell. */
export default function PublicPlaceholderPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const which = pathname.startsWith('/register')
    ? 'register'
    : pathname.startsWith('/recover')
      ? 'recover'
      : 'reset';
  return (
    <PublicCard title={t(`public.${which}_title`)}>
      <Result
        icon={<ClockCircleOutlined />}
        title={t('pages.coming_soon_title')}
        subTitle={t('pages.coming_soon_text')}
        extra={
          <Link to="/">
            <Button type="primary">{t('public.back_to_login')}</Button>
          </Link>
        }
      />
    </PublicCard>
  );
}
