// Asking before unsaved changes are lost: a route change inside the portal shows a confirm modal
// (react-router's useBlocker), closing or reloading the tab asks through the browser (beforeunload).
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

let leaveAllowed = false;
/** Lets the page go without asking (the session expired: what was typed is kept in the browser). */
export function allowLeaving() {
  leaveAllowed = true;
}

export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  // Read at navigation time, not from the function registered after the last render's effects: a change
  // committed by the blur of the button's own mousedown is already seen by the click that navigates.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current && !leaveAllowed && currentLocation.pathname !== nextLocation.pathname,
  );
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('screens.leave.title'),
      content: t('screens.leave.content'),
      okText: t('screens.leave.ok'),
      cancelText: t('screens.leave.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'leave-confirm' } as never,
      cancelButtonProps: { 'data-testid': 'leave-stay' } as never,
      onOk: () => {
        asking.current = false;
        blocker.proceed?.();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset?.();
      },
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      if (leaveAllowed) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
}
