// Active / Disabled state of an entity (groups, warehouses, producers, units…), or waiting for activation.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Dark green on light green: 4.5:1 or more (WCAG 2.1 AA); antd's preset green text is lighter. */
const ACTIVE_STYLE = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };

/**
 * `waiting`: not active yet because nobody has activated it (a self-registered company), which is not the same as
 * disabled (blocked) and says so.
 */
export function StatusTag({ active, waiting }: { active: boolean; waiting?: boolean }) {
  const { t } = useTranslation();
  if (active) return <Tag style={ACTIVE_STYLE}>{t('common.active')}</Tag>;
  if (waiting) return <Tag color="gold">{t('common.waiting_activation')}</Tag>;
  return <Tag color="default">{t('common.disabled')}</Tag>;
}
