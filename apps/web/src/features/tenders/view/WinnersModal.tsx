// CHOOSING: winner selection of one part (shared rules/winners.ts): proposal(s), reason, amounts with several
// winners, the comment rules; lowest price pre-sets PRICE; saved with add_winners, removed with delete_winners.
// Issue 33: the line's award suggestion with its explanation ("use suggestion" fills the rows and a split's
// comment), and the part's price history, offers far from its median flagged.
import { BulbOutlined, DeleteOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import {
  aboveAvailable,
  COMMENT_MAX,
  defaultReason,
  defined,
  isChoosable,
  normalizeWinners,
  type ViewLine,
  validateWinners,
  WINNER_REASONS,
  type WinnerInput,
  type WinnerReason,
} from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEARABLE } from '../../../components/ClearIcon.tsx';
import { errorText } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { fmtDate, fmtQty, formatPrice, unitName, useLang } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { invalidateTenderArea } from '../api.ts';
import { useAwardSuggestions, usePriceHistory } from '../suggestApi.ts';
import { useViewActions } from '../viewApi.ts';
import { OfferDeviation, PriceHistory } from './PriceHistory.tsx';
import { explanationText, shareTexts, splitComment, suggestionRows } from './suggestText.ts';

interface Row {
  name: number | null;
  amount: string;
  reason: WinnerReason | null;
}

export function WinnersModal(props: { tenderId: number; line: ViewLine; onClose(): void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { line } = props;
  const { addWinners, deleteWinners } = useViewActions(props.tenderId);
  const offered = line.proposals.filter(
    (p): p is typeof p & { id: number; price: string } => p.id != null && p.price != null,
  );
  const ctx = {
    needQty: line.qty,
    proposals: offered.map((p) => ({ id: p.id, price: p.price, producer: p.producer?.id ?? null })),
    blacklistedProducerIds: line.blacklisted_producers,
  };
  // Offers of a producer on the part's blacklist are shown greyed and cannot be chosen (the server refuses them).
  const blocked = offered.filter(
    (p) =>
      !isChoosable(
        defined(
          ctx.proposals.find((x) => x.id === p.id),
          `offer ${p.id}`,
        ),
        ctx.blacklistedProducerIds,
      ),
  );
  const [conflict, setConflict] = useState(false);
  const qc = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() =>
    line.winners.length
      ? line.winners.map((w) => ({ name: w.name, amount: fmtQty(w.amount), reason: w.reason }))
      : [{ name: null, amount: fmtQty(line.qty), reason: null }],
  );
  const [comment, setComment] = useState(line.winner_comment?.content ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lang = useLang();
  const suggestion = useAwardSuggestions(props.tenderId).data?.find((x) => x.detail_id === line.id);
  const history = usePriceHistory(line.part).data;
  const applySuggestion = () => {
    if (!suggestion) return;
    setRows(suggestionRows(suggestion, lang));
    if (suggestion.winners.length > 1) setComment(splitComment(suggestion, lang));
    setErrors({});
  };

  const setRow = (i: number, patch: Partial<Row>) => {
    setRows((rs) => rs.map((r, n) => (n === i ? { ...r, ...patch } : r)));
    setErrors({});
  };
  const choose = (i: number, name: number | null) => {
    // Emptying the winner resets its amount and reason; a lowest-price choice pre-sets PRICE.
    if (name == null) return setRow(i, { name: null, amount: fmtQty(line.qty), reason: null });
    setRow(i, {
      name,
      reason: defaultReason(name, rows[i].reason, ctx.proposals, ctx.blacklistedProducerIds),
    });
  };
  const several = rows.filter((r) => r.name != null).length > 1;
  // Issue 32: a winner's amount above what its offer has available is said in words, and saved only when the buyer
  // confirms it (the server refuses it otherwise). A lone winner gets the line's whole quantity.
  const aboveText = (r: Row) => {
    const p = offered.find((x) => x.id === r.name);
    const amount = several ? r.amount.replace(',', '.') : line.qty;
    if (!p || !aboveAvailable(amount, p.available_qty)) return null;
    return t('chooseClock.above_available', { amount: fmtQty(amount), available: fmtQty(p.available_qty) });
  };
  const anyAbove = rows.some((r) => r.name != null && aboveText(r) != null);
  const confirmAbove = () =>
    modal.confirm({
      title: t('chooseClock.confirm_above_title'),
      content: t('chooseClock.confirm_above_text'),
      okText: t('chooseClock.confirm_above_ok'),
      cancelText: t('tenders.confirm.cancel'),
      onOk: () => save(true),
    });

  const save = async (confirmed = false) => {
    const input: WinnerInput[] = rows.map((r) => ({
      name: r.name,
      amount: r.amount.replace(',', '.'),
      reason: r.reason,
    }));
    const normal = normalizeWinners(input, ctx);
    const c = comment.trim();
    if (comment.length > COMMENT_MAX) return setErrors({ comment: 'comment_too_long' });
    const errs = validateWinners(normal, ctx, c);
    if (Object.keys(errs).length) return setErrors(remap(errs, input, normal));
    if (anyAbove && !confirmed) return confirmAbove();
    try {
      await addWinners.mutateAsync({
        detail: line.id,
        body: {
          winners: normal.map((w) => ({
            name: w.name,
            amount: w.amount == null ? null : String(w.amount),
            reason: w.reason ?? null,
          })),
          comment: normal.length > 1 ? c : c || undefined,
          version: line.updated,
          ...(confirmed ? { confirm_above_available: true } : {}),
        },
      });
      toast.success(normal.length ? t('tenderView.toast.winners_saved') : t('tenderView.toast.winners_none'));
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const fields = remap(err.fieldErrors, input, normal);
        // Another offer's quantity than the one shown (or a client that did not ask): ask now, then save again.
        if (!confirmed && Object.values(fields).includes('amount_above_available')) return confirmAbove();
        setErrors(fields);
      }
      if (err instanceof ApiError && err.status === 409) setConflict(true);
    }
  };

  const remove = () =>
    modal.confirm({
      title: t('tenderView.winners.delete_question'),
      okText: t('tenders.confirm.ok'),
      cancelText: t('tenders.confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteWinners.mutateAsync({ detail: line.id, version: line.updated });
        } catch (err) {
          if (err instanceof ApiError && err.status === 409) setConflict(true);
          return;
        }
        toast.success(t('tenderView.toast.winners_deleted'));
        props.onClose();
      },
    });

  const reload = async () => {
    await invalidateTenderArea(qc);
    props.onClose();
  };

  const proposalOptions = offered.map((p) => {
    const text = `${p.supplier_name ?? ''} — ${formatPrice(p.price)} — ${p.producer?.name ?? ''} — ${fmtDate(p.delivery_date)}`;
    if (!blocked.includes(p))
      return {
        value: p.id,
        title: text,
        label: (
          <span>
            {text} <OfferDeviation price={p.price} median={history?.median_12m} />
          </span>
        ),
      };
    const why = t('tenderRules.blacklisted_offer', { producer: p.producer?.name ?? '' });
    return {
      value: p.id,
      disabled: true,
      title: why,
      label: (
        <span className="winner-option-blacklisted" data-testid={`blacklisted-option-${p.id}`}>
          {text} <Tag color="red">{t('tenderRules.blacklisted_tag')}</Tag>
        </span>
      ),
    };
  });

  return (
    <Modal
      open
      width={860}
      title={t('tenderView.winners.title', {
        name: line.part_name,
        qty: fmtQty(line.qty),
        unit: unitName(line.part_unit_code),
      })}
      onCancel={props.onClose}
      footer={
        <Flex justify="space-between">
          <Button danger disabled={!line.winners.length} onClick={remove} icon={<DeleteOutlined />}>
            {t('tenderView.winners.delete')}
          </Button>
          <Flex gap={8}>
            <Button onClick={props.onClose}>{t('tenderView.cancel')}</Button>
            <Button type="primary" loading={addWinners.isPending} onClick={() => save()}>
              {t('tenderView.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        {conflict && (
          <Alert
            type="warning"
            showIcon
            data-testid="winners-conflict"
            title={errorText('winners_changed_reload')}
            action={
              <Button size="small" onClick={reload}>
                {t('tenderRules.reload')}
              </Button>
            }
          />
        )}
        {suggestion && (
          <Alert
            type="info"
            showIcon
            icon={<BulbOutlined />}
            data-testid="winner-suggestion"
            title={t('suggest.in_dialog_title')}
            description={
              <Flex vertical gap={4}>
                {shareTexts(suggestion, t, lang).map((text, i) => (
                  <span key={suggestion.winners[i]?.name}>{text}</span>
                ))}
                <Typography.Text type="secondary">
                  {explanationText(suggestion.explanation, t, lang)}
                </Typography.Text>
              </Flex>
            }
            action={
              suggestion.winners.length > 0 ? (
                <Button size="small" onClick={applySuggestion} data-testid="use-suggestion">
                  {t('suggest.use')}
                </Button>
              ) : undefined
            }
          />
        )}
        {blocked.length > 0 && (
          <ul className="winner-blacklisted" data-testid="winner-blacklisted">
            {blocked.map((p) => (
              <li key={p.id}>
                <Typography.Text type="secondary">
                  <StopOutlined /> {p.supplier_name} — {formatPrice(p.price)}:{' '}
                  {t('tenderRules.blacklisted_offer', { producer: p.producer?.name ?? '' })}
                </Typography.Text>
              </li>
            ))}
          </ul>
        )}
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: winner rows are positions
          <Flex key={i} gap={8} align="start" wrap data-testid={`winner-row-${i}`}>
            <div style={{ flex: '1 1 260px', minWidth: 0 }}>
              <Select<number>
                allowClear={CLEARABLE}
                value={r.name ?? undefined}
                options={proposalOptions}
                placeholder={t('tenderView.winners.proposal')}
                aria-label={t('tenderView.winners.proposal')}
                onChange={(v) => choose(i, v ?? null)}
                status={errors[`winners.${i}.name`] ? 'error' : undefined}
                style={{ width: '100%' }}
              />
              <Err k={errors[`winners.${i}.name`]} />
            </div>
            {several && (
              <div style={{ width: 110 }}>
                <Input
                  value={r.amount}
                  inputMode="decimal"
                  aria-label={t('tenderView.winners.amount')}
                  placeholder={t('tenderView.winners.amount')}
                  status={errors[`winners.${i}.amount`] ? 'error' : undefined}
                  onChange={(e) => setRow(i, { amount: e.target.value })}
                />
                <Err k={errors[`winners.${i}.amount`]} />
              </div>
            )}
            <div style={{ width: 150 }}>
              <Select<WinnerReason>
                value={r.reason ?? undefined}
                placeholder={t('tenderView.winners.reason')}
                aria-label={t('tenderView.winners.reason')}
                options={WINNER_REASONS.map((x) => ({ value: x, label: t(`tenders.reason.${x}`) }))}
                onChange={(v) => setRow(i, { reason: v })}
                status={errors[`winners.${i}.reason`] ? 'error' : undefined}
                style={{ width: '100%' }}
              />
              <Err k={errors[`winners.${i}.reason`]} />
            </div>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('tenderView.winners.remove_row')}
              disabled={rows.length === 1}
              onClick={() => setRows((rs) => rs.filter((_, n) => n !== i))}
            />
            {r.name != null && aboveText(r) && (
              <Typography.Text
                type="warning"
                data-testid={`above-available-${i}`}
                style={{ flexBasis: '100%', fontSize: 12 }}
              >
                {aboveText(r)}
              </Typography.Text>
            )}
          </Flex>
        ))}
        <Err k={errors.winners} />
        {rows.length < offered.length && (
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => setRows((rs) => [...rs, { name: null, amount: fmtQty(line.qty), reason: null }])}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('tenderView.winners.add_row')}
          </Button>
        )}
        <Typography.Text strong>
          {t('tenderView.winners.comment')}
          {several ? ' *' : ''}
        </Typography.Text>
        <Input.TextArea
          rows={3}
          value={comment}
          maxLength={COMMENT_MAX}
          aria-label={t('tenderView.winners.comment')}
          status={errors.comment ? 'error' : undefined}
          onChange={(e) => {
            setComment(e.target.value);
            setErrors({});
          }}
        />
        <Err k={errors.comment} />
        <PriceHistory
          partId={line.part}
          data={history}
          offers={offered
            .filter((p) => !blocked.includes(p))
            .map((p) => ({ key: p.id, label: p.supplier_name ?? '', price: p.price }))}
        />
      </Flex>
    </Modal>
  );
}

function Err({ k }: { k?: string }) {
  return k ? (
    <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }}>
      {errorText(k)}
    </Typography.Text>
  ) : null;
}

/** Error keys of the normalised rows (empty rows dropped) back to the form's row positions. */
function remap(
  errs: Record<string, unknown>,
  input: WinnerInput[],
  normal: WinnerInput[],
): Record<string, string> {
  const positions = input.map((w, i) => (w.name != null ? i : -1)).filter((i) => i >= 0);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errs)) {
    const first = String((Array.isArray(v) ? v[0] : v) ?? 'invalid');
    const m = /^winners\.(\d+)\.(\w+)$/.exec(k);
    if (m && normal.length) out[`winners.${positions[Number(m[1])] ?? m[1]}.${m[2]}`] = first;
    else if (k === 'winners' || k === 'comment') out[k] = first;
    else out.winners = first;
  }
  return out;
}
