// A list's two spreadsheet exports (export.xlsx, sheet "data"): the chosen rows (off while none is chosen) and
// every row of the filter. The button whose file is being made shows its spinner until the file is saved or the
// export fails.
import { FileExcelOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { type Key, useState } from 'react';
import { exportXlsx } from '../lib/exportXlsx.ts';

export function SpreadsheetExport(props: {
  selected: Key[];
  labels: { selected: string; all: string };
  columns: Parameters<typeof exportXlsx>[0];
  /** Loads the rows with these ids, or every row of the filter without them. */
  rows(ids: number[] | undefined): Promise<unknown[]>;
  onError(err: unknown): void;
}) {
  const [exporting, setExporting] = useState<'selected' | 'all' | null>(null);

  const exportRows = async (which: 'selected' | 'all') => {
    setExporting(which);
    try {
      const rows = await props.rows(which === 'selected' ? (props.selected as number[]) : undefined);
      await exportXlsx(props.columns, rows);
    } catch (err) {
      props.onError(err);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Space wrap>
      <Button
        icon={<FileExcelOutlined />}
        disabled={!props.selected.length}
        loading={exporting === 'selected'}
        onClick={() => exportRows('selected')}
        data-testid="export-selected"
      >
        {props.labels.selected}
      </Button>
      <Button
        icon={<FileExcelOutlined />}
        loading={exporting === 'all'}
        onClick={() => exportRows('all')}
        data-testid="export-all"
      >
        {props.labels.all}
      </Button>
    </Space>
  );
}
