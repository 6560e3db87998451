// A list's collapsible filter: the header shows the filter icon, the title and how many filters apply; whether it
// is open is remembered per list in localStorage (`<id>:filter_open`). Until the person opens or closes it, it is
// open on a wide screen and closed on a phone, where the open filter would fill the first screen and push the list
// below it. FilterActions are the filter form's reset and search (submit) buttons.
import { FilterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Collapse, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { usePhone } from '../lib/media.ts';

export function FilterPanel(props: { id: string; title: string; active: number; children: ReactNode }) {
  const openKey = `${props.id}:filter_open`;
  const phone = usePhone();
  const [chosen, setChosen] = useState<boolean | null>(() => {
    const stored = localStorage.getItem(openKey);
    return stored == null ? null : stored !== 'false';
  });
  const open = chosen ?? !phone;
  return (
    <Collapse
      size="small"
      activeKey={open ? ['f'] : []}
      onChange={(keys) => {
        const o = (keys as string[]).includes('f');
        setChosen(o);
        localStorage.setItem(openKey, String(o));
      }}
      items={[
        {
          key: 'f',
          label: (
            <Space>
              <FilterOutlined />
              {props.title}
              {props.active > 0 && <Badge count={props.active} color="#0b5cab" size="small" />}
            </Space>
          ),
          children: props.children,
        },
      ]}
    />
  );
}

export function FilterActions(props: { labels: { reset: string; search: string }; onReset(): void }) {
  return (
    <Space>
      <Button icon={<ReloadOutlined />} onClick={props.onReset} data-testid="filter-reset">
        {props.labels.reset}
      </Button>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
        {props.labels.search}
      </Button>
    </Space>
  );
}
