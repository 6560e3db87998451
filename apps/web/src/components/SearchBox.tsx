// A search box that searches on Enter (and on the search button); clearing it searches for everything.
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEARABLE } from './ClearIcon.tsx';

const same = (a: string, b: string) => a.trim() === b.trim();

export function SearchBox(props: {
  value: string;
  onSearch(value: string): void;
  placeholder?: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.value);
  // The box owns what is typed in it. The list's search value comes back from the URL a moment after each search
  // (the router applies it in a transition, so the old value can still be rendered meanwhile, and two searches in
  // a row come back one after the other). A value coming back is matched against this box's own searches still
  // on their way: such an echo never touches the text, or words typed (or searched) meanwhile would be replaced by
  // an older search. Only a change from elsewhere (reset, back button, remembered state) replaces the text.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const echo = pending.current.findIndex((v) => same(v, props.value));
    if (echo >= 0) {
      pending.current = pending.current.slice(echo + 1);
      return;
    }
    pending.current = [];
    setText(props.value);
  }, [props.value]);
  const search = (v: string) => {
    // Searching for what is already shown changes nothing in the URL: no echo to wait for.
    if (!same(v, pending.current.at(-1) ?? props.value)) pending.current.push(v);
    props.onSearch(v);
  };
  return (
    <Input.Search
      value={text}
      allowClear={CLEARABLE}
      placeholder={props.placeholder ?? t('list.search')}
      aria-label={props.placeholder ?? t('list.search')}
      onChange={(e) => {
        setText(e.target.value);
        // Cleared: search for everything, unless that is what the list shows (or is about to).
        if (!e.target.value && (pending.current.at(-1) ?? props.value)) search('');
      }}
      onSearch={search}
      style={{ width: props.width ?? 320 }}
      enterButton
    />
  );
}
