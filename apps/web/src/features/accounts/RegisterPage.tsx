// Supplier registration (spec 2, "Supplier registration"), without the app shell: step 1 the company, checked by
// the server (POST /register/?step=1) before step 2, the main user with the terms of use. The rules are the shared
// zod schemas, so the form and the server say the same; the first invalid field gets the focus.
import {
  COUNTRY_CODES,
  DEFAULT_COUNTRY,
  FIELD_MAX,
  LANGUAGES,
  type Language,
  localeOf,
  type RegistrationStep1,
  registrationStep1,
  registrationUser,
} from '@portal/shared';
import { Alert, Button, Checkbox, Col, Flex, Form, Input, Row, Select, Steps, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LANGUAGE_NAMES } from '../../components/LanguageSelect.tsx';
import { PublicCard } from '../../components/PublicCard.tsx';
import { TermsModal } from '../../components/TermsOfUse.tsx';
import { errorText, storedLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { normalisePhone, PHONE_PREFIX } from '../../lib/phone.ts';
import { toast } from '../../lib/toast.ts';
import { zodRule } from '../../lib/zodRule.ts';
import { checkCompany, registerSupplier, useRegistrationGroups } from './api.ts';

const STEP1 = [
  'supplier_name',
  'supplier_registration_code',
  'supplier_address',
  'supplier_country_code',
  'supplier_email',
  'supplier_notes',
  'supplier_groups',
] as const;
const STEP2 = [
  'user_first_name',
  'user_last_name',
  'user_personal_code',
  'user_position',
  'user_language_code',
  'user_phone',
  'user_email',
  'agreed',
] as const;

interface Values {
  supplier_name: string;
  supplier_registration_code: string;
  supplier_address: string;
  supplier_country_code: string;
  supplier_email: string;
  supplier_notes: string;
  supplier_groups: number[];
  user_first_name: string;
  user_last_name: string;
  user_personal_code: string;
  user_position: string;
  user_language_code: Language;
  user_phone: string;
  user_email: string;
  agreed: boolean;
}

/** The step-1 payload from the form's values. */
const companyOf = (v: Values): RegistrationStep1 => ({
  supplier_name: v.supplier_name,
  supplier_registration_code: v.supplier_registration_code,
  supplier_address: v.supplier_address,
  supplier_country_code: v.supplier_country_code,
  supplier_email: v.supplier_email,
  supplier_notes: v.supplier_notes ?? '',
  supplier_groups: v.supplier_groups ?? [],
});

/** Every ISO country, named in the reader's language, sorted by that name. */
function useCountryOptions() {
  const lang = storedLanguage();
  return useMemo(() => {
    const names = new Intl.DisplayNames([localeOf(lang)], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
      a.label.localeCompare(b.label, localeOf(lang)),
    );
  }, [lang]);
}

const s1 = registrationStep1.shape;
const s2 = registrationUser.shape;

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  const countries = useCountryOptions();
  const groups = useRegistrationGroups();
  const country = Form.useWatch('supplier_country_code', form) ?? DEFAULT_COUNTRY;

  // With exactly one department open, it is the choice.
  useEffect(() => {
    const only = groups.data?.length === 1 ? groups.data[0].id : null;
    if (only && !form.getFieldValue('supplier_groups')?.length) form.setFieldValue('supplier_groups', [only]);
  }, [groups.data, form]);

  /** Puts a 400 answer on the fields (going back to step 1 when it concerns the company) and focuses the first. */
  const showServerErrors = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 400) {
      setMessage(
        errorText(
          err instanceof ApiError
            ? (err.detail ?? (err.status === 0 ? 'network_error' : 'server_error'))
            : 'server_error',
        ),
      );
      return;
    }
    const entries = Object.entries(err.fieldErrors);
    const known = new Set<string>([...STEP1, ...STEP2]);
    const onFields = entries.filter(([f]) => known.has(f));
    const rest = entries.filter(([f]) => !known.has(f));
    if (rest.length) setMessage(errorText(String(rest[0][1][0])));
    if (!onFields.length) return;
    const first = [...STEP1, ...STEP2].find((f) => onFields.some(([name]) => name === f)) as string;
    const firstStep = (STEP1 as readonly string[]).includes(first) ? 0 : 1;
    setStep(firstStep);
    // The step's fields mount first, then the errors land on them.
    setTimeout(() => {
      form.setFields(
        onFields.map(([name, msgs]) => ({
          name: name as keyof Values,
          errors: [errorText(String(msgs[0]))],
        })),
      );
      form.focusField(first as keyof Values);
    }, 0);
  };

  /** Validates a step's fields; on failure the first invalid one (in form order) gets the focus. */
  const validStep = async (names: readonly string[]) => {
    try {
      await form.validateFields([...names] as (keyof Values)[]);
      return true;
    } catch (err) {
      const failed = new Set(
        ((err as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? []).map((f) =>
          String(f.name[0]),
        ),
      );
      const first = names.find((n) => failed.has(n));
      if (first) form.focusField(first as keyof Values);
      return false;
    }
  };

  const next = async () => {
    setMessage(null);
    if (!(await validStep(STEP1))) return;
    setBusy(true);
    try {
      await checkCompany(companyOf(form.getFieldsValue(true) as Values));
      setStep(1);
    } catch (err) {
      showServerErrors(err);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setMessage(null);
    if (!(await validStep(STEP2))) return;
    setBusy(true);
    try {
      const v = form.getFieldsValue(true) as Values;
      await registerSupplier({
        ...companyOf(v),
        user_first_name: v.user_first_name,
        user_last_name: v.user_last_name,
        // Only for an Estonian company; empty is sent as null.
        user_personal_code:
          v.supplier_country_code === 'EE' && v.user_personal_code?.trim()
            ? v.user_personal_code.trim()
            : null,
        user_position: v.user_position ?? '',
        user_language_code: v.user_language_code,
        user_phone: normalisePhone(v.user_phone ?? ''),
        user_email: v.user_email,
        agreed: v.agreed as true, // the step check requires the box
      });
      toast.success(t('accounts.registered'));
      navigate('/', { replace: true });
    } catch (err) {
      showServerErrors(err);
    } finally {
      setBusy(false);
    }
  };

  const groupOptions = groups.data ?? [];
  const optional = (
    <Typography.Text type="secondary" style={{ marginLeft: 4 }}>
      {` (${t('accounts.optional')})`}
    </Typography.Text>
  );

  return (
    <PublicCard title={t('accounts.register_title')} width={680}>
      <Steps
        current={step}
        size="small"
        responsive={false}
        className="register-steps"
        items={[{ title: t('accounts.step_company') }, { title: t('accounts.step_user') }]}
      />
      {message && <Alert type="error" showIcon title={message} role="alert" className="login-alert" />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        scrollToFirstError={{ focus: true, block: 'center' }}
        initialValues={{
          supplier_country_code: DEFAULT_COUNTRY,
          supplier_notes: '',
          supplier_groups: [],
          user_language_code: 'et',
          user_phone: PHONE_PREFIX,
          user_personal_code: '',
          user_position: '',
          agreed: false,
        }}
      >
        {step === 0 && (
          <>
            <Typography.Paragraph type="secondary">{t('accounts.company_intro')}</Typography.Paragraph>
            <Form.Item
              name="supplier_name"
              label={t('accounts.supplier_name')}
              rules={[zodRule(s1.supplier_name)]}
            >
              <Input autoComplete="organization" autoFocus />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="supplier_registration_code"
                  label={t('accounts.supplier_registration_code')}
                  rules={[zodRule(s1.supplier_registration_code)]}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="supplier_country_code"
                  label={t('accounts.supplier_country_code')}
                  rules={[zodRule(s1.supplier_country_code)]}
                >
                  <Select showSearch={{ optionFilterProp: 'label' }} options={countries} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="supplier_address"
              label={t('accounts.supplier_address')}
              rules={[zodRule(s1.supplier_address)]}
            >
              <Input autoComplete="street-address" />
            </Form.Item>
            <Form.Item
              name="supplier_email"
              label={t('accounts.supplier_email')}
              rules={[zodRule(s1.supplier_email)]}
            >
              <Input autoComplete="email" inputMode="email" />
            </Form.Item>
            <Form.Item
              name="supplier_groups"
              label={t('accounts.supplier_groups')}
              rules={[zodRule(s1.supplier_groups)]}
              extra={groups.isSuccess && !groupOptions.length ? t('accounts.no_groups') : undefined}
            >
              <Checkbox.Group options={groupOptions.map((g) => ({ value: g.id, label: g.name }))} />
            </Form.Item>
            <Form.Item
              name="supplier_notes"
              label={
                <>
                  {t('accounts.supplier_notes')}
                  {optional}
                </>
              }
              rules={[zodRule(s1.supplier_notes)]}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
            <Button type="primary" block size="large" loading={busy} onClick={next}>
              {t('accounts.next')}
            </Button>
          </>
        )}
        {step === 1 && (
          <>
            <Typography.Paragraph type="secondary">{t('accounts.user_intro')}</Typography.Paragraph>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="user_first_name"
                  label={t('accounts.user_first_name')}
                  rules={[zodRule(s2.user_first_name)]}
                >
                  <Input autoComplete="given-name" autoFocus />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="user_last_name"
                  label={t('accounts.user_last_name')}
                  rules={[zodRule(s2.user_last_name)]}
                >
                  <Input autoComplete="family-name" />
                </Form.Item>
              </Col>
            </Row>
            {country === 'EE' && (
              <Form.Item
                name="user_personal_code"
                label={
                  <>
                    {t('accounts.user_personal_code')}
                    {optional}
                  </>
                }
                extra={t('accounts.user_personal_code_help')}
                rules={[
                  {
                    pattern: /^\d{11}$/,
                    message: errorText('invalid_personal_code'),
                  },
                ]}
                normalize={(v: string) => v.replace(/\D/g, '').slice(0, FIELD_MAX.estonianPersonalCode)}
              >
                <Input inputMode="numeric" maxLength={FIELD_MAX.estonianPersonalCode} />
              </Form.Item>
            )}
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="user_email"
                  label={t('accounts.user_email')}
                  rules={[zodRule(s2.user_email)]}
                >
                  <Input autoComplete="email" inputMode="email" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="user_phone"
                  label={t('accounts.user_phone')}
                  rules={[zodRule(s2.user_phone)]}
                >
                  <Input
                    autoComplete="tel"
                    inputMode="tel"
                    onBlur={(e) => form.setFieldValue('user_phone', normalisePhone(e.target.value))}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="user_position"
                  label={
                    <>
                      {t('accounts.user_position')}
                      {optional}
                    </>
                  }
                >
                  <Input autoComplete="organization-title" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="user_language_code" label={t('accounts.user_language_code')}>
                  <Select options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="agreed" valuePropName="checked" rules={[zodRule(s2.agreed)]}>
              <Checkbox>
                {t('accounts.agreed_before')}{' '}
                <Button
                  type="link"
                  className="inline-link"
                  onClick={(e) => {
                    e.preventDefault();
                    setTerms(true);
                  }}
                >
                  {t('accounts.agreed_link')}
                </Button>
              </Checkbox>
            </Form.Item>
            <Flex gap={12}>
              <Button size="large" onClick={() => setStep(0)} disabled={busy}>
                {t('accounts.back')}
              </Button>
              <Button type="primary" size="large" loading={busy} onClick={submit} style={{ flex: 1 }}>
                {t('accounts.register')}
              </Button>
            </Flex>
          </>
        )}
      </Form>
      <Flex justify="center" gap={6} className="login-register" wrap>
        <Typography.Text type="secondary">{t('accounts.have_account')}</Typography.Text>
        <Link to="/">{t('accounts.to_login')}</Link>
      </Flex>
      <TermsModal open={terms} onClose={() => setTerms(false)} />
    </PublicCard>
  );
}
