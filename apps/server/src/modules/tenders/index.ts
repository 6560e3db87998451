// The tenders module's public API for other modules (details, reports …): reading lines as a viewer may see them,
// the viewer and visibility rules, the locks and audit rows a line edit of the tender form needs, and the hooks
// that run inside a tender's confirm, cancel and reopen (the business system registers them). Other
// modules import from here, never from the module's internal files.
export {
  actorOf,
  buyerHasGroup,
  buyerLinesWhere,
  requireLine,
  requireManager,
  requireTender,
  supplierMaySee,
  tenderVisibleWhere,
  type Viewer,
  viewerOf,
} from './access.ts';
export {
  cancelBcState,
  cancelUnorderedErpLines,
  discardPendingOrder,
  forgetWithdrawnOrder,
  holdOrder,
  markOrderPending,
  refreshLineStates,
  releaseOrder,
  resetBcStateOnReopen,
  retryOrderInError,
  setOrderBcId,
  setOrderBcStatus,
  setOrderExportCode,
  unsyncOrders,
} from './bcState.ts';
export { auditMany, lockDetail, lockTender, notEditable } from './core.ts';
export { type ExportTender, loadOrders } from './exportData.ts';
export { ymdOf } from './exportFiles.ts';
export { onTenderEvents, type TenderHooks } from './lifecycle.ts';
export { getDetail } from './lines.ts';
export {
  attachLine,
  detachLine,
  failLine,
  insertPreorderLine,
  type PreorderLine,
  removePreorderLine,
  setLineReplenishment,
  updatePreorderLine,
  upsertErpPreorderLines,
} from './preorderLines.ts';
export { detailSelect, needSql, serializeDetails, supplierLineStatus } from './serialize.ts';
export { removeLineWinners } from './winners.ts';
