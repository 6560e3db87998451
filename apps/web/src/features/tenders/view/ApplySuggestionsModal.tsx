// "Apply suggestions" (issue 33): every line's suggested winners with the sentence that explains them, for review;
// applying saves them on every line without a winner yet (one line at a time through the line's winner save, so
// the winner rules and checks are the same as in the dialog). Lines with winners keep them; a lone offer with less
// available than the need is left for the buyer to confirm in the line's dialog.
import type { AwardSuggestion, ViewLine } from '@portal/shared';
import { Alert, Button, Flex, Modal, Progress, Table, Tag, Typography } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { fmtQty, useLang } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { type ApplyFailure, useApplyWinners, useAwardSuggestions } from '../suggestApi.ts';
import { applicable, explanationText, splitComment } from './suggestText.ts';

type Row = { line: ViewLine; s: AwardSuggestion; state: 'apply' | 'kept' | 'confirm' | 'none' };

export function ApplySuggestionsModal(props: { tenderId: number; lines: ViewLine[]; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useAwardSuggestions(props.tenderId);
  const apply = useApplyWinners();
  const [failed, setFailed] = useState<ApplyFailure[]>([]);
  const rows = useMemo<Row[]>(() => {
    const byLine = new Map((q.data ?? []).map((s) => [s.detail_id, s]));
    return props.lines.flatMap((line) => {
      const s = byLine.get(line.id);
      if (!s) return [];
      const hasWinners = line.winners.length > 0;
      const state: Row['state'] = hasWinners
        ? 'kept'
        : applicable(s, false)
          ? 'apply'
          : s.needs_confirmation
            ? 'confirm'
            : 'none';
      return [{ line, s, state }];
    });
  }, [q.data, props.lines]);
  const toApply = rows.filter((r) => r.state === 'apply');

  const run = async () => {
    const { saved, failed: bad } = await apply.run(
      toApply.map(({ line, s }) => ({
        line,
        body: {
          winners: s.winners.map((w) => ({ name: w.name, amount: w.amount, reason: w.reason })),
          comment: s.winners.length > 1 ? splitComment(s, t, lang) : undefined,
          version: line.updated,
        },
      })),
    );
    setFailed(bad);
    if (saved) toast.success(t('suggest.applied', { count: saved }));
    if (!bad.length) props.onClose();
  };

  const stateTag = (r: Row) =>
    r.state === 'apply' ? null : r.state === 'kept' ? (
      <Tag>{t('suggest.kept')}</Tag>
    ) : r.state === 'confirm' ? (
      <Tag color="warning">{t('suggest.confirm_in_dialog')}</Tag>
    ) : null;

  return (
    <Modal
      open
      width={1000}
      title={t('suggest.title')}
      onCancel={apply.progress ? undefined : props.onClose}
      closable={!apply.progress}
      maskClosable={false}
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={props.onClose} disabled={!!apply.progress}>
            {t('tenderView.cancel')}
          </Button>
          <Button
            type="primary"
            data-testid="apply-suggestions-confirm"
            disabled={!toApply.length}
            loading={!!apply.progress}
            onClick={run}
          >
            {t('suggest.apply', { count: toApply.length })}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('suggest.intro')}</Typography.Paragraph>
        {q.isError && <Alert type="error" showIcon title={t('suggest.load_error')} />}
        {q.data && (
          <Typography.Text strong data-testid="suggest-summary">
            {toApply.length
              ? t('suggest.to_apply', { count: toApply.length, total: rows.length })
              : t('suggest.none_to_apply')}
          </Typography.Text>
        )}
        {apply.progress && (
          <Progress
            percent={Math.round((100 * apply.progress.done) / Math.max(1, apply.progress.count))}
            format={() => t('suggest.applying', apply.progress ?? { done: 0, count: 0 })}
          />
        )}
        {failed.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="suggest-failed"
            title={t('suggest.failed', {
              count: failed.length,
              parts: failed.map((f) => `${f.line.part_name} (${errorText(f.error)})`).join(', '),
            })}
          />
        )}
        <Table<Row>
          size="small"
          loading={q.isLoading}
          rowKey={(r) => r.line.id}
          dataSource={rows}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: 720 }}
          onRow={(r) => ({ 'data-testid': `suggestion-${r.line.id}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'part',
              title: t('suggest.col_part'),
              width: 220,
              render: (_, r) => (
                <Flex vertical>
                  <Typography.Text>{r.line.part_name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.line.part_code} · {fmtQty(r.line.qty)} {r.line.part_unit_code ?? ''}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'suggestion',
              title: t('suggest.col_suggestion'),
              width: 260,
              render: (_, r) =>
                r.s.winners.length ? (
                  <Flex vertical gap={2}>
                    {r.s.winners.map((w, i) => (
                      <span key={w.name}>
                        {t('suggest.amount_of', {
                          supplier: r.s.explanation.shares[i]?.supplier ?? '',
                          amount: fmtQty(w.amount),
                        })}
                      </span>
                    ))}
                    {stateTag(r)}
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">{t('suggest.nothing')}</Typography.Text>
                ),
            },
            {
              key: 'why',
              title: t('suggest.col_why'),
              render: (_, r) => explanationText(r.s.explanation, t, lang),
            },
          ]}
        />
      </Flex>
    </Modal>
  );
}
