// /tenders/add and /tenders/{id}/edit (spec 1 "Tender form"): period, group, warehouse and additional info above,
// chosen lines (editable order quantity, total row) and the warehouse's free lines below. Save keeps a draft,
// start tender sends it to WAITING; client rules come from @portal/shared (validateTenderForm), server 400s land
// on the fields and the page scrolls to the top. After a save the page waits a second and returns to the list.
import { CloseOutlined, PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { chosenTotalPositive, type TenderWrite, validateTenderForm } from '@portal/shared';
import {
  App,
  Badge,
  Button,
  Card,
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
import { useAuth } from '../../app/auth.tsx';
import { errorText } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { DATE_TIME } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/toast.ts';
import {
  type DetailLine,
  usePreparedLines,
  useTender,
  useTenderLines,
  useTenderSave,
  useWarehouses,
} from './api.ts';
import { AvailableLinesTable } from './form/AvailableLinesTable.tsx';
import { ChosenLinesTable } from './form/ChosenLinesTable.tsx';
import { useChosenLines } from './form/useChosenLines.ts';
import { TenderStatusTag } from './list/columns.tsx';
import './tenders.css';

interface FormValues {
  start?: Dayjs | null;
  finish?: Dayjs | null;
  group?: number;
  warehouse?: number;
  additional_info?: string;
}
const FIELDS = ['start', 'finish', 'group', 'warehouse', 'additional_info'];
const REDIRECT_MS = 1000;
const EDITABLE = ['DRAFT', 'WAITING'];

const parseDate = (v: string | null) => {
  if (!v) return undefined;
  const d = dayjs(v, [DATE_TIME, 'YYYY-MM-DDTHH:mm', 'YYYY-MM-DD HH:mm'], true);
  const iso = d.isValid() ? d : dayjs(v);
  return iso.isValid() ? iso : undefined;
};
/** Today's past hours and minutes are not offered (the start and end must be in the future). */
function pastTimeToday(d: Dayjs | null) {
  const now = dayjs();
  if (!d || !d.isSame(now, 'day')) return {};
  return {
    disabledHours: () => Array.from({ length: now.hour() }, (_, h) => h),
    disabledMinutes: (h: number) =>
      h === now.hour() ? Array.from({ length: now.minute() + 1 }, (_, m) => m) : [],
  };
}
const numParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** A select that asks before changing its value when `confirmChange` is set (chosen lines would be returned). */
function ConfirmingSelect(props: {
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
  const [params, setParams] = useSearchParams();
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
      });
    }
    initialised.current = true;
  }, [id, tender, linesQ.data, form, chosen, params, groups]);

  // A single-group user gets the group as soon as the profile is there.
  useEffect(() => {
    if (!multiGroup && groups.length === 1 && !form.getFieldValue('group'))
      form.setFieldValue('group', groups[0].id);
  }, [multiGroup, groups, form]);

  // ----- the available lines' list state lives in the query (search, ordering, page) -----
  const search = params.get('search') ?? '';
  const ordering = params.get('ordering') ?? 'part_code';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setQuery = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
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

  const addLines = useCallback(
    (lines: DetailLine[]) => {
      chosen.add(lines);
      setDetailsError(undefined);
    },
    [chosen],
  );
  const onPage = useCallback((p: number) => setQuery({ page: p > 1 ? String(p) : undefined }), [setQuery]);
  const onSearch = useCallback(
    (s: string) => setQuery({ search: s.trim() || undefined, page: undefined }),
    [setQuery],
  );
  const onOrdering = useCallback((o: string) => setQuery({ ordering: o, page: undefined }), [setQuery]);

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

  if (tender && busy !== 'done' && !EDITABLE.includes(tender.status))
    return <Navigate to={`/tenders/${tender.id}/view`} replace />;
  const loading = !!id && (tenderQ.isLoading || linesQ.isLoading);
  const canStart = !tender || tender.status === 'DRAFT';
  const warehouseOptions = (warehousesQ.data ?? []).map((w) => ({
    value: w.id,
    label: w.code ? `${w.name} (${w.code})` : w.name,
  }));

  return (
    <div className="tender-page tender-form">
      <Flex justify="space-between" align="center" wrap gap={8} className="tender-page-head">
        <Space align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {tender
              ? t('tenders.form.edit_title', { code: tender.tender_code })
              : t('tenders.form.add_title')}
          </Typography.Title>
          {tender && <TenderStatusTag status={tender.status} t={t} />}
        </Space>
      </Flex>

      <Spin spinning={loading}>
        <Flex vertical gap={12}>
          <Card size="small" className="tender-form-card" title={t('tenders.form.details_card')}>
            <Form<FormValues> form={form} layout="vertical" requiredMark disabled={busy !== null}>
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
                        setQuery({ page: undefined, search: undefined });
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
                      afterChange={() => setQuery({ page: undefined, search: undefined })}
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
                      maxLength={2000}
                      data-testid="tender-additional"
                    />
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
              onQty={chosen.setQty}
              onRemove={chosen.remove}
              error={detailsError}
            />
          </Card>

          <Card size="small" className="tender-form-card" title={t('tenders.form.available_lines')}>
            {warehouse ? (
              <AvailableLinesTable
                lines={availableRows}
                count={available.data?.count ?? 0}
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
              onClick={() => navigate('/tenders')}
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
              {t(canStart ? 'tenders.form.save' : 'tenders.form.save_changes')}
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
