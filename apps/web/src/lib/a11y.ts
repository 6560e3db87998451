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
