import type { ZApp } from '../../app.ts';

/** Tender exports (spreadsheet, PDF, export page data) and the tender history route. */
export default async function routes(_app: ZApp) {}
