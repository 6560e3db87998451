// The foot of an add/edit form: Cancel and Save (the form's submit) on the right. A form that can keep itself open
// for the next entry offers that on add either as an "add more" checkbox on the left (its place stays empty while
// editing) or as a "save and add" button between the two.
import { Button, Checkbox, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export function FormFooter(props: {
  saving: boolean;
  onCancel(): void;
  /** The "add more" checkbox, shown on add: when ticked, saving clears the form instead of leaving. */
  addMore?: { shown: boolean; checked: boolean; onChange(checked: boolean): void };
  /** The "save and add" button, given on add only. */
  onSaveAndAdd?: () => void;
  /** False leaves Save out (a form shown read-only). */
  canSave?: boolean;
}) {
  const { t } = useTranslation();
  const buttons = (
    <Space wrap>
      {/* Leaving stays possible in a form shown disabled. */}
      <Button onClick={props.onCancel} disabled={false}>
        {t('common.cancel')}
      </Button>
      {props.onSaveAndAdd && (
        <Button loading={props.saving} onClick={props.onSaveAndAdd}>
          {t('common.save_and_add')}
        </Button>
      )}
      {props.canSave !== false && (
        <Button type="primary" htmlType="submit" loading={props.saving}>
          {t('common.save')}
        </Button>
      )}
    </Space>
  );
  const more = props.addMore;
  if (!more) return <Flex justify="end">{buttons}</Flex>;
  return (
    <Flex justify="space-between" align="center" wrap gap={12}>
      {more.shown ? (
        <Checkbox checked={more.checked} onChange={(e) => more.onChange(e.target.checked)}>
          {t('common.add_more')}
        </Checkbox>
      ) : (
        <span />
      )}
      {buttons}
    </Flex>
  );
}
