// "Apply suggestions" (issue 33): every line's suggested winners with the sentence that explains them, for review;
// applying saves them on the reviewed lines without a winner yet in one call (the server recomputes them and writes
// them as the line's winner save does). Lines with winners keep them, and a line another buyer gave winners
// meanwhile is named; a lone offer with less available than the need is left for the buyer to confirm in the line's
// dialog.
import type { AwardSuggestion, ViewLine } from '@portal/shared';
import { Alert, Button, Flex, Modal, Table, Tag, Typography } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { fmtQty, useLang } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useApplySuggestions, useAwardSuggestions } from '../suggestApi.ts';
import { applicable, explanationText, shareTexts } from './suggestText.ts';

type Row = { line: ViewLine; s: AwardSuggestion; state: 'apply' | 'kept' | 'confirm' | 'none' };

export function ApplySuggestionsModal(props: { tenderId: number; lines: ViewLine[]; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useAwardSuggestions(props.tenderId);
  const apply = useApplySuggestions(props.tenderId);
  const [skipped, setSkipped] = useState<ViewLine[]>([]);
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
    setSkipped([]);
    const r = await apply.mutateAsync({ detail_ids: toApply.map(({ line }) => line.id) }).catch(() => null);
    if (!r) return;
    if (r.applied) toast.success(t('suggest.applied', { count: r.applied }));
    if (r.skipped) setSkipped(props.lines.filter((l) => r.skipped_ids.includes(l.id)));
    else props.onClose();
  };
  const busy = apply.isPending;
  const error =
    apply.error instanceof ApiError
      ? String(
          Object.values(apply.error.fieldErrors ?? {})[0]?.[0] ??
            apply.error.detail ??
            `http_${apply.error.status}`,
        )
      : apply.error
        ? 'network_error'
        : null;

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
      onCancel={busy ? undefined : props.onClose}
      closable={!busy}
      maskClosable={false}
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={props.onClose} disabled={busy}>
            {t('tenderView.cancel')}
          </Button>
          <Button
            type="primary"
            data-testid="apply-suggestions-confirm"
            disabled={!toApply.length}
            loading={busy}
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
        {error && (
          <Alert
            type="error"
            showIcon
            data-testid="suggest-failed"
            title={t('suggest.failed', { error: errorText(error) })}
          />
        )}
        {skipped.length > 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="suggest-skipped"
            title={t('suggest.skipped', {
              count: skipped.length,
              parts: skipped.map((l) => l.part_name).join(', '),
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
                    {shareTexts(r.s, t, lang).map((text, i) => (
                      <span key={r.s.winners[i]?.name}>{text}</span>
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
