// A button that asks before it acts (deletes, cancels); the action may be async and shows a spinner.
import { DeleteOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popconfirm } from './Popconfirm.tsx';

export function ConfirmButton(props: {
  question: ReactNode;
  onConfirm(): unknown;
  children?: ReactNode;
  danger?: boolean;
  icon?: ReactNode;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Popconfirm
      title={props.question}
      okText={t('common.yes')}
      cancelText={t('common.no')}
      okButtonProps={{ danger: props.danger ?? true, loading: busy }}
      onConfirm={async () => {
        setBusy(true);
        try {
          await props.onConfirm();
        } catch {
          // the query client's error handler has shown the message
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button
        size={props.size ?? 'small'}
        type={props.type}
        danger={props.danger ?? true}
        icon={props.icon ?? <DeleteOutlined />}
        loading={busy}
        aria-label={props['aria-label']}
      >
        {props.children}
      </Button>
    </Popconfirm>
  );
}
