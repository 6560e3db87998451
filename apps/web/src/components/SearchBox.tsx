// A search box that searches on Enter (and on the search button); clearing it searches for everything.
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function SearchBox(props: {
  value: string;
  onSearch(value: string): void;
  placeholder?: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.value);
  useEffect(() => setText(props.value), [props.value]);
  return (
    <Input.Search
      value={text}
      allowClear
      placeholder={props.placeholder ?? t('list.search')}
      aria-label={props.placeholder ?? t('list.search')}
      onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value && props.value) props.onSearch('');
      }}
      onSearch={(v) => props.onSearch(v)}
      style={{ width: props.width ?? 320 }}
      enterButton
    />
  );
}
