// The phone layout (below antd's `md` breakpoint, 768 px), read from the media query while rendering. antd's
// Grid.useBreakpoint learns the screen in a layout effect, so a screen using it first renders for no breakpoint
// and then again at once (the shell: the side menu, then the drawer on a phone): one render instead of two.
import { useSyncExternalStore } from 'react';

const WIDE = '(min-width: 768px)';

const wide = () => (typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(WIDE));

function subscribe(onChange: () => void) {
  const query = wide();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True below 768 px (antd's `md`), updated when the viewport crosses it. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wide()?.matches === false,
    () => false,
  );
}
