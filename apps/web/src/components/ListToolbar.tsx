// The row above a list: the search box, optional filters, and reset (back to the plain route).
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../lib/listState.ts';
import { SearchBox } from './SearchBox.tsx';

export function ListToolbar(props: { state: ListState; filters?: ReactNode; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap align="center" className="list-toolbar">
      <SearchBox
        value={props.state.search}
        onSearch={props.state.setSearch}
        placeholder={props.placeholder}
      />
      {props.filters}
      <Button icon={<ReloadOutlined />} onClick={props.state.reset}>
        {t('list.reset')}
      </Button>
    </Flex>
  );
}
