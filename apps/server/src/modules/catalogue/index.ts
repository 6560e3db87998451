// The catalogue module's public API for other modules: writing the business system's units and items (parts and
// their code tags) into the catalogue. Other modules import from here, never from the module's internal files.
export {
  type BcItem,
  type BcUnit,
  importUnits,
  retireMissingItems,
  upsertItems,
} from './bcImport.ts';
