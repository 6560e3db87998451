// The screen's one h1 (headings start at h1), and the browser tab's title: "<title> · <portal>", so every page
// has its own tab title in the interface language. A heading built of elements (a back link, a code) gives the
// tab its words unless the page names the tab itself (tabTitle).
import { Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useTranslation();
  const app = t('app.short_name');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}

export function PageTitle(props: { children: ReactNode; tabTitle?: string; center?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const [text, setText] = useState<string | undefined>();
  // The heading's words as rendered, read after every render (cheap; set only when they change).
  useEffect(() => {
    const words = ref.current?.textContent?.replace(/\s+/g, ' ').trim() || undefined;
    if (words !== text) setText(words);
  });
  useDocumentTitle(props.tabTitle ?? (typeof props.children === 'string' ? props.children : text));
  return (
    <Typography.Title
      ref={ref}
      level={1}
      className="page-title"
      style={props.center ? { textAlign: 'center' } : undefined}
    >
      {props.children}
    </Typography.Title>
  );
}
