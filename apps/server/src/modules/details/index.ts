// The details module's public API for other modules: importing the business system's pre-orders as pre-order lines.
// Other modules import from here, never from the module's internal files.
export { type BcPreOrder, importPreOrders } from './bcImport.ts';
