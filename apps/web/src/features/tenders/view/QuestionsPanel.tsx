// Questions while a tender runs (issue 32, point 6): a supplier who writes the company's offers asks on the tender
// or one of its parts while it is ACTIVE; buyers answer (and Administrator or Contractor may move the finish later
// with the answer). Suppliers see the answered questions and their company's own; the asker is never named.
import { ANSWER_MAX_LENGTH, QUESTION_MAX_LENGTH, type TenderQuestion, type ViewLine } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, DatePicker, Empty, Flex, Input, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { ApiError, api } from '../../../lib/api.ts';
import { fmtDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { can, invalidateTenderArea } from '../api.ts';
import type { ViewTender } from '../viewApi.ts';

const key = (id: number) => ['tenders', id, 'questions'] as const;

/** The first message key of a 400 answer. */
const firstError = (err: unknown) =>
  err instanceof ApiError && err.status === 400
    ? String(Object.values(err.fieldErrors)[0]?.[0] ?? 'invalid')
    : null;

function AskForm(props: { tenderId: number; lines: ViewLine[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [detail, setDetail] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: () =>
      api<TenderQuestion>('POST', `/tenders/${props.tenderId}/questions/`, {
        body: { question: text.trim(), detail },
      }),
    onSuccess: async () => {
      setText('');
      setDetail(null);
      toast.success(t('tenderQuestions.asked'));
      await qc.invalidateQueries({ queryKey: key(props.tenderId) });
    },
    onError: (err) => setError(firstError(err)),
  });
  const send = () => {
    if (!text.trim()) return setError('blank');
    ask.mutate();
  };
  return (
    <Flex vertical gap={8} data-testid="question-form">
      <Select
        allowClear
        value={detail ?? undefined}
        placeholder={t('tenderQuestions.whole_tender')}
        aria-label={t('tenderQuestions.about')}
        onChange={(v) => setDetail(v ?? null)}
        options={props.lines.map((l) => ({ value: l.id, label: l.part_name }))}
        style={{ maxWidth: '100%' }}
      />
      <Input.TextArea
        rows={3}
        value={text}
        maxLength={QUESTION_MAX_LENGTH}
        showCount
        style={{ marginBottom: 20 }}
        status={error ? 'error' : undefined}
        aria-label={t('tenderQuestions.question')}
        placeholder={t('tenderQuestions.question_placeholder')}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      {error && <Typography.Text type="danger">{errorText(error)}</Typography.Text>}
      <Typography.Text type="secondary">{t('tenderQuestions.ask_hint')}</Typography.Text>
      <div>
        <Button type="primary" onClick={send} loading={ask.isPending} data-testid="question-send">
          {t('tenderQuestions.ask')}
        </Button>
      </div>
    </Flex>
  );
}

function AnswerForm(props: { tender: ViewTender; question: TenderQuestion; onDone(): void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [text, setText] = useState(props.question.answer ?? '');
  const canExtend = can(props.tender, 'extend');
  const [extend, setExtend] = useState(false);
  const [finish, setFinish] = useState<Dayjs | null>(dayjs(props.tender.finish).add(1, 'day'));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api<TenderQuestion>('PATCH', `/tenders/${props.tender.id}/questions/${props.question.id}/`, {
        body: { answer: text.trim(), ...(extend && finish ? { finish: finish.toISOString() } : {}) },
      }),
    onSuccess: async () => {
      toast.success(extend ? t('tenderQuestions.answered_extended') : t('tenderQuestions.answered'));
      await qc.invalidateQueries({ queryKey: key(props.tender.id) });
      if (extend) await invalidateTenderArea(qc);
      props.onDone();
    },
    onError: (err) => setError(firstError(err)),
  });
  const send = () => {
    if (!text.trim()) return setError('blank');
    save.mutate();
  };
  return (
    <Flex vertical gap={8} data-testid="answer-form">
      <Input.TextArea
        rows={3}
        value={text}
        maxLength={ANSWER_MAX_LENGTH}
        showCount
        style={{ marginBottom: 20 }}
        status={error ? 'error' : undefined}
        aria-label={t('tenderQuestions.answer')}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      {canExtend && (
        <Flex gap={8} align="center" wrap>
          <Checkbox
            checked={extend}
            onChange={(e) => setExtend(e.target.checked)}
            data-testid="answer-extend"
          >
            {t('tenderQuestions.extend')}
          </Checkbox>
          {extend && (
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD.MM.YYYY HH:mm"
              value={finish}
              onChange={setFinish}
              aria-label={t('tenderQuestions.new_finish')}
              disabledDate={(d) => d.isBefore(dayjs(props.tender.finish), 'day')}
            />
          )}
        </Flex>
      )}
      {error && <Typography.Text type="danger">{errorText(error)}</Typography.Text>}
      <Flex gap={8}>
        <Button type="primary" onClick={send} loading={save.isPending} data-testid="answer-send">
          {t('tenderQuestions.send_answer')}
        </Button>
        <Button onClick={props.onDone}>{t('tenderView.cancel')}</Button>
      </Flex>
    </Flex>
  );
}

/** The questions card of the tender view (buyers and suppliers); nothing while the tender cannot have questions. */
export function QuestionsPanel(props: {
  tender: ViewTender;
  lines: ViewLine[] | undefined;
  isSupplier: boolean;
}) {
  const { t } = useTranslation();
  const { tender } = props;
  const [answering, setAnswering] = useState<number | null>(null);
  const shown = !['DRAFT', 'WAITING'].includes(tender.status);
  const q = useQuery({
    queryKey: key(tender.id),
    enabled: shown,
    queryFn: ({ signal }) => api<TenderQuestion[]>('GET', `/tenders/${tender.id}/questions/`, { signal }),
  });
  if (!shown) return null;
  const questions = q.data ?? [];
  const canAsk = props.isSupplier && can(tender, 'ask');
  if (!questions.length && !canAsk && (props.isSupplier || tender.status !== 'ACTIVE')) return null;
  const partOf = (detail: number | null) =>
    detail == null
      ? t('tenderQuestions.whole_tender')
      : (props.lines?.find((l) => l.id === detail)?.part_name ?? t('tenderQuestions.part'));
  return (
    <Card size="small" title={t('tenderQuestions.title')} data-testid="questions-panel">
      <Flex vertical gap={12}>
        {!questions.length && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tenderQuestions.none')} />
        )}
        {questions.map((x) => (
          <Flex vertical gap={4} key={x.id} data-testid="question" className="tender-question">
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{partOf(x.detail)}</Typography.Text>
              <Typography.Text type="secondary">{fmtDateTime(x.asked)}</Typography.Text>
              {x.mine && <Tag color="blue">{t('tenderQuestions.mine')}</Tag>}
              {!x.answer && <Tag color="orange">{t('tenderQuestions.unanswered')}</Tag>}
            </Flex>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {x.question}
            </Typography.Paragraph>
            {x.answer && answering !== x.id && (
              <div className="tender-question-answer" data-testid="question-answer">
                <Typography.Text type="secondary">
                  {t('tenderQuestions.answer_at', { at: fmtDateTime(x.answered) })}
                </Typography.Text>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {x.answer}
                </Typography.Paragraph>
              </div>
            )}
            {can(tender, 'answer') &&
              (answering === x.id ? (
                <AnswerForm tender={tender} question={x} onDone={() => setAnswering(null)} />
              ) : (
                <div>
                  <Button size="small" onClick={() => setAnswering(x.id)} data-testid="question-answer-open">
                    {x.answer ? t('tenderQuestions.change_answer') : t('tenderQuestions.answer_action')}
                  </Button>
                </div>
              ))}
          </Flex>
        ))}
        {canAsk && <AskForm tenderId={tender.id} lines={props.lines ?? []} />}
      </Flex>
    </Card>
  );
}
