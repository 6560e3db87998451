// The heading row of a screen: title on the left, actions on the right; on a narrow screen (a phone, a zoomed
// window) the actions wrap onto more rows instead of pushing the page wider than the window.
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle.tsx';

export function PageHeader(props: { title: ReactNode; extra?: ReactNode; tabTitle?: string }) {
  return (
    <Flex className="page-header" justify="space-between" align="center" wrap gap={12}>
      <PageTitle tabTitle={props.tabTitle}>{props.title}</PageTitle>
      {props.extra && (
        <Flex gap={8} wrap className="page-header-actions">
          {props.extra}
        </Flex>
      )}
    </Flex>
  );
}
