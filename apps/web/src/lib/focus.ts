// Where keyboard focus goes when what held it goes away (WCAG 2.4.3): a closed dialog, a deleted row, a closed
// menu. The shell's main region (id "main-content", also the skip link's target) is the fallback.
export const MAIN_CONTENT_ID = 'main-content';

export function focusMainContent() {
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}

/**
 * Gives focus back to `el` (the control that opened a dialog) once the dialog has gone, unless the user has
 * already put it somewhere else; the page's content when `el` is gone.
 */
export function returnFocus(el: Element | null | undefined) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !active.closest('.ant-modal-root'))
      return;
    if (el instanceof HTMLElement && el.isConnected) el.focus();
    else focusMainContent();
  });
}

/** The element that has focus now (to give it back later with returnFocus). */
export const focusedElement = () =>
  document.activeElement instanceof HTMLElement ? document.activeElement : null;
