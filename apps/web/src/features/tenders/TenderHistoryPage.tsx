// /tenders/{id}/history: the tender's full change history (tender, lines, offers, winners, comments, exports)
// as a table of sentences in the reader's language: when, who, and what happened, with the names of parts,
// suppliers and producers (named by the server) and values written the reader's way.
import { isOpened } from '@portal/shared';
import { Alert, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fmtDateTime, useLang } from '../../lib/format.ts';
import { historySentence } from './history/sentence.ts';
import { StatusBadge } from './view/TenderHeader.tsx';
import { TenderNotFound } from './view/TenderNotFound.tsx';
import { type HistoryEntry, useTenderHistory, useViewTender } from './viewApi.ts';
import './view/view.css';
import { usePhone } from '../../lib/media.ts';

const ENTITY_COLORS: Record<string, string> = {
  tender: 'blue',
  detail: 'geekblue',
  proposal: 'gold',
  winner: 'green',
  comment: 'purple',
  export: 'cyan',
  blacklist: 'red',
};

export default function TenderHistoryPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const phone = usePhone();
  const { id } = useParams();
  const tenderQ = useViewTender(id);
  const historyQ = useTenderHistory(id);
  const rows = useMemo(
    () => [...(historyQ.data ?? [])].sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id),
    [historyQ.data],
  );

  const event = (h: HistoryEntry) => {
    const s = historySentence(h, t, lang);
    return (
      <div className="history-event">
        <Tag color={ENTITY_COLORS[h.entity] ?? 'default'}>
          {t(`tenderView.history.entity.${h.entity}`, {
            defaultValue: t('tenderView.history.sentence.something'),
          })}
        </Tag>
        <span data-testid="history-sentence">
          {s.text}
          {s.details.length > 0 && (
            <Typography.Text type="secondary">: {s.details.join(', ')}</Typography.Text>
          )}
        </span>
      </div>
    );
  };
  const who = (h: HistoryEntry) => h.user_name ?? t('tenderView.history.system');
  const columns: TableColumnsType<HistoryEntry> = phone
    ? [
        // A phone: one column, when and who above the sentence, so nothing scrolls sideways.
        {
          key: 'event',
          title: t('tenderView.history.event'),
          render: (_v, h) => (
            <>
              <Typography.Text type="secondary" className="history-meta">
                {fmtDateTime(h.created)} · {who(h)}
              </Typography.Text>
              {event(h)}
            </>
          ),
        },
      ]
    : [
        {
          key: 'created',
          title: t('tenderView.history.when'),
          width: 140,
          render: (_v, h) => fmtDateTime(h.created),
        },
        { key: 'user', title: t('tenderView.history.who'), width: 170, render: (_v, h) => who(h) },
        { key: 'event', title: t('tenderView.history.event'), render: (_v, h) => event(h) },
      ];

  if (tenderQ.isError) return <TenderNotFound />;
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={
          <Flex gap={8} align="center">
            {t('tenderView.history.title', { code: tenderQ.data?.tender_code ?? '' })}
            {tenderQ.data && <StatusBadge status={tenderQ.data.status} />}
          </Flex>
        }
        extra={<Link to={`/tenders/${id}/view`}>{t('tenderView.back_to_view')}</Link>}
      />
      {tenderQ.data && !isOpened(tenderQ.data.status) && (
        <Alert type="info" showIcon data-testid="history-sealed" title={t('tenderView.history.sealed')} />
      )}
      <Table<HistoryEntry>
        size="small"
        rowKey="id"
        bordered
        loading={historyQ.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description={t('tenderView.history.empty')} /> }}
        scroll={phone ? undefined : { x: 640 }}
      />
    </Flex>
  );
}
