// The heading row of a screen: title on the left, actions on the right.
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export function PageHeader(props: { title: ReactNode; extra?: ReactNode }) {
  return (
    <Flex className="page-header" justify="space-between" align="center" wrap gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {props.title}
      </Typography.Title>
      {props.extra && <Flex gap={8}>{props.extra}</Flex>}
    </Flex>
  );
}
