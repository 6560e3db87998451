// /tenders/{id}/view: the header, then the variant for the user and the state (spec 1-tenders §2 "Tender
// view"): supplier offer entry (ACTIVE) or own offers (later states); buyer part list with sealed
// placeholders (WAITING/ACTIVE), offers, winners and the state's actions. Modals: part info, comments,
// comment log, blacklist, winners.
import {
  ArrowLeftOutlined,
  ExportOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  HistoryOutlined,
  RedoOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { ViewLine } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Skeleton, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { loadErrorKey } from '../../components/LoadErrorResult.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { errorText } from '../../i18n/index.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorToast } from '../../lib/errorToast.ts';
import { focusedElement, returnFocus } from '../../lib/focus.ts';
import { toast } from '../../lib/toast.ts';
import { can, canDownload, downloadTenderFile, invalidateTenderArea } from './api.ts';
import { loadWinnerAids } from './suggestApi.ts';
import { BlacklistModal } from './view/BlacklistModal.tsx';
import { BuyerActions } from './view/BuyerActions.tsx';
import { BuyerLines } from './view/BuyerLines.tsx';
import { CommentLogModal } from './view/CommentLogModal.tsx';
import { LargeOrders } from './view/LargeOrders.tsx';
import { PartInfoModal } from './view/PartInfoModal.tsx';
import { QuestionsPanel } from './view/QuestionsPanel.tsx';
import { RefusalsCard } from './view/RefusalsCard.tsx';
import { SupplierCommentModal } from './view/SupplierCommentModal.tsx';
import { SupplierCommentsViewer } from './view/SupplierCommentsViewer.tsx';
import { SupplierLines } from './view/SupplierLines.tsx';
import { SupplierOfferForm } from './view/SupplierOfferForm.tsx';
import { SupplierSidePanels } from './view/SupplierSidePanels.tsx';
import { TenderHeader } from './view/TenderHeader.tsx';
import { TenderNotFound } from './view/TenderNotFound.tsx';
import { WinnersModal } from './view/WinnersModal.tsx';
import { fetchWholeLine, useViewActions, useViewLines, useViewTender } from './viewApi.ts';
import './tenders.css';
import './view/view.css';

type ModalState =
  | { kind: 'info' | 'comment' | 'log' | 'blacklist' | 'winners'; line: ViewLine }
  | { kind: 'viewer' }
  | null;

export default function TenderViewPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const { user, isSupplier } = useAuth();
  const tenderQ = useViewTender(id);
  // A supplier's screens take the lines once all are in; a buyer's table shows each page as it arrives.
  const linesQ = useViewLines(id, isSupplier);
  const actions = useViewActions(id ?? '');
  const [open, setOpenState] = useState<ModalState>(null);
  // A dialog gives focus back to the control that opened it when it closes (it is unmounted, so antd cannot).
  const opener = useRef<HTMLElement | null>(null);
  const setOpen = useCallback((next: ModalState) => {
    if (next) opener.current = focusedElement();
    setOpenState(next);
  }, []);

  const onInfo = useCallback((line: ViewLine) => setOpen({ kind: 'info', line }), [setOpen]);
  const onComment = useCallback((line: ViewLine) => setOpen({ kind: 'comment', line }), [setOpen]);
  const onLog = useCallback((line: ViewLine) => setOpen({ kind: 'log', line }), [setOpen]);
  // The winner and blacklist dialogs choose among all of a line's offers: the line is read whole first (the view
  // carries its first offers only); the winner dialog opens with its suggestion and price history in.
  const whole = useCallback(
    (kind: 'blacklist' | 'winners') => (line: ViewLine) =>
      void Promise.all([
        fetchWholeLine(qc, line),
        kind === 'winners' ? loadWinnerAids(qc, id ?? '', line.part) : undefined,
      ]).then(([l]) => setOpen({ kind, line: l }), errorToast),
    [qc, setOpen, id],
  );
  const onBlacklist = useMemo(() => whole('blacklist'), [whole]);
  const onWinners = useMemo(() => whole('winners'), [whole]);
  const close = useCallback(() => {
    setOpenState(null);
    returnFocus(opener.current);
  }, []);

  const tender = tenderQ.data;
  const onEnd = useCallback(() => {
    if (isSupplier) {
      toast.success(t('tenderView.toast.tender_finished'));
      // The list loads afresh (and again once the server has moved the tender), not from its cache.
      void invalidateTenderArea(qc);
      navigate('/tenders');
    } else setTimeout(() => void tenderQ.refetch().then(() => linesQ.refetch()), 2000);
  }, [isSupplier, navigate, t, tenderQ, linesQ, qc]);

  if (tenderQ.isError) return <TenderNotFound />;
  if (!tender || !user) return <Skeleton active paragraph={{ rows: 10 }} />;
  const s = tender.status;
  // A DRAFT tender opens in the form, never in the view.
  if (s === 'DRAFT' && !isSupplier) return <Navigate to={`/tenders/${tender.id}/edit`} replace />;
  // The tender's head shows as soon as the tender is in; its lines (up to thousands, the larger answer) follow.
  const lines = linesQ.data;
  const offset = tender.clockOffsetMs;
  const today = dayjs(Date.now() + offset).format('YYYY-MM-DD');
  // A PLAIN employee of a company that keeps its offers from employees: read-only, with the reason.
  const offersHidden =
    isSupplier && user.role !== 'ADVANCED' && !user.is_admin && !tender.company_proposals_sharing_enabled;

  const ask = (title: string, onOk: () => Promise<unknown>) =>
    modal.confirm({
      title,
      okText: t('tenders.confirm.ok'),
      cancelText: t('tenders.confirm.cancel'),
      onOk: () => onOk().catch(() => undefined),
    });

  const watch = () =>
    ask(
      tender.watched ? t('tenderView.watch.unwatch_question') : t('tenderView.watch.watch_question'),
      async () => {
        await actions.watch.mutateAsync(!tender.watched);
        toast.success(
          tender.watched ? t('tenders.toast.tender_unwatched') : t('tenders.toast.tender_watched'),
        );
      },
    );
  const reopen = () =>
    ask(t('tenderView.actions.reopen_question'), async () => {
      try {
        await actions.reopen();
        toast.success(t('tenderView.toast.reopen_success'));
      } catch {
        toast.error(t('tenderView.toast.reopen_fail'));
      }
    });
  const cancelProposals = (line: ViewLine) =>
    ask(t('tenderRules.cancel_proposals_question', { name: line.part_name }), async () => {
      await actions.cancelProposals.mutateAsync(line);
      toast.success(t('tenderRules.proposals_canceled'));
    });
  const dl = (kind: 'excel' | 'pdf') => downloadTenderFile(tender.id, kind).catch(errorToast);

  const extra = (
    <>
      {can(tender, 'watch') && (s === 'WAITING' || s === 'ACTIVE') && (
        <Button
          icon={tender.watched ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={watch}
          data-testid="watch-toggle"
        >
          {tender.watched ? t('tenderView.watch.unwatch') : t('tenderView.watch.watch')}
        </Button>
      )}
      {canDownload(tender) && (
        <>
          <Button icon={<FileExcelOutlined />} onClick={() => dl('excel')}>
            {t('tenders.download_excel')}
          </Button>
          <Button icon={<FilePdfOutlined />} onClick={() => dl('pdf')}>
            {t('tenders.download_pdf')}
          </Button>
        </>
      )}
      {can(tender, 'history') && s === 'ORDERED' && (
        <Link to={`/tenders/${tender.id}/history`} target="_blank" rel="noopener">
          <Button icon={<HistoryOutlined />}>{t('tenderView.actions.history')}</Button>
        </Link>
      )}
      {!isSupplier && (s === 'FINISHED' || s === 'CHOOSING' || s === 'ORDERED') && (
        <Link to={`/tenders/${tender.id}/matrix`} data-testid="open-matrix">
          <Button icon={<TableOutlined />}>{t('tenderMatrix.open')}</Button>
        </Link>
      )}
      {can(tender, 'export') && (
        <Link to={`/tenders/${tender.id}/export`}>
          <Button icon={<ExportOutlined />}>{t('tenderView.actions.export_page')}</Button>
        </Link>
      )}
      {can(tender, 'reopen') && (
        <Button icon={<RedoOutlined />} onClick={reopen}>
          {t('tenderView.actions.reopen')}
        </Button>
      )}
    </>
  );

  let body: React.ReactNode;
  if (!lines)
    body = linesQ.isError ? (
      <Alert
        type="error"
        showIcon
        data-testid="lines-load-error"
        title={errorText(loadErrorKey(linesQ.error))}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 10 }} />
    );
  else if (isSupplier && s === 'ACTIVE' && can(tender, 'offer'))
    body = (
      <SupplierOfferForm tender={tender} lines={lines} today={today} onInfo={onInfo} onComment={onComment} />
    );
  else if (isSupplier)
    body = (
      <Flex vertical gap={12}>
        {offersHidden && (
          <Alert
            type="info"
            showIcon
            data-testid="offers-not-shared"
            title={t('tenderRules.offers_not_shared')}
          />
        )}
        <SupplierLines tender={tender} lines={lines} onInfo={onInfo} onComment={onComment} />
        {tender.comments_options.length > 0 && (
          <Card size="small" title={t('tenderView.offer.comment')}>
            {tender.comments_options.map((c) => (
              <Typography.Paragraph key={c.id} style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
                {c.content}
              </Typography.Paragraph>
            ))}
          </Card>
        )}
      </Flex>
    );
  else
    body = (
      <Flex vertical gap={12}>
        {(s === 'WAITING' || s === 'ACTIVE') && (
          <Alert type="info" showIcon title={t('tenderView.offers.sealed_notice')} />
        )}
        <BuyerLines
          tender={tender}
          lines={lines}
          onInfo={onInfo}
          onComments={onLog}
          onBlacklist={onBlacklist}
          onWinners={onWinners}
          onCancelProposals={cancelProposals}
        />
        {linesQ.complete ? (
          <BuyerActions tender={tender} lines={lines} onCommentsViewer={() => setOpen({ kind: 'viewer' })} />
        ) : (
          <Flex gap={8} align="center" data-testid="lines-loading">
            <Spin size="small" />
            <Typography.Text type="secondary">
              {t('tenderView.lines_loading', { count: lines.length, total: linesQ.count })}
            </Typography.Text>
          </Flex>
        )}
        <RefusalsCard tender={tender} />
      </Flex>
    );

  return (
    <Flex vertical gap={16} className="tender-view" data-testid="tender-view">
      <PageHeader
        title={
          <Flex gap={8} align="center">
            <Link to="/tenders" aria-label={t('tenderView.back')}>
              <ArrowLeftOutlined />
            </Link>
            {t('tenderView.title', { code: tender.tender_code })}
          </Flex>
        }
        tabTitle={tender.tender_code}
        extra={extra}
      />
      <TenderHeader tender={tender} isSupplier={isSupplier} offsetMs={offset} onEnd={onEnd} />
      <LargeOrders tender={tender} />
      {body}
      <SupplierSidePanels tender={tender} lines={lines} isSupplier={isSupplier} />
      <QuestionsPanel tender={tender} lines={lines} isSupplier={isSupplier} />
      {open?.kind === 'info' && <PartInfoModal line={open.line} isSupplier={isSupplier} onClose={close} />}
      {open?.kind === 'comment' && (
        <SupplierCommentModal key={open.line.id} tenderId={tender.id} line={open.line} onClose={close} />
      )}
      {open?.kind === 'log' && <CommentLogModal line={open.line} onClose={close} />}
      {open?.kind === 'blacklist' && (
        <BlacklistModal key={open.line.id} tenderId={tender.id} line={open.line} onClose={close} />
      )}
      {open?.kind === 'winners' && (
        <WinnersModal key={open.line.id} tenderId={tender.id} line={open.line} onClose={close} />
      )}
      {/* Buyers only (opened from their actions): a supplier's page does not build the closed modal. */}
      {!isSupplier && lines && (
        <SupplierCommentsViewer
          open={open?.kind === 'viewer'}
          tender={tender}
          lines={lines}
          onClose={close}
        />
      )}
    </Flex>
  );
}
