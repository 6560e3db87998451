// The clear button of inputs and selects, labelled in the interface language ("Tühjenda", not antd's
// "close-circle") and not a Tab stop: tabbing from a search box goes to the next field, so typing never lands on
// the clear button. Use as allowClear={CLEARABLE}.
import { CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function ClearIcon() {
  const { t } = useTranslation();
  const label = t('common.clear');
  return (
    <CloseCircleFilled
      aria-label={label}
      ref={(el: HTMLSpanElement | null) => {
        // antd wraps the icon of an input in its own <button>: take it out of the Tab order and name it.
        const button = el?.parentElement;
        if (button?.tagName === 'BUTTON') {
          button.tabIndex = -1;
          button.setAttribute('aria-label', label);
        }
      }}
    />
  );
}

export const CLEARABLE = { clearIcon: <ClearIcon /> };
