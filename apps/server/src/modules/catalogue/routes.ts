import type { ZApp } from '../../app.ts';

export default async function routes(_app: ZApp) {}
