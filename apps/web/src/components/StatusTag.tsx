// Active / Disabled state of an entity (groups, warehouses, producers, units…).
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Dark green on light green: 4.5:1 or more (WCAG 2.1 AA); antd's preset green text is lighter. */
const ACTIVE_STYLE = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };

export function StatusTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Tag style={ACTIVE_STYLE}>{t('common.active')}</Tag>
  ) : (
    <Tag color="default">{t('common.disabled')}</Tag>
  );
}
