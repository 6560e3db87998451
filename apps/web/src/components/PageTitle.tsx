// The screen's one h1 (headings start at h1), and the browser tab's title: "<title> · <portal>", so every page
// has its own tab title in the interface language.
import { Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useTranslation();
  const app = t('app.short_name');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}

export function PageTitle(props: { children: ReactNode; tabTitle?: string; center?: boolean }) {
  useDocumentTitle(props.tabTitle ?? (typeof props.children === 'string' ? props.children : undefined));
  return (
    <Typography.Title
      level={1}
      className="page-title"
      style={props.center ? { textAlign: 'center' } : undefined}
    >
      {props.children}
    </Typography.Title>
  );
}
