// Supplier, ACTIVE tender: the offer-entry table (a virtual table of memoised part rows), the tender comment,
// the sanctions agreement and the make / cancel offer buttons. The whole set goes in one POST.
import { InfoCircleOutlined, MessageOutlined } from '@ant-design/icons';
import { COMMENT_MAX, type ViewLine } from '@portal/shared';
import { App, Button, Checkbox, Flex, Input, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { memo, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { fmtQty, unitName } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useUnsavedChangesGuard } from '../../../lib/unsaved.ts';
import { useLastOffers } from '../offerToolsApi.ts';
import { type Tender, useViewActions } from '../viewApi.ts';
import { OFFERS_WIDTH, OfferFieldLabels, OfferPartEditor, useOfferTexts } from './OfferPartRow.tsx';

const TABLE_WIDTH = 50 + 170 + 75 + OFFERS_WIDTH;

import { OfferSheetPanel } from './OfferSheetPanel.tsx';
import { OfferStore, placeErrors, validateDraft } from './offerDraft.ts';
import { DraftStatusLine, PartOfferTools } from './PartOfferTools.tsx';
import { useOfferDraftSync } from './useOfferDraftSync.ts';

export type LineAction = (line: ViewLine) => void;

const PartCell = memo(function PartCell(props: {
  line: ViewLine;
  onInfo: LineAction;
  onComment: LineAction;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { line } = props;
  const own = line.supplier_comments.length > 0;
  return (
    <div className="part-cell">
      <strong>{line.part_name}</strong>
      <div className="part-cell-links">
        <button type="button" className="link-button part-link" onClick={() => props.onInfo(line)}>
          <InfoCircleOutlined aria-hidden /> {t('tenderView.part.info')}
        </button>
        {line.abilities.includes('comment_line') && (
          <button type="button" className="link-button part-link" onClick={() => props.onComment(line)}>
            <MessageOutlined aria-hidden /> {own ? t('tenderView.comment.edit') : t('tenderView.comment.add')}
          </button>
        )}
      </div>
      {props.children}
    </div>
  );
});

export function SupplierOfferForm(props: {
  tender: Tender;
  lines: ViewLine[];
  today: string;
  onInfo: LineAction;
  onComment: LineAction;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { tender, lines } = props;
  const actions = useViewActions(tender.id);
  // One store for the page's life: what was typed survives scrolling, re-renders and refetches of the lines.
  const [store] = useState(() => new OfferStore(lines));
  const byId = useMemo(() => new Map(lines.map((l) => [l.id, l])), [lines]);
  const order = useMemo(() => lines.map((l) => l.id), [lines]);
  const minDate = useMemo(() => dayjs(tender.finish).startOf('day'), [tender.finish]);
  const texts = useOfferTexts();
  const ownComment = tender.comments_options[0]?.content ?? '';
  const [comment, setComment] = useState(ownComment);
  const [agreed, setAgreed] = useState(tender.agreed);
  const [agreedError, setAgreedError] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const tableRef = useRef<{ scrollTo?(cfg: { key: number }): void }>(null);

  // The offer in progress is kept as it is typed: in this browser at once and on the server as the company's draft
  // (useOfferDraftSync), so an expired session, a closed tab, another device or a new login lose nothing.
  const { user } = useAuth();
  const latest = useRef({ comment, agreed });
  latest.current = { comment, agreed };
  const draft = useOfferDraftSync({
    tenderId: tender.id,
    userId: user?.id ?? 0,
    store,
    extras: () => latest.current,
    restoreExtras: (c, a) => {
      if (c != null) setComment(c);
      setAgreed(a);
    },
    onRestored: () => toast.success(t('screens.session.draft_restored')),
  });
  useUnsavedChangesGuard(draft.dirty);
  const keep = useRef(() => {});
  keep.current = draft.changed;
  const forget = draft.forget;
  const lastOffers = useLastOffers(tender.id, true);
  const lastByDetail = useMemo(
    () => new Map((lastOffers.data ?? []).map((l) => [l.detail, l])),
    [lastOffers.data],
  );

  const columns = useMemo<TableColumnsType<ViewLine>>(
    () => [
      { key: 'n', title: '#', width: 50, render: (_v, _l, i) => i + 1 },
      {
        key: 'part',
        title: t('tenders.fields.part_name'),
        width: 170,
        render: (_v, l) => (
          <PartCell line={l} onInfo={props.onInfo} onComment={props.onComment}>
            <PartOfferTools detail={l.id} store={store} last={lastByDetail.get(l.id)} />
          </PartCell>
        ),
      },
      {
        key: 'qty',
        title: t('tenderView.part.qty'),
        width: 75,
        align: 'right',
        render: (_v, l) => (
          <span className="nowrap">
            {fmtQty(l.qty)} {unitName(l.part_unit_code)}
          </span>
        ),
      },
      {
        key: 'offers',
        title: <OfferFieldLabels />,
        width: OFFERS_WIDTH,
        render: (_v, l) => <OfferPartEditor detail={l.id} store={store} minDate={minDate} texts={texts} />,
      },
    ],
    [t, store, minDate, texts, props.onInfo, props.onComment, lastByDetail],
  );

  const showPlaced = (placed: ReturnType<typeof placeErrors>) => {
    store.setErrors(placed.parts);
    setAgreedError(placed.agreed[0] ?? null);
    setCommentError(placed.comment[0] ?? null);
    for (const k of placed.general) toast.error(errorText(k));
    const first = order.find((d) => placed.parts.has(d));
    if (first !== undefined) {
      tableRef.current?.scrollTo?.({ key: first });
      toast.error(t('tenderView.offer.fix_errors'));
    } else if (placed.agreed.length) toast.error(errorText(placed.agreed[0]));
  };

  const submit = async () => {
    const c = comment.trim() ? comment : '';
    const v = validateDraft(order, store.all, agreed, c, byId, props.today);
    if (c.length > COMMENT_MAX) v.placed.comment.push('comment_too_long');
    if (!v.ok || v.placed.comment.length) return showPlaced(v.placed);
    setSending(true);
    try {
      await actions.makeOffer.mutateAsync(v.body);
      forget();
      showPlaced(placeErrors({}, v.mapping));
      toast.success(t('tenderView.toast.proposal_success'));
      setTimeout(() => navigate('/tenders'), 1000);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) showPlaced(placeErrors(err.fieldErrors, v.mapping));
    } finally {
      setSending(false);
    }
  };

  const cancelOffer = () =>
    modal.confirm({
      title: t('tenderView.offer.cancel_question'),
      okText: t('tenders.confirm.ok'),
      cancelText: t('tenders.confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await actions.cancelOffer.mutateAsync(undefined);
        store.clear();
        forget();
        toast.success(t('tenderView.toast.proposal_canceled'));
      },
    });

  return (
    <Flex vertical gap={12}>
      <OfferSheetPanel tenderId={tender.id} store={store} />
      <DraftStatusLine state={draft.state} />
      <Table<ViewLine>
        ref={tableRef as never}
        className="offer-table"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={lines}
        pagination={false}
        virtual={lines.length > 30}
        scroll={lines.length > 30 ? { x: TABLE_WIDTH, y: 620 } : { x: TABLE_WIDTH }}
        bordered
      />
      <div>
        <Typography.Text strong>{t('tenderView.offer.comment')}</Typography.Text>
        <Input.TextArea
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setCommentError(null);
            latest.current.comment = e.target.value;
            keep.current();
          }}
          rows={3}
          maxLength={COMMENT_MAX}
          showCount
          status={commentError ? 'error' : undefined}
          aria-label={t('tenderView.offer.comment')}
        />
        {commentError && <Typography.Text type="danger">{errorText(commentError)}</Typography.Text>}
      </div>
      <div data-testid="agreement">
        <Checkbox
          checked={agreed}
          onChange={(e) => {
            setAgreed(e.target.checked);
            setAgreedError(null);
            latest.current.agreed = e.target.checked;
            keep.current();
          }}
        >
          {t('tenderView.offer.agreement')}
        </Checkbox>
        {agreedError && (
          <Typography.Text type="danger" style={{ display: 'block' }}>
            {errorText(agreedError)}
          </Typography.Text>
        )}
      </div>
      <Flex gap={8} wrap>
        <Button type="primary" loading={sending} onClick={submit}>
          {t('tenderView.offer.make')}
        </Button>
        {tender.abilities.includes('cancel_offer') && (
          <Button danger onClick={cancelOffer}>
            {t('tenderView.offer.cancel_offer')}
          </Button>
        )}
        <Button onClick={() => navigate('/tenders')}>{t('tenderView.cancel')}</Button>
      </Flex>
    </Flex>
  );
}
