// Buyers: the suppliers' tender comments and every part's supplier comments, in one modal.
import type { ViewLine } from '@portal/shared';
import { Flex, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fmtDateTime } from '../../../lib/format.ts';
import type { Tender } from '../viewApi.ts';

/** Buyers: the suppliers' tender comments (comments_options) and every part's supplier comments. */
export function SupplierCommentsViewer(props: {
  open: boolean;
  tender: Tender;
  lines: ViewLine[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const partComments = props.lines.flatMap((l) =>
    l.supplier_comments.map((c) => ({ ...c, part: l.part_name })),
  );
  return (
    <Modal
      open={props.open}
      title={t('tenderView.comment.viewer_title')}
      onCancel={props.onClose}
      footer={null}
      width={720}
    >
      <Typography.Title level={5}>{t('tenderView.comment.tender_comments')}</Typography.Title>
      <List
        size="small"
        locale={{ emptyText: t('tenderView.comment.none') }}
        dataSource={props.tender.comments_options}
        renderItem={(c) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Flex gap={8}>
                  <strong>{c.supplier_name}</strong>
                  <Typography.Text type="secondary">{fmtDateTime(c.created)}</Typography.Text>
                </Flex>
              }
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{c.content}</span>}
            />
          </List.Item>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('tenderView.comment.part_comments')}
      </Typography.Title>
      <List
        size="small"
        locale={{ emptyText: t('tenderView.comment.none') }}
        dataSource={partComments}
        renderItem={(c) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Flex gap={8} wrap>
                  <span>{c.part}</span>
                  <strong>{c.supplier_name ?? c.name}</strong>
                  <Typography.Text type="secondary">{fmtDateTime(c.updated || c.created)}</Typography.Text>
                </Flex>
              }
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{c.content}</span>}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
