// The view's modals: part info, supplier comment add/edit, comment log per part, tender comments, blacklist.
import { COMMENT_MAX, type DetailLine, PRODUCER_SEARCH_MIN_CHARS } from '@portal/shared';
import { Descriptions, Empty, Flex, Image, Input, List, Modal, Select, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { fmtDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { type Producer, searchProducers, type Tender, useViewActions } from '../viewApi.ts';

const BLACKLIST_OPTIONS = 300;

const IMAGE = /^image\//;
const IMAGE_EXT = /\.(jpe?g|png|gif|bmp|tiff?)$/i;

/** Part info: names, codes, blacklisted producers (buyers), files and images. */
export function PartInfoModal(props: { line: DetailLine | null; isSupplier: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const l = props.line;
  if (!l) return null;
  const images = l.part_files_data.filter((f) => IMAGE.test(f.file_type) || IMAGE_EXT.test(f.file_name));
  const docs = l.part_files_data.filter((f) => !images.includes(f));
  const items = [
    { key: 'name', label: t('tenders.fields.part_name'), children: l.part_name },
    ...(l.part_code ? [{ key: 'code', label: t('tenders.fields.part_code'), children: l.part_code }] : []),
    {
      key: 'tags',
      label: t('tenderView.part.codes'),
      children: l.part_codes_tags.length ? l.part_codes_tags.map((c) => <Tag key={c}>{c}</Tag>) : '—',
    },
    ...(l.part_type_name
      ? [{ key: 'type', label: t('tenders.fields.part_type'), children: l.part_type_name }]
      : []),
    { key: 'unit', label: t('tenders.fields.unit'), children: l.part_unit_code ?? '' },
  ];
  if (!props.isSupplier)
    items.push({
      key: 'bl',
      label: t('tenderView.part.blacklisted'),
      children: l.blacklisted_producers_info.length
        ? l.blacklisted_producers_info.map((p) => (
            <Tag key={p.id} color="red">
              {p.name}
            </Tag>
          ))
        : '—',
    });
  return (
    <Modal
      open
      title={t('tenderView.part.info_title', { name: l.part_name })}
      onCancel={props.onClose}
      footer={null}
      width={640}
    >
      <Descriptions size="small" bordered column={1} items={items} />
      {images.length > 0 && (
        <Flex gap={8} wrap style={{ marginTop: 12 }}>
          <Image.PreviewGroup>
            {images.map((f) => (
              <Image
                key={f.uuid}
                width={120}
                src={`/api/thumbnail/240/240/${f.uuid}`}
                preview={{ src: `/api/get/${f.uuid}` }}
                alt={f.file_name}
              />
            ))}
          </Image.PreviewGroup>
        </Flex>
      )}
      {docs.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 12 }}
          header={t('tenderView.part.files')}
          dataSource={docs}
          renderItem={(f) => (
            <List.Item>
              <a href={`/api/get/${f.uuid}`} target="_blank" rel="noreferrer">
                {f.file_name}
              </a>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}

/** A comment's length and blank rules (spec §5 Comments); null when fine. */
export function commentError(content: string, required: boolean): string | null {
  if (content.length > COMMENT_MAX) return 'comment_too_long';
  if (content.length > 0 && !content.trim()) return 'comment_blank';
  if (required && !content.trim()) return 'comment_required';
  return null;
}

/** Supplier comment on a part: add or edit; saving empty content deletes an existing one. */
export function SupplierCommentModal(props: { tenderId: number; line: DetailLine | null; onClose(): void }) {
  const { t } = useTranslation();
  const { supplierComment } = useViewActions(props.tenderId);
  const existing = props.line?.supplier_comments[0];
  const [content, setContent] = useState(existing?.content ?? '');
  const [error, setError] = useState<string | null>(null);
  if (!props.line) return null;
  const line = props.line;
  const save = async () => {
    const e = commentError(content, !existing);
    if (e) return setError(e);
    try {
      await supplierComment.mutateAsync({ detail: line.id, comment: content.trim() });
      toast.success(
        !content.trim()
          ? t('tenderView.toast.comment_removed')
          : existing
            ? t('tenderView.toast.comment_updated')
            : t('tenderView.toast.comment_added'),
      );
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        setError(String(Object.values(err.fieldErrors)[0]?.[0] ?? 'invalid'));
    }
  };
  return (
    <Modal
      open
      title={t('tenderView.comment.title', { name: line.part_name })}
      onCancel={props.onClose}
      onOk={save}
      okText={t('tenderView.save')}
      cancelText={t('tenderView.cancel')}
      confirmLoading={supplierComment.isPending}
    >
      <Input.TextArea
        rows={4}
        value={content}
        maxLength={COMMENT_MAX}
        showCount
        status={error ? 'error' : undefined}
        aria-label={t('tenderView.comment.content')}
        onChange={(e) => {
          setContent(e.target.value);
          setError(null);
        }}
      />
      {error && <Typography.Text type="danger">{errorText(error)}</Typography.Text>}
      {existing && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('tenderView.comment.empty_deletes')}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

interface LogItem {
  key: string;
  who: string;
  when: string;
  content: string;
  kind: 'supplier' | 'winner';
}

/** The comment log of one part: supplier comments and the winner-choice comment, newest first. */
export function CommentLogModal(props: { line: DetailLine | null; onClose(): void }) {
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

/** Buyers: the suppliers' tender comments (comments_options) and every part's supplier comments. */
export function SupplierCommentsViewer(props: {
  open: boolean;
  tender: Tender;
  lines: DetailLine[];
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

/** Add to blacklist: producers multi-select (the part's offered and already blacklisted ones) and a reason. */
export function BlacklistModal(props: { tenderId: number; line: DetailLine | null; onClose(): void }) {
  const { t } = useTranslation();
  const { blacklist } = useViewActions(props.tenderId);
  const line = props.line;
  const [producers, setProducers] = useState<number[]>(line?.blacklisted_producers ?? []);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ producers?: string; comment?: string }>({});
  const [found, setFound] = useState<Producer[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The part's offered and blacklisted producers first; typing searches all active producers (up to 300).
  const options = useMemo(() => {
    const m = new Map<number, string>();
    for (const p of line?.blacklisted_producers_info ?? []) m.set(p.id, p.name);
    for (const p of line?.proposals ?? []) if (p.producer) m.set(p.producer.id, p.producer.name);
    for (const p of found) m.set(p.id, p.name);
    return [...m].map(([value, label]) => ({ value, label })).slice(0, BLACKLIST_OPTIONS);
  }, [line, found]);
  const onSearch = (text: string) => {
    clearTimeout(timer.current);
    if (text.trim().length < PRODUCER_SEARCH_MIN_CHARS) return;
    timer.current = setTimeout(() => {
      searchProducers(text.trim(), undefined, BLACKLIST_OPTIONS)
        .then((r) => setFound((prev) => [...prev, ...r]))
        .catch(() => undefined);
    }, 450);
  };
  if (!line) return null;
  const save = async () => {
    const before = [...line.blacklisted_producers].sort((a, b) => a - b).join(',');
    const after = [...producers].sort((a, b) => a - b).join(',');
    const e: typeof errors = {};
    if (!producers.length) e.producers = 'at_least_one_producer';
    else if (before === after) e.producers = 'no_producer_change';
    const ce = commentError(comment, true);
    if (ce) e.comment = ce;
    setErrors(e);
    if (e.producers || e.comment) return;
    try {
      await blacklist.mutateAsync({
        id: line.part_blacklist,
        part: line.part,
        producers,
        comment: comment.trim(),
      });
      toast.success(
        line.part_blacklist ? t('tenderView.toast.blacklist_changed') : t('tenderView.toast.blacklist_added'),
      );
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const f = err.fieldErrors;
        const first = (k: string) => (f[k]?.[0] ? String(f[k][0]) : undefined);
        setErrors({
          producers: first('producers') ?? first('non_field_errors') ?? first('part'),
          comment: first('comment'),
        });
      }
    }
  };
  return (
    <Modal
      open
      title={t('tenderView.blacklist.title', { name: line.part_name })}
      onCancel={props.onClose}
      onOk={save}
      okText={t('tenderView.save')}
      cancelText={t('tenderView.cancel')}
      confirmLoading={blacklist.isPending}
    >
      <Flex vertical gap={8}>
        <Typography.Text strong>{t('tenderView.blacklist.producers')}</Typography.Text>
        <Select<number[]>
          mode="multiple"
          value={producers}
          options={options}
          maxTagCount={25}
          status={errors.producers ? 'error' : undefined}
          aria-label={t('tenderView.blacklist.producers')}
          showSearch={{ optionFilterProp: 'label', onSearch }}
          onChange={(v) => {
            setProducers(v);
            setErrors((x) => ({ ...x, producers: undefined }));
          }}
          style={{ width: '100%' }}
        />
        {errors.producers && <Typography.Text type="danger">{errorText(errors.producers)}</Typography.Text>}
        <Typography.Text strong>{t('tenderView.blacklist.comment')}</Typography.Text>
        <Input.TextArea
          rows={3}
          value={comment}
          maxLength={COMMENT_MAX}
          status={errors.comment ? 'error' : undefined}
          aria-label={t('tenderView.blacklist.comment')}
          onChange={(e) => {
            setComment(e.target.value);
            setErrors((x) => ({ ...x, comment: undefined }));
          }}
        />
        {errors.comment && <Typography.Text type="danger">{errorText(errors.comment)}</Typography.Text>}
      </Flex>
    </Modal>
  );
}
