// Add to blacklist: producers multi-select (the part's offered and already blacklisted ones) and a reason.
import { COMMENT_MAX, commentError, PRODUCER_SEARCH_MIN_CHARS, type ViewLine } from '@portal/shared';
import { Flex, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { type Producer, searchProducers, useViewActions } from '../viewApi.ts';

const BLACKLIST_OPTIONS = 300;
/** Add to blacklist: producers multi-select (the part's offered and already blacklisted ones) and a reason. */
export function BlacklistModal(props: { tenderId: number; line: ViewLine | null; onClose(): void }) {
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
