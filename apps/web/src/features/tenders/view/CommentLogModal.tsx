// The comment log of one part: supplier comments and the winner-choice comment, newest first.
import type { ViewLine } from '@portal/shared';
import { Empty, Flex, List, Modal, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtDateTime } from '../../../lib/format.ts';

interface LogItem {
  key: string;
  who: string;
  when: string;
  content: string;
  kind: 'supplier' | 'winner';
}

/** The comment log of one part: supplier comments and the winner-choice comment, newest first. */
export function CommentLogModal(props: { line: ViewLine | null; onClose(): void }) {
  const { t } = useTranslation();
  const items = useMemo<LogItem[]>(() => {
    const l = props.line;
    if (!l) return [];
    const out: LogItem[] = l.supplier_comments.map((c) => ({
      key: `s${c.id}`,
      who: c.supplier_name ? `${c.name} (${c.supplier_name})` : c.name,
      when: c.updated || c.created,
      content: c.content,
      kind: 'supplier',
    }));
    if (l.winner_comment)
      out.push({
        key: `w${l.winner_comment.id}`,
        who: l.winner_comment.name,
        when: l.winner_comment.created,
        content: l.winner_comment.content,
        kind: 'winner',
      });
    return out.sort((a, b) => b.when.localeCompare(a.when));
  }, [props.line]);
  if (!props.line) return null;
  return (
    <Modal
      open
      title={t('tenderView.comment.log_title', { name: props.line.part_name })}
      onCancel={props.onClose}
      footer={null}
      width={640}
    >
      {items.length === 0 ? (
        <Empty description={t('tenderView.comment.none')} />
      ) : (
        <List
          dataSource={items}
          renderItem={(c) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Flex gap={8} wrap>
                    <span>{c.who}</span>
                    <Typography.Text type="secondary">{fmtDateTime(c.when)}</Typography.Text>
                    <Tag color={c.kind === 'winner' ? 'purple' : 'blue'}>
                      {t(`tenderView.comment.kind_${c.kind}`)}
                    </Tag>
                  </Flex>
                }
                description={<span style={{ whiteSpace: 'pre-wrap' }}>{c.content}</span>}
              />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
