// /tenders/add and /tenders/{id}/edit (spec 1 "Tender form"): period, group, warehouse and additional info above,
// chosen lines (editable order quantity, total row) and the warehouse's free lines below. Save keeps a draft,
// start tender sends it to WAITING; client rules come from @portal/shared (validateTenderForm), server 400s land
// on the fields and the page scrolls to the top. After a save the page waits a second and returns to the list.
import { CloseOutlined, PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import {
  canTender,
  chosenTotalPositive,
  FIELD_MAX,
  type TenderWrite,
  validateTenderForm,
} from '@portal/shared';
import {
  App,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorText } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { DATE_TIME } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { useListState } from '../../lib/listState.ts';
import { toast } from '../../lib/toast.ts';
import { useUnsavedChangesGuard } from '../../lib/unsaved.ts';
import {
  actorOfUser,
  can,
  type DetailLine,
  usePreparedLines,
  useTender,
  useTenderLines,
  useTenderSave,
  useWarehouses,
} from './api.ts';
import { AvailableLinesTable } from './form/AvailableLinesTable.tsx';
import { ChosenLinesTable } from './form/ChosenLinesTable.tsx';
import { formDraftKey, readFormDraft, type TenderFormDraft, useKeptFormDraft } from './form/formDraft.ts';
import { useChosenLines } from './form/useChosenLines.ts';
import { TenderStatusTag } from './list/columns.tsx';
import { TenderNotFound } from './view/TenderNotFound.tsx';
import './tenders.css';
import { PageTitle } from '../../components/PageTitle.tsx';

interface FormValues {
  start?: Dayjs | null;
  finish?: Dayjs | null;
  group?: number;
  warehouse?: number;
  additional_info?: string;
  feedback_enabled?: boolean;
}
const FIELDS = ['start', 'finish', 'group', 'warehouse', 'additional_info', 'feedback_enabled'];
const REDIRECT_MS = 1000;

const parseDate = (v: string | null) => {
  if (!v) return undefined;
  const d = dayjs(v, [DATE_TIME, 'YYYY-MM-DDTHH:mm', 'YYYY-MM-DD HH:mm'], true);
  const iso = d.isValid() ? d : dayjs(v);
  return iso.isValid() ? iso : undefined;
};
/** Today's past hours and minutes are not offered (the start and end must be in the future). */
function pastTimeToday(d: Dayjs | null) {
  const now = dayjs();
  if (!d?.isSame(now, 'day')) return {};
  return {
    disabledHours: () => Array.from({ length: now.hour() }, (_, h) => h),
    disabledMinutes: (h: number) =>
      h === now.hour() ? Array.from({ length: now.minute() + 1 }, (_, m) => m) : [],
  };
}
const numParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** A select that asks before changing its value when `confirmChange` is set (chosen lines would be returned). */
function ConfirmingSelect(props: {
  /** From Form.Item: ties the field's label to the select. */
  id?: string;
  value?: number;
  onChange?(v: number | undefined): void;
  confirmChange: ((apply: () => void) => void) | null;
  afterChange?(): void;
  options: { value: number; label: string }[];
  loading?: boolean;
  placeholder: string;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <Select<number>
      id={props.id}
      value={props.value}
      options={props.options}
      loading={props.loading}
      placeholder={props.placeholder}
      disabled={props.disabled}
      showSearch={{ optionFilterProp: 'label' }}
      data-testid={props.testId}
      onChange={(v) => {
        if (v === props.value) return;
        const apply = () => {
          props.onChange?.(v);
          props.afterChange?.();
        };
        if (props.confirmChange) props.confirmChange(apply);
        else apply();
      }}
    />
  );
}

export default function TenderFormPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { id: routeId } = useParams();
  const [params] = useSearchParams();
  const id = routeId ?? params.get('tender_id') ?? undefined;
  const tenderQ = useTender(id);
  const linesQ = useTenderLines(id);
  const tender = tenderQ.data;
  const groups = user?.warehouse_groups_options ?? [];
  const multiGroup = groups.length > 1;

  const [form] = Form.useForm<FormValues>();
  const group = Form.useWatch('group', form);
  const warehouse = Form.useWatch('warehouse', form);
  const chosen = useChosenLines();
  const [detailsError, setDetailsError] = useState<string>();
  const [busy, setBusy] = useState<'draft' | 'start' | 'done' | null>(null);
  const save = useTenderSave();
  // Anything the user changed (fields, chosen lines, quantities) is asked about before leaving unsaved.
  const [touched, setTouched] = useState(false);
  useUnsavedChangesGuard(touched && busy !== 'done');
  // What was typed is also kept in the browser (an expired session or a closed tab loses nothing).
  const draftKey = formDraftKey(id, user?.id);
  const [formVersion, setFormVersion] = useState(0);
  const draft = useKeptFormDraft(draftKey, (): TenderFormDraft => {
    const v = form.getFieldsValue();
    return {
      start: v.start ? v.start.toISOString() : null,
      finish: v.finish ? v.finish.toISOString() : null,
      group: v.group ?? null,
      warehouse: v.warehouse ?? null,
      additional_info: v.additional_info ?? '',
      chosen: chosen.chosen.map((c) => ({ line: c.line, qty: c.qty })),
    };
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept whenever the fields or the chosen lines change
  useEffect(() => {
    if (touched && busy !== 'done') draft.keep();
  }, [touched, busy, chosen.chosen, formVersion, draft]);
  const onQty = useCallback(
    (lineId: number, qty: string) => {
      setTouched(true);
      chosen.setQty(lineId, qty);
    },
    [chosen],
  );
  const onRemove = useCallback(
    (lineId: number) => {
      setTouched(true);
      chosen.remove(lineId);
    },
    [chosen],
  );

  // ----- initial values: the tender being edited, or the query (start, finish, group, warehouse, additional) -----
  const initialised = useRef(false);
  useEffect(() => {
    if (initialised.current) return;
    if (id) {
      if (!tender || !linesQ.data) return;
      form.setFieldsValue({
        start: dayjs(tender.start),
        finish: dayjs(tender.finish),
        group: tender.group,
        warehouse: tender.warehouse,
        additional_info: tender.additional_info,
        feedback_enabled: tender.feedback_enabled,
      });
      chosen.set(linesQ.data);
    } else {
      const g = numParam(params.get('group')) ?? (groups.length === 1 ? groups[0].id : undefined);
      form.setFieldsValue({
        start: parseDate(params.get('start')),
        finish: parseDate(params.get('finish')),
        group: g,
        warehouse: g ? numParam(params.get('warehouse')) : undefined,
        additional_info: params.get('additional') ?? '',
        feedback_enabled: true,
      });
    }
    initialised.current = true;
    // A draft kept in this browser (the session expired, the tab was closed) goes over the saved values.
    const kept = readFormDraft(draftKey);
    if (kept) {
      form.setFieldsValue({
        start: kept.start ? dayjs(kept.start) : undefined,
        finish: kept.finish ? dayjs(kept.finish) : undefined,
        group: kept.group ?? undefined,
        warehouse: kept.warehouse ?? undefined,
        additional_info: kept.additional_info,
      });
      chosen.set(kept.chosen.map((c) => ({ ...c.line, qty: c.qty })));
      setTouched(true);
      toast.success(t('tenders.form.draft_restored'));
    }
  }, [id, tender, linesQ.data, form, chosen, params, groups, draftKey, t]);

  // A single-group user gets the group as soon as the profile is there.
  useEffect(() => {
    if (!multiGroup && groups.length === 1 && !form.getFieldValue('group'))
      form.setFieldValue('group', groups[0].id);
  }, [multiGroup, groups, form]);

  // ----- the available lines' list state: in the query (search, ordering, page), remembered per route -----
  const lineList = useListState({ defaultOrdering: 'part_code', defaultPageSize: 50 });
  const { search, ordering, page } = lineList;
  const available = usePreparedLines({ warehouse, search, ordering, page });
  const warehousesQ = useWarehouses(group);

  // Lines of this tender taken out in the form are still WAITING on the server: offer them again first.
  const released = useMemo(
    () => (linesQ.data ?? []).filter((l) => !chosen.ids.has(l.id) && l.warehouse === warehouse),
    [linesQ.data, chosen.ids, warehouse],
  );
  const availableRows = useMemo(
    () => (available.data?.results ?? []).filter((l) => !chosen.ids.has(l.id)),
    [available.data, chosen.ids],
  );
  // The pager counts what remains to choose from: the server's free lines less those already chosen in the form
  // (the ones on this page when searching, since a search may not find the others), plus the taken-out ones.
  const availableCount = useMemo(() => {
    const hidden = search
      ? (available.data?.results.length ?? 0) - availableRows.length
      : chosen.chosen.filter((c) => c.line.status === 'PREPARED' && c.line.warehouse === warehouse).length;
    return Math.max(0, (available.data?.count ?? 0) - hidden) + released.length;
  }, [search, available.data, availableRows, chosen.chosen, warehouse, released]);

  const addLines = useCallback(
    (lines: DetailLine[]) => {
      setTouched(true);
      chosen.add(lines);
      setDetailsError(undefined);
    },
    [chosen],
  );
  // The list state's setters are new on every render; the tables get stable callbacks.
  const listRef = useRef(lineList);
  listRef.current = lineList;
  const onPage = useCallback((p: number) => listRef.current.setPage(p), []);
  const onSearch = useCallback((s: string) => listRef.current.setSearch(s), []);
  const onOrdering = useCallback((o: string) => listRef.current.setOrdering(o), []);

  const confirmReturnLines = chosen.chosen.length
    ? (apply: () => void) =>
        modal.confirm({
          title: t('tenders.form.confirm_warehouse_title'),
          content: t('tenders.form.confirm_warehouse', { count: chosen.chosen.length }),
          okText: t('tenders.confirm.ok'),
          cancelText: t('tenders.confirm.cancel'),
          onOk: () => {
            chosen.clear();
            apply();
          },
        })
    : null;

  // ----- save / start -----
  const submit = async (mode: 'draft' | 'start') => {
    setDetailsError(undefined);
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    const start = values.start?.second(0).millisecond(0).toISOString();
    const finish = values.finish?.second(0).millisecond(0).toISOString();
    const details = chosen.payload();
    // The server's clock when it sent the tender (edit), so "in the future" means the same on both sides.
    const serverOffset = tender?.server_time ? Date.parse(tender.server_time) - tenderQ.dataUpdatedAt : 0;
    const errors = validateTenderForm({ start, finish, details }, Date.now() + (serverOffset || 0), {
      requireLines: mode === 'start',
    });
    if (mode === 'draft' && details.length && !chosenTotalPositive(details))
      errors.details = ['positive_quantity'];
    const fieldErrors = (['start', 'finish'] as const)
      .filter((f) => errors[f]?.length)
      .map((f) => ({ name: f, errors: [t(`errors.${errors[f]?.[0]}`)] }));
    if (fieldErrors.length) {
      form.setFields(fieldErrors);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
    if (errors.details?.length) setDetailsError(t(`errors.${errors.details[0]}`));
    if (fieldErrors.length || errors.details?.length) return;

    const current = tender?.status;
    const body: TenderWrite = {
      start,
      finish,
      group: values.group,
      warehouse: values.warehouse,
      additional_info: values.additional_info ?? '',
      feedback_enabled: values.feedback_enabled ?? true,
      details,
    };
    if (!current || current === 'DRAFT') body.status = mode === 'start' ? 'WAITING' : 'DRAFT';
    setBusy(mode);
    try {
      // A new tender is created (and, with status WAITING, started) in one call.
      await save.mutateAsync({ id: tender?.id, body });
      toast.success(
        t(
          mode === 'start'
            ? 'tenders.toast.started'
            : !tender
              ? 'tenders.toast.draft_added'
              : current === 'DRAFT'
                ? 'tenders.toast.draft_updated'
                : 'tenders.toast.updated',
        ),
      );
      setBusy('done');
      draft.forget();
      setTimeout(() => navigate('/tenders'), REDIRECT_MS);
    } catch (err) {
      setBusy(null);
      if (err instanceof ApiError && err.status === 400) {
        // Line errors ("details", "details.3.qty") go above the chosen lines, the rest onto the fields.
        const entries = Object.entries(err.fieldErrors);
        const lineError = entries.find(([k]) => k === 'details' || k.startsWith('details.'));
        if (lineError) setDetailsError(errorText(String(lineError[1]?.[0] ?? 'invalid')));
        const others = Object.fromEntries(
          entries.filter(([k]) => k !== 'details' && !k.startsWith('details.')),
        );
        if (Object.keys(others).length)
          for (const m of applyServerErrors(form, new ApiError(400, others), FIELDS)) toast.error(m);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      } else if (!(err instanceof ApiError)) {
        toast.error(errorText('server_error'));
      }
    }
  };

  if (id && tenderQ.isError) return <TenderNotFound />;
  // The form is for those the rule table lets edit (a master: DRAFTs only); others see the tender's view.
  if (tender && busy !== 'done' && !can(tender, 'edit'))
    return <Navigate to={`/tenders/${tender.id}/view`} replace />;
  const loading = !!id && (tenderQ.isLoading || linesQ.isLoading);
  const isNew = !tender || tender.status === 'DRAFT';
  const canStart = tender
    ? can(tender, 'start')
    : !!user && canTender(actorOfUser(user), 'start', { status: 'DRAFT' });
  const warehouseOptions = (warehousesQ.data ?? []).map((w) => ({
    value: w.id,
    label: w.code ? `${w.name} (${w.code})` : w.name,
  }));

  return (
    <div className="tender-page tender-form">
      <Flex justify="space-between" align="center" wrap gap={8} className="tender-page-head">
        <Space align="center">
          <PageTitle>
            {tender
              ? t('tenders.form.edit_title', { code: tender.tender_code })
              : t('tenders.form.add_title')}
          </PageTitle>
          {tender && <TenderStatusTag status={tender.status} t={t} />}
        </Space>
      </Flex>

      <Spin spinning={loading}>
        <Flex vertical gap={12}>
          <Card size="small" className="tender-form-card" title={t('tenders.form.details_card')}>
            <Form<FormValues>
              form={form}
              layout="vertical"
              requiredMark
              disabled={busy !== null}
              onValuesChange={() => {
                setTouched(true);
                setFormVersion((v) => v + 1);
              }}
            >
              <Row gutter={16}>
                <Col xs={24} sm={12} lg={6}>
                  <Form.Item
                    name="start"
                    label={t('tenders.fields.start')}
                    rules={[{ required: true, message: t('tenders.form.required') }]}
                  >
                    <DatePicker
                      showTime={{ format: 'HH:mm', minuteStep: 15, hourStep: 1 }}
                      format={DATE_TIME}
                      style={{ width: '100%' }}
                      disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                      disabledTime={pastTimeToday}
                      data-testid="tender-start"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={6}>
                  <Form.Item
                    name="finish"
                    label={t('tenders.fields.finish')}
                    dependencies={['start']}
                    rules={[{ required: true, message: t('tenders.form.required') }]}
                  >
                    <DatePicker
                      showTime={{ format: 'HH:mm', minuteStep: 15, hourStep: 1 }}
                      format={DATE_TIME}
                      style={{ width: '100%' }}
                      disabledDate={(d) =>
                        d.isBefore(
                          (form.getFieldValue('start') as Dayjs | undefined)?.startOf('day') ??
                            dayjs().startOf('day'),
                        )
                      }
                      disabledTime={pastTimeToday}
                      data-testid="tender-finish"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={6} style={multiGroup ? undefined : { display: 'none' }}>
                  <Form.Item
                    name="group"
                    label={t('tenders.fields.group')}
                    rules={[{ required: true, message: t('tenders.form.required') }]}
                  >
                    <ConfirmingSelect
                      options={groups.map((g) => ({ value: g.id, label: g.name }))}
                      placeholder={t('tenders.form.choose_group')}
                      confirmChange={confirmReturnLines}
                      afterChange={() => {
                        form.setFieldValue('warehouse', undefined);
                        lineList.setSearch('');
                      }}
                      testId="tender-group"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={6}>
                  <Form.Item
                    name="warehouse"
                    label={t('tenders.fields.warehouse')}
                    rules={[{ required: true, message: t('tenders.form.required') }]}
                  >
                    <ConfirmingSelect
                      options={warehouseOptions}
                      loading={warehousesQ.isFetching}
                      disabled={!group}
                      placeholder={
                        group ? t('tenders.form.choose_warehouse') : t('tenders.form.choose_group_first')
                      }
                      confirmChange={confirmReturnLines}
                      afterChange={() => lineList.setSearch('')}
                      testId="tender-warehouse"
                    />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item
                    name="additional_info"
                    label={t('tenders.fields.additional_info')}
                    style={{ marginBottom: 0 }}
                  >
                    <Input.TextArea
                      autoSize={{ minRows: 2, maxRows: 6 }}
                      maxLength={FIELD_MAX.additionalInfo}
                      data-testid="tender-additional"
                    />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item
                    name="feedback_enabled"
                    valuePropName="checked"
                    extra={t('tenderForm.feedback_hint')}
                    style={{ marginBottom: 0, marginTop: 8 }}
                  >
                    <Checkbox data-testid="tender-feedback">{t('tenderForm.feedback_enabled')}</Checkbox>
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          </Card>

          <Card
            size="small"
            className="tender-form-card"
            title={
              <Space>
                {t('tenders.form.chosen_lines')}
                <Badge
                  count={chosen.chosen.length}
                  showZero
                  color={chosen.chosen.length ? '#0b5cab' : '#bfbfbf'}
                  overflowCount={9999}
                />
              </Space>
            }
          >
            {!chosen.chosen.length && !detailsError && (
              <Typography.Paragraph
                type="warning"
                style={{ marginBottom: 8 }}
                data-testid="choose-lines-hint"
              >
                {t('errors.choose_at_least_one_line')}
              </Typography.Paragraph>
            )}
            <ChosenLinesTable
              chosen={chosen.chosen}
              totals={chosen.totals}
              onQty={onQty}
              onRemove={onRemove}
              error={detailsError}
            />
          </Card>

          <Card size="small" className="tender-form-card" title={t('tenders.form.available_lines')}>
            {warehouse ? (
              <AvailableLinesTable
                lines={availableRows}
                count={availableCount}
                pages={available.data?.pages ?? 1}
                loading={available.isFetching}
                page={page}
                search={search}
                ordering={ordering}
                released={released}
                onPage={onPage}
                onSearch={onSearch}
                onOrdering={onOrdering}
                onAdd={addLines}
              />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('tenders.form.choose_warehouse_first')}
              />
            )}
          </Card>

          <Flex justify="flex-end" gap={8} className="tender-form-actions">
            <Button
              icon={<CloseOutlined />}
              disabled={busy !== null}
              onClick={() => {
                // Cancel discards what was typed (the guard still asks first when anything changed).
                draft.forget();
                navigate('/tenders');
              }}
              data-testid="tender-cancel"
            >
              {t('tenders.form.cancel')}
            </Button>
            <Button
              icon={<SaveOutlined />}
              loading={busy === 'draft'}
              disabled={busy !== null && busy !== 'draft'}
              onClick={() => submit('draft')}
              data-testid="tender-save"
            >
              {t(isNew ? 'tenders.form.save' : 'tenders.form.save_changes')}
            </Button>
            {canStart && (
              <Button
                type="primary"
                icon={<PlayCircleOutlined />}
                loading={busy === 'start'}
                disabled={busy !== null && busy !== 'start'}
                onClick={() => submit('start')}
                data-testid="tender-start-button"
              >
                {t('tenders.form.start')}
              </Button>
            )}
          </Flex>
        </Flex>
      </Spin>
    </div>
  );
}
