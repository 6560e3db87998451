// antd's Popconfirm with the keyboard in mind (WCAG 2.4.3 focus order): when it opens, focus moves into the
// question (onto "No" for a dangerous action, "Yes" otherwise), Escape closes it, and when it closes focus goes
// back to the button that opened it — or, when that button is gone (its row was deleted), to the page's content.
// Use it wherever antd's Popconfirm would be used; the props are antd's.
import { Popconfirm as AntPopconfirm, type PopconfirmProps } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { focusMainContent } from '../lib/focus.ts';

export function Popconfirm(props: PopconfirmProps) {
  const { open: openProp, onOpenChange, afterOpenChange, rootClassName, ...rest } = props;
  const popupClass = `confirm-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const opener = useRef<HTMLElement | null>(null);

  const setOpen = (next: boolean) => {
    if (next && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    setOpenState(next);
    onOpenChange?.(next);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const popup = document.querySelector(`.${popupClass}`);
      if (popup?.contains(document.activeElement)) {
        e.stopPropagation();
        setOpen(false);
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  });

  return (
    <AntPopconfirm
      {...rest}
      open={open}
      rootClassName={[rootClassName, popupClass].filter(Boolean).join(' ')}
      onOpenChange={(next) => setOpen(next)}
      afterOpenChange={(visible) => {
        afterOpenChange?.(visible);
        const popup = document.querySelector<HTMLElement>(`.${popupClass}`);
        if (visible) {
          const buttons = popup?.querySelectorAll<HTMLButtonElement>('.ant-popconfirm-buttons button');
          const danger = props.okButtonProps?.danger || props.okType === 'danger';
          (danger ? buttons?.[0] : buttons?.[buttons.length - 1])?.focus();
          return;
        }
        // Closed: back to the opener unless the user has already moved on to something else.
        const active = document.activeElement;
        if (active && active !== document.body && !popup?.contains(active)) return;
        if (opener.current?.isConnected) opener.current.focus();
        else focusMainContent();
      }}
    />
  );
}
