// Puts a server 400 answer ({"field": ["message_key"], "non_field_errors": [...]}) on the form's fields:
// the first message of each field, translated. Keys with no field in the form come back for a toast.
import type { FormInstance } from 'antd';
import { errorText } from '../i18n/index.ts';
import { ApiError } from './api.ts';

/**
 * Returns the messages that could not be shown beside a field (non-field errors, unknown fields, other
 * statuses), already translated; an empty list means everything landed on the form.
 */
export function applyServerErrors(form: FormInstance, err: unknown, fieldNames?: string[]): string[] {
  if (!(err instanceof ApiError)) return [errorText('server_error')];
  if (err.status !== 400) return [errorText(err.detail ?? (err.status >= 500 ? 'server_error' : 'invalid'))];
  const known = new Set(fieldNames ?? Object.keys(form.getFieldsValue(true) as object));
  const onFields: { name: string; errors: string[] }[] = [];
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(err.fieldErrors)) {
    const list = Array.isArray(messages) ? messages : [String(messages)];
    const first = errorText(String(list[0] ?? 'invalid'));
    if (known.has(field)) onFields.push({ name: field, errors: [first] });
    else rest.push(first);
  }
  form.setFields(onFields);
  if (onFields.length) form.scrollToField(onFields[0].name);
  return rest;
}
