// The info button beside a part name: a popover listing the part's code tags.
import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Popover, Tag, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

export const PartInfoButton = memo(function PartInfoButton(props: {
  name: string;
  code: string | null;
  tags: string[];
}) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      title={
        <span>
          {props.name}
          {props.code && <Typography.Text type="secondary"> · {props.code}</Typography.Text>}
        </span>
      }
      content={
        <div style={{ maxWidth: 360 }}>
          <Typography.Text type="secondary">{t('tenders.form.code_tags')}</Typography.Text>
          {props.tags.length ? (
            <Flex wrap gap={4} style={{ marginTop: 6 }} data-testid="part-code-tags">
              {props.tags.map((tag) => (
                <Tag key={tag} style={{ marginInlineEnd: 0 }}>
                  {tag}
                </Tag>
              ))}
            </Flex>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tenders.form.no_code_tags')} />
          )}
        </div>
      }
    >
      <Button
        size="small"
        type="text"
        icon={<InfoCircleOutlined />}
        aria-label={t('tenders.form.part_info')}
      />
    </Popover>
  );
});
