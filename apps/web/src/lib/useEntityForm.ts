// The plumbing of an add/edit form of one entity: load the item on edit, fill the form, save (POST or PATCH),
// put server 400 errors on the fields, toast success, then go back to the list or clear for another entry.
// A form screen is then its fields and this hook; one component serves both add and edit.
import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from './api.ts';
import { applyServerErrors } from './formErrors.ts';
import { useResourceItem, useResourceSave } from './resource.ts';
import { toast } from './toast.ts';

export interface EntityFormOptions<T, V> {
  /** API path of the resource, e.g. "/groups/". */
  path: string;
  /** Where cancel and save go back to. */
  listPath: string;
  /** Empty form values on add. */
  defaults: V;
  toValues(item: T): V;
  toBody(values: V, editing: boolean): unknown;
  /** Translated success messages. */
  savedText: { added: string; changed: string };
}

export interface EntityForm<T, V> {
  form: FormInstance<V>;
  id: string | undefined;
  editing: boolean;
  item: T | undefined;
  loading: boolean;
  /** The item could not be loaded (404…). */
  loadError: boolean;
  saving: boolean;
  /** Saves; with `more` (add only) the form is cleared for the next entry instead of leaving. */
  submit(values: V, more?: boolean): Promise<void>;
  /** Checks the fields, then saves as `submit` with `more` (the "save and add" button). */
  submitAndAdd(): void;
  cancel(): void;
}

export function useEntityForm<T, V extends object>(opts: EntityFormOptions<T, V>): EntityForm<T, V> {
  const { id } = useParams();
  const editing = id !== undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<V>();
  const itemQuery = useResourceItem<T>(opts.path, id);
  const save = useResourceSave<T, unknown>(opts.path);
  const { toValues, defaults } = opts;

  useEffect(() => {
    if (itemQuery.data)
      form.setFieldsValue(toValues(itemQuery.data) as Parameters<typeof form.setFieldsValue>[0]);
  }, [itemQuery.data, form, toValues]);

  const submit = async (values: V, more = false) => {
    try {
      await save.mutateAsync({ id, body: opts.toBody(values, editing) });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        for (const m of applyServerErrors(form, err)) toast.error(m);
      return;
    }
    toast.success(editing ? opts.savedText.changed : opts.savedText.added);
    if (more && !editing) {
      form.resetFields();
      form.setFieldsValue(defaults as Parameters<typeof form.setFieldsValue>[0]);
    } else navigate(opts.listPath);
  };

  return {
    form,
    id,
    editing,
    item: itemQuery.data,
    loading: editing && itemQuery.isLoading,
    loadError: itemQuery.isError,
    saving: save.isPending,
    submit,
    submitAndAdd: () =>
      form.validateFields().then(
        (v) => submit(v, true),
        () => {},
      ),
    cancel: () => navigate(opts.listPath),
  };
}
