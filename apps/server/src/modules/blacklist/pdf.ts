// The blacklist as a PDF (spec 3 "Blacklist list": export buttons copy, CSV, Excel, PDF, print). pdfmake with the
// Roboto font of its own package (Estonian and Cyrillic glyphs); labels in the reader's language.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BlacklistItem } from '@portal/shared';
import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';

const require = createRequire(import.meta.url);

const LABELS = {
  et: {
    title: 'Must nimekiri',
    code: 'Kood',
    name: 'Nimetus',
    producers: 'Tootjad',
    creator: 'Looja',
    created: 'Loodud / muudetud',
    status: 'Staatus',
    active: 'Aktiivne',
    disabled: 'Keelatud',
  },
  ru: {
    title: 'Чёрный список',
    code: 'Код',
    name: 'Название',
    producers: 'Производители',
    creator: 'Автор',
    created: 'Создано / изменено',
    status: 'Статус',
    active: 'Активен',
    disabled: 'Отключен',
  },
  en: {
    title: 'Blacklist',
    code: 'Code',
    name: 'Name',
    producers: 'Producers',
    creator: 'Creator',
    created: 'Created / updated',
    status: 'Status',
    active: 'Active',
    disabled: 'Disabled',
  },
} as const;
export type PdfLang = keyof typeof LABELS;

type PdfMake = typeof import('pdfmake');
let pdfMake: PdfMake | null = null;
function pdf(): PdfMake {
  if (pdfMake) return pdfMake;
  const lib = require('pdfmake') as PdfMake;
  const dir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  lib.setFonts({
    Roboto: {
      normal: path.join(dir, 'Roboto-Regular.ttf'),
      bold: path.join(dir, 'Roboto-Medium.ttf'),
      italics: path.join(dir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(dir, 'Roboto-MediumItalic.ttf'),
    },
  });
  lib.setUrlAccessPolicy(() => false);
  lib.setLocalAccessPolicy((p) => path.resolve(p).startsWith(dir + path.sep));
  pdfMake = lib;
  return lib;
}

/** DD.MM.YYYY HH:mm in Europe/Tallinn. */
export function tallinn(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Tallinn',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(iso));
  const v = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${v('day')}.${v('month')}.${v('year')} ${v('hour')}:${v('minute')}`;
}

export async function blacklistPdf(rows: BlacklistItem[], lang: PdfLang): Promise<Buffer> {
  const L = LABELS[lang];
  const body: TableCell[][] = [
    [L.code, L.name, L.producers, L.creator, L.created, L.status].map((h) => ({
      text: h,
      bold: true,
      fillColor: '#e8e8e8',
    })),
  ];
  for (const r of rows) {
    const created = tallinn(r.created);
    const updated = tallinn(r.updated);
    body.push([
      [r.part_code, ...r.part_codes_tags].join('\n'),
      r.part_name,
      r.producers_tags.join(', '),
      r.creator_name ?? '',
      updated !== created ? `${created}\n${updated}` : created,
      r.is_active ? L.active : L.disabled,
    ]);
  }
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [30, 30, 30, 30],
    info: { title: L.title, creator: 'Tender portal', producer: 'Tender portal' },
    content: [
      { text: L.title, fontSize: 14, bold: true, margin: [0, 0, 0, 8] },
      {
        table: { headerRows: 1, widths: ['auto', '*', '*', 'auto', 'auto', 'auto'], body },
        layout: 'lightHorizontalLines',
      },
    ],
    defaultStyle: { font: 'Roboto', fontSize: 8 },
  };
  return pdf().createPdf(doc).getBuffer();
}
