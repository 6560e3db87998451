// The person fields shared by the employee, worker and profile forms: names, e-mail and phone (required where the
// spec says), personal code and position (optional), and the notification language.
import { FIELD_MAX } from '@portal/shared';
import { Col, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

export function PersonFields(props: {
  phoneRequired?: boolean;
  personalCodeLocked?: boolean;
  language?: boolean;
}) {
  const { t } = useTranslation();
  const required = { required: true, whitespace: true, message: t('errors.required') };
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="first_name" label={t('people.person.first_name')} rules={[required]}>
          <Input maxLength={FIELD_MAX.personName} autoComplete="given-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="last_name" label={t('people.person.last_name')} rules={[required]}>
          <Input maxLength={FIELD_MAX.personName} autoComplete="family-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="email"
          label={t('people.person.email')}
          rules={[required, { type: 'email', message: t('errors.invalid_email') }]}
        >
          <Input type="email" maxLength={FIELD_MAX.email} autoComplete="email" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="phone"
          label={t('people.person.phone')}
          rules={[
            ...(props.phoneRequired === false ? [] : [required]),
            { pattern: /^\+?[0-9][0-9 ]{3,19}$/, message: t('errors.invalid_phone') },
          ]}
        >
          <Input maxLength={FIELD_MAX.phone} inputMode="tel" autoComplete="tel" placeholder="+372" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="personal_code"
          label={t('people.person.personal_code')}
          rules={[{ pattern: /^\d{6,20}$/, message: t('errors.invalid_personal_code') }]}
          extra={props.personalCodeLocked ? t('people.profile.personal_code_locked') : undefined}
        >
          <Input maxLength={FIELD_MAX.personalCode} inputMode="numeric" disabled={props.personalCodeLocked} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="position" label={t('people.person.position')}>
          <Input maxLength={FIELD_MAX.position} autoComplete="organization-title" />
        </Form.Item>
      </Col>
      {props.language !== false && (
        <Col xs={24} md={12}>
          <Form.Item name="language" label={t('people.person.language')}>
            <Select
              options={[
                { value: 'et', label: 'Eesti' },
                { value: 'ru', label: 'Русский' },
                { value: 'en', label: 'English' },
              ]}
            />
          </Form.Item>
        </Col>
      )}
    </>
  );
}

/** '' → null for the personal code (spec: sent as null when empty). */
export const codeOrNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
