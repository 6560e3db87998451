// Demo part files: small real PNG pictures (drawn with sharp) and one-page PDF documents, linked to parts that
// appear in tenders and pre-orders, so the part-info modal, the parts list and the pre-order form show something.
// Runs after the demo seed; idempotent (fixed uuids: rows are insert-or-keep, bytes are written when missing), so
// it also repairs a shared files folder that lost them.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { DEMO_MARKER_EMAIL } from './demo.ts';

const COLOURS = ['#1f6feb', '#2da44e', '#bf8700', '#cf222e', '#8250df', '#0a7f86'];

/** A deterministic uuid (v4 layout) from a name, so every demo database names its files the same. */
function demoUuid(name: string) {
  const h = crypto.createHash('sha256').update(`portal-demo-file:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 640×480 "photo" of a part: a coloured card with a drawn part (disc, bolt holes) and its code. */
async function partPicture(code: string, i: number) {
  const c = COLOURS[i % COLOURS.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6f8fa"/><stop offset="1" stop-color="${c}" stop-opacity="0.35"/></linearGradient></defs>
  <rect width="640" height="480" fill="url(#g)"/>
  <circle cx="320" cy="225" r="150" fill="#8c959f" stroke="#424a53" stroke-width="10"/>
  <circle cx="320" cy="225" r="55" fill="#f6f8fa" stroke="#424a53" stroke-width="8"/>
  ${[0, 1, 2, 3, 4]
    .map((k) => {
      const a = (k / 5) * Math.PI * 2;
      return `<circle cx="${320 + Math.cos(a) * 95}" cy="${225 + Math.sin(a) * 95}" r="12" fill="#424a53"/>`;
    })
    .join('')}
  <rect x="0" y="410" width="640" height="70" fill="${c}"/>
  <text x="24" y="455" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#ffffff">${esc(code)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A one-page PDF with a title and a few lines (Helvetica, Latin-1 text), with a correct cross-reference table. */
function pdfDocument(title: string, lines: string[]) {
  const text = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const content = [
    'BT /F1 20 Tf 60 770 Td',
    `(${text(title)}) Tj`,
    '/F1 12 Tf',
    ...lines.map((l) => `0 -24 Td (${text(l)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

interface DemoFile {
  uuid: string;
  partId: number;
  fileName: string;
  fileType: string;
  bytes: () => Promise<Buffer>;
}

/** Parts to illustrate: some lines of tenders (the part-info modal) and some free pre-orders. */
async function demoParts(db: Db) {
  const inTenders = await db
    .selectDistinct({ id: s.parts.id, code: s.parts.code, name: s.parts.name })
    .from(s.details)
    .innerJoin(s.parts, eq(s.parts.id, s.details.partId))
    .where(isNotNull(s.details.tenderId))
    .orderBy(s.parts.id)
    .limit(8);
  const prepared = await db
    .selectDistinct({ id: s.parts.id, code: s.parts.code, name: s.parts.name })
    .from(s.details)
    .innerJoin(s.parts, eq(s.parts.id, s.details.partId))
    .where(and(eq(s.details.status, 'PREPARED'), eq(s.details.isDeleted, false)))
    .orderBy(s.parts.id)
    .limit(6);
  const seen = new Set<number>();
  return [...inTenders, ...prepared].filter((p) => !seen.has(p.id) && seen.add(p.id));
}

/** Writes the demo files' rows, links and bytes. Returns how many files it wrote to disk. */
export async function seedDemoFiles(db: Db, dataDir: string): Promise<number> {
  const [marker] = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(sql`lower(${s.users.email}) = ${DEMO_MARKER_EMAIL}`);
  if (!marker) return 0;
  const parts = await demoParts(db);
  const wanted: DemoFile[] = [];
  parts.forEach((p, i) => {
    wanted.push({
      uuid: demoUuid(`${p.code}.png`),
      partId: p.id,
      fileName: `${p.code}.png`,
      fileType: 'image/png',
      bytes: () => partPicture(p.code, i),
    });
    if (i % 2 === 0)
      wanted.push({
        uuid: demoUuid(`${p.code}-side.png`),
        partId: p.id,
        fileName: `${p.code} kulg.png`,
        fileType: 'image/png',
        bytes: () => partPicture(`${p.code} / 2`, i + 3),
      });
    if (i % 3 === 0)
      wanted.push({
        uuid: demoUuid(`${p.code}.pdf`),
        partId: p.id,
        fileName: `${p.code} paigaldusjuhend.pdf`,
        fileType: 'application/pdf',
        bytes: async () =>
          pdfDocument(`Installation guide ${p.code}`, [
            p.name,
            'Check the torque values before mounting.',
            'Replace in pairs on the same axle.',
          ]),
      });
  });
  const dir = path.resolve(dataDir, 'files');
  await fs.mkdir(dir, { recursive: true });
  let written = 0;
  for (const f of wanted) {
    const file = path.join(dir, f.uuid);
    let size: number;
    try {
      size = (await fs.stat(file)).size;
    } catch {
      const bytes = await f.bytes();
      const tmp = path.join(dir, `.tmp-${crypto.randomBytes(6).toString('hex')}`);
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
      size = bytes.length;
      written++;
    }
    await db
      .insert(s.files)
      .values({ uuid: f.uuid, fileName: f.fileName, fileType: f.fileType, fileSize: size, isPublic: true })
      .onConflictDoNothing();
    await db.insert(s.partFiles).values({ partId: f.partId, fileUuid: f.uuid }).onConflictDoNothing();
  }
  return written;
}
