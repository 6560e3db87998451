// Active / Disabled state of an entity (groups, warehouses, producers, units…).
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function StatusTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <Tag color={active ? 'green' : 'default'}>{active ? t('common.active') : t('common.disabled')}</Tag>;
}
