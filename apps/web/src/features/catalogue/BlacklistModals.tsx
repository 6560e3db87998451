// The blacklist's two modals (spec 3 "Blacklist list"): the info modal with the part name and its additional codes,
// and the change log (comments) with added and removed producers, activation and deactivation.
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { fmtDateTime } from '../../lib/format.ts';
import { BLACKLISTS, type BlacklistDetail, type BlacklistItem } from './api.ts';

export function BlacklistInfoModal(props: { entry: BlacklistItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const e = props.entry;
  return (
    <Modal
      open={!!e}
      title={t('catalogue.blacklist.info_title')}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
    >
      {e && (
        <Flex vertical gap={12}>
          <div>
            <Typography.Text type="secondary">{t('catalogue.blacklist.code')}</Typography.Text>
            <div>{e.part_code}</div>
          </div>
          <div>
            <Typography.Text type="secondary">{t('catalogue.blacklist.name')}</Typography.Text>
            <div>{e.part_name}</div>
          </div>
          <div>
            <Typography.Text type="secondary">{t('catalogue.blacklist.codes')}</Typography.Text>
            <div>
              {e.part_codes_tags.length ? (
                e.part_codes_tags.map((c) => <Tag key={c}>{c}</Tag>)
              ) : (
                <Typography.Text type="secondary">{t('catalogue.blacklist.no_codes')}</Typography.Text>
              )}
            </div>
          </div>
        </Flex>
      )}
    </Modal>
  );
}

export function BlacklistLogModal(props: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['resource', BLACKLISTS, 'item', String(props.id)],
    queryFn: ({ signal }) => api<BlacklistDetail>('GET', `${BLACKLISTS}${props.id}/`, { signal }),
    enabled: props.id !== null,
  });
  const comments = [...(q.data?.comments ?? [])].reverse();
  return (
    <Modal
      open={props.id !== null}
      title={
        q.data
          ? t('catalogue.blacklist.log_title_of', { code: q.data.part_code })
          : t('catalogue.blacklist.log_title')
      }
      onCancel={props.onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {q.isLoading ? (
        <Spin />
      ) : !comments.length ? (
        <Empty description={t('catalogue.blacklist.log_empty')} />
      ) : (
        <List
          className="blacklist-log"
          dataSource={comments}
          renderItem={(c) => (
            <List.Item key={c.id}>
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Flex justify="space-between" wrap gap={8}>
                  <Typography.Text strong>{c.name}</Typography.Text>
                  <Typography.Text type="secondary">{fmtDateTime(c.created)}</Typography.Text>
                </Flex>
                {c.content && <Typography.Paragraph style={{ margin: 0 }}>{c.content}</Typography.Paragraph>}
                <Space wrap size={4}>
                  {c.added_producers.map((p) => (
                    <Tag key={`a${p}`} color="red">
                      + {p}
                    </Tag>
                  ))}
                  {c.removed_producers.map((p) => (
                    <Tag key={`r${p}`} color="green">
                      − {p}
                    </Tag>
                  ))}
                  {c.added_producers.length > 0 && (
                    <Typography.Text type="secondary">{t('catalogue.blacklist.log_added')}</Typography.Text>
                  )}
                  {c.removed_producers.length > 0 && (
                    <Typography.Text type="secondary">{t('catalogue.blacklist.log_removed')}</Typography.Text>
                  )}
                  {c.black_list_activated && <Tag color="blue">{t('catalogue.blacklist.log_activated')}</Tag>}
                  {c.black_list_deactivated && (
                    <Tag color="default">{t('catalogue.blacklist.log_deactivated')}</Tag>
                  )}
                </Space>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
