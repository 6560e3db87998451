// The list's mark of a tender whose 48 hours to choose the winners have run out (issue 32).
import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';

export function OverdueTag({ t }: { t: TFunction }) {
  return (
    <Tag
      color="red"
      icon={<ClockCircleOutlined />}
      data-testid="tender-overdue"
      title={t('chooseClock.overdue')}
    >
      {t('chooseClock.overdue_tag')}
    </Tag>
  );
}
