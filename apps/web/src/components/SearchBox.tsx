// A search box that searches on Enter (and on the search button); clearing it searches for everything.
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function SearchBox(props: {
  value: string;
  onSearch(value: string): void;
  placeholder?: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.value);
  // What this box last searched for. The list's search value comes back from the URL a moment later; only a
  // change from elsewhere (reset, back button, remembered state) replaces the text, never the echo of our own
  // search — otherwise words typed meanwhile would be overwritten by the previous search.
  const searched = useRef(props.value);
  useEffect(() => {
    if (props.value.trim() !== searched.current.trim()) {
      searched.current = props.value;
      setText(props.value);
    }
  }, [props.value]);
  const search = (v: string) => {
    searched.current = v;
    props.onSearch(v);
  };
  return (
    <Input.Search
      value={text}
      allowClear
      placeholder={props.placeholder ?? t('list.search')}
      aria-label={props.placeholder ?? t('list.search')}
      onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value && props.value) search('');
      }}
      onSearch={search}
      style={{ width: props.width ?? 320 }}
      enterButton
    />
  );
}
