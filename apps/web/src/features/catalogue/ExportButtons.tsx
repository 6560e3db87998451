// The export buttons of a list (spec 3 "Blacklist list": copy, CSV, Excel, PDF, print). They export the selected
// rows, or every row of the current search when none is selected. Copy puts tab-separated text on the clipboard;
// CSV and Excel are built in the browser; the PDF comes from the server (Roboto, Estonian and Cyrillic glyphs);
// print opens a printable table.
import {
  CopyOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  PrinterOutlined,
} from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/api.ts';
import { exportXlsx } from '../../lib/exportXlsx.ts';
import { toast } from '../../lib/toast.ts';

export interface ExportColumn<T> {
  title: string;
  value(row: T): string;
  /** The spreadsheet's value when it differs from the text (a date cell from `xlsxDateTime`). */
  cell?(row: T): unknown;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function ExportButtons<T>(props: {
  columns: ExportColumn<T>[];
  /** Loads the rows to export (selected ones, or all of the current search). */
  rows(): Promise<T[]>;
  /** Downloads the PDF of the same rows. */
  pdf(): Promise<void>;
  title: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const run = (key: string, fn: () => Promise<void>) => async () => {
    setBusy(key);
    try {
      await fn();
    } catch {
      toast.error(t('errors.server_error'));
    } finally {
      setBusy(null);
    }
  };
  const table = (rows: T[]) => [
    props.columns.map((c) => c.title),
    ...rows.map((r) => props.columns.map((c) => c.value(r))),
  ];

  const copy = run('copy', async () => {
    const text = table(await props.rows())
      .map((r) => r.map((v) => v.replace(/[\t\n]+/g, ' ')).join('\t'))
      .join('\n');
    await navigator.clipboard.writeText(text);
    toast.success(t('catalogue.export.copied'));
  });
  const csv = run('csv', async () => {
    const text = table(await props.rows())
      .map((r) => r.map((v) => `"${v.replace(/"/g, '""')}"`).join(';'))
      .join('\r\n');
    saveBlob(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }), 'export.csv');
  });
  const excel = run('excel', async () => {
    await exportXlsx(
      props.columns.map((c) => ({ title: c.title, value: (r: never) => (c.cell ?? c.value)(r as T) })),
      await props.rows(),
    );
  });
  const print = run('print', async () => {
    const [head, ...body] = table(await props.rows());
    const w = window.open('', '_blank');
    if (!w) return;
    w.document.write(
      `<!doctype html><html lang="${document.documentElement.lang}"><head><meta charset="utf-8"><title>${escapeHtml(props.title)}</title>
<style>body{font:12px sans-serif}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px;text-align:left;vertical-align:top}</style>
</head><body><h1>${escapeHtml(props.title)}</h1><table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${body
        .map((r) => `<tr>${r.map((v) => `<td>${escapeHtml(v)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table></body></html>`,
    );
    w.document.close();
    w.focus();
    w.print();
  });

  return (
    <Space wrap size={4} className="export-buttons">
      <Button size="small" icon={<CopyOutlined />} loading={busy === 'copy'} onClick={copy}>
        {t('catalogue.export.copy')}
      </Button>
      <Button size="small" icon={<FileTextOutlined />} loading={busy === 'csv'} onClick={csv}>
        CSV
      </Button>
      <Button size="small" icon={<FileExcelOutlined />} loading={busy === 'excel'} onClick={excel}>
        Excel
      </Button>
      <Button
        size="small"
        icon={<FilePdfOutlined />}
        loading={busy === 'pdf'}
        onClick={run('pdf', props.pdf)}
      >
        PDF
      </Button>
      <Button size="small" icon={<PrinterOutlined />} loading={busy === 'print'} onClick={print}>
        {t('catalogue.export.print')}
      </Button>
    </Space>
  );
}
