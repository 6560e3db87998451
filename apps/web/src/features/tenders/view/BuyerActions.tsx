// Buyer-side actions of the view by state: edit/cancel (WAITING), cancel (ACTIVE), start choosing and the
// supplier comments viewer (FINISHED), approver comment and confirm winners (CHOOSING), approver comment,
// history, export page and downloads (ORDERED); the award suggestions to review and apply (CHOOSING, issue 33).
import {
  BulbOutlined,
  CheckOutlined,
  CloseCircleOutlined,
  EditOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { COMMENT_MAX, commentError, type Tender, type ViewLine } from '@portal/shared';
import { Alert, App, Button, Card, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useViewActions } from '../viewApi.ts';
import { ApplySuggestionsModal } from './ApplySuggestionsModal.tsx';

export function BuyerActions(props: { tender: Tender; lines: ViewLine[]; onCommentsViewer(): void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { tender } = props;
  const a = useViewActions(tender.id);
  const [approverComment, setApproverComment] = useState(tender.approver_comment_content ?? '');
  const [commentErr, setCommentErr] = useState<string | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const s = tender.status;

  const confirm = (title: string, onOk: () => Promise<unknown>) =>
    modal.confirm({
      title,
      okText: t('tenders.confirm.ok'),
      cancelText: t('tenders.confirm.cancel'),
      onOk: () => onOk().catch(() => undefined),
    });

  const cancelTender = () =>
    confirm(t('tenderView.actions.cancel_question'), async () => {
      await a.setStatus.mutateAsync({ status: 'CANCELED' });
      toast.success(t('tenderView.toast.tender_canceled'));
    });
  const startChoosing = () =>
    confirm(t('tenderView.actions.choosing_question'), async () => {
      await a.setStatus.mutateAsync({ status: 'CHOOSING' });
      toast.success(t('tenderView.toast.choosing'));
    });
  const withWinners = props.lines.filter((l) => l.winners.length).length;
  const confirmWinners = () => {
    const e = commentError(approverComment, false);
    if (e) return setCommentErr(e);
    confirm(
      withWinners
        ? t('tenderView.actions.confirm_question', { count: withWinners, total: props.lines.length })
        : t('tenderView.actions.confirm_none_question'),
      async () => {
        const r = await a.setStatus.mutateAsync({
          status: 'ORDERED',
          approver_comment: approverComment.trim(),
        });
        toast.success(
          r?.status === 'FAILED' ? t('tenderView.toast.tender_failed') : t('tenderView.toast.tender_ordered'),
        );
      },
    );
  };

  const buttons = (
    <Flex gap={8} wrap>
      {s === 'WAITING' && tender.abilities.includes('edit') && (
        <Link to={`/tenders/${tender.id}/edit`}>
          <Button icon={<EditOutlined />}>{t('tenderView.actions.edit')}</Button>
        </Link>
      )}
      {tender.abilities.includes('choose_winners') && props.lines.length > 0 && (
        <Button icon={<BulbOutlined />} onClick={() => setSuggesting(true)} data-testid="apply-suggestions">
          {t('suggest.apply_button')}
        </Button>
      )}
      {tender.abilities.includes('choose') && (
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={startChoosing}>
          {t('tenderView.actions.start_choosing')}
        </Button>
      )}
      {(s === 'FINISHED' || s === 'CHOOSING' || s === 'ORDERED') && (
        <Button onClick={props.onCommentsViewer}>
          {t('tenderView.comment.viewer_button', {
            // The viewer shows the tender comments and every part's supplier comments: the count says both.
            count:
              tender.comments_options.length +
              props.lines.reduce((n, l) => n + l.supplier_comments.length, 0),
          })}
        </Button>
      )}
      {tender.abilities.includes('cancel') && (
        <Button danger icon={<CloseCircleOutlined />} onClick={cancelTender}>
          {t('tenderView.actions.cancel_tender')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Flex vertical gap={12}>
      {tender.abilities.includes('confirm') && (
        <Card size="small" title={t('tenderView.actions.confirm_title')}>
          <Flex vertical gap={8}>
            <Typography.Text>
              {t('tenderView.actions.winners_progress', { count: withWinners, total: props.lines.length })}
            </Typography.Text>
            <Typography.Text strong>{t('tenderView.approver_comment')}</Typography.Text>
            <Input.TextArea
              rows={3}
              maxLength={COMMENT_MAX}
              showCount
              value={approverComment}
              aria-label={t('tenderView.approver_comment')}
              status={commentErr ? 'error' : undefined}
              onChange={(e) => {
                setApproverComment(e.target.value);
                setCommentErr(null);
              }}
            />
            {commentErr && <Typography.Text type="danger">{errorText(commentErr)}</Typography.Text>}
            <Button
              type="primary"
              icon={<CheckOutlined />}
              onClick={confirmWinners}
              loading={a.setStatus.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('tenderView.actions.confirm_winners')}
            </Button>
          </Flex>
        </Card>
      )}
      {(s === 'ORDERED' || s === 'FAILED') && tender.approver_comment_content && (
        <Alert
          type="info"
          showIcon
          title={t('tenderView.approver_comment')}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{tender.approver_comment_content}</span>}
        />
      )}
      {buttons}
      {suggesting && (
        <ApplySuggestionsModal
          tenderId={tender.id}
          lines={props.lines}
          onClose={() => setSuggesting(false)}
        />
      )}
    </Flex>
  );
}
