// Estonian, Russian, English. Switching stores the choice and reloads the page (spec 2, §1).
import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, LANGUAGE_NAMES, type Lang, storedLanguage, switchLanguage } from '../i18n/language.ts';

export { LANGUAGE_NAMES };

export function LanguageSelect(props: { size?: 'small' | 'middle'; variant?: 'outlined' | 'borderless' }) {
  const { t } = useTranslation();
  return (
    <Select<Lang>
      value={storedLanguage()}
      size={props.size ?? 'middle'}
      variant={props.variant ?? 'outlined'}
      aria-label={t('common.language')}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      onChange={(lang) => switchLanguage(lang)}
      options={LANGS.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      style={{ minWidth: props.variant === 'borderless' ? 116 : 130 }}
    />
  );
}
