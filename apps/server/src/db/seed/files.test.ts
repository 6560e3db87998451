// Demo part files: real PNG and PDF bytes on disk, linked to parts of tenders and pre-orders; idempotent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/db.ts';
import * as s from '../schema/index.ts';
import { seedDemo } from './demo.ts';
import { seedDemoFiles } from './files.ts';

describe('demo files', () => {
  it('writes pictures and documents once and links them to parts', async () => {
    const database = await freshDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-demo-files-'));
    try {
      expect(await seedDemoFiles(database.db, dir)).toBe(0); // no demo data, nothing to illustrate
      await seedDemo(database.db);
      const n = await seedDemoFiles(database.db, dir);
      expect(n).toBeGreaterThanOrEqual(10);
      const rows = await database.db.select().from(s.files);
      expect(rows.length).toBe(n);
      const png = rows.find((r) => r.fileType === 'image/png');
      const pdf = rows.find((r) => r.fileType === 'application/pdf');
      expect(png && pdf).toBeTruthy();
      const meta = await sharp(path.join(dir, 'files', png?.uuid ?? '')).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 640, 480]);
      expect(fs.readFileSync(path.join(dir, 'files', pdf?.uuid ?? ''), 'latin1')).toMatch(
        /^%PDF-1\.4[\s\S]*%%EOF\n$/,
      );
      const links = await database.db.select().from(s.partFiles);
      expect(links.length).toBe(n);
      // again: nothing new
      expect(await seedDemoFiles(database.db, dir)).toBe(0);
      expect((await database.db.select().from(s.files)).length).toBe(n);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
