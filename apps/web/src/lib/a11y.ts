import i18n from '../i18n/index.ts';

// antd tables with horizontal scroll render an aria-hidden "measure row" that copies the header, including the
// select-all checkbox: a focusable control hidden from screen readers (WCAG 4.1.2, axe aria-hidden-focus). Marking
// those rows inert takes their copies out of the tab order; the visible header keeps the real controls.
export function makeTableMeasureRowsInert(root: Document = document) {
  const mark = (scope: ParentNode) => {
    for (const row of scope.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])'))
      row.inert = true;
    // A table wider than its box (phones) scrolls sideways: keyboard users reach it with Tab (axe
    // scrollable-region-focusable), and it is named by the region it scrolls.
    for (const box of scope.querySelectorAll<HTMLElement>('.ant-table-content:not([tabindex])'))
      if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
    nameIcons(scope);
  };
  mark(root);
  // At most once a frame, however many rows a big table adds.
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      mark(root);
    });
  }).observe(root.body, { childList: true, subtree: true });
}

// antd's icons carry an English name (role="img" aria-label="plus"), which a screen reader reads before a
// button's own words ("plus Lisa hange") or as the whole name of an icon-only button ("search", "edit"). Icons
// are decoration wherever the control has words of its own, so they are hidden from assistive technology; an
// icon-only control without a name of its own is named by what its icon means, in the reader's language.
const ICON_NAMES: Record<string, string> = {
  search: 'list.search',
  edit: 'common.edit',
  delete: 'common.delete',
  close: 'common.close',
  'close-circle': 'common.clear',
  plus: 'common.add',
  eye: 'common.view',
  download: 'common.download',
  upload: 'common.upload',
  copy: 'common.copy',
  'info-circle': 'common.info',
  comment: 'common.comments',
  message: 'common.comments',
  history: 'common.history',
  reload: 'common.reload',
  filter: 'common.filter',
};

const CONTROL = 'button, a, [role="button"], [role="menuitem"], [role="tab"], [role="switch"], label';

function hasOwnName(el: Element) {
  return (
    el.hasAttribute('aria-label') ||
    el.hasAttribute('aria-labelledby') ||
    el.hasAttribute('title') ||
    (el.textContent ?? '').trim() !== ''
  );
}

function nameIcons(scope: ParentNode) {
  for (const icon of scope.querySelectorAll<HTMLElement>('.anticon[aria-label]:not([aria-hidden])')) {
    const control = icon.closest(CONTROL);
    const key = ICON_NAMES[icon.getAttribute('aria-label') ?? ''];
    if (control && !hasOwnName(control) && key) control.setAttribute('aria-label', i18n.t(key));
    // An icon inside a named control, or beside words, says nothing the words do not.
    const holder = control ?? icon.parentElement;
    if ((control && hasOwnName(control)) || (holder && (holder.textContent ?? '').trim() !== ''))
      icon.setAttribute('aria-hidden', 'true');
  }
}
