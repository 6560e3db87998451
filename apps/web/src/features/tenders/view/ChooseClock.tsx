// The 48-hour choosing clock (issue 32): on a FINISHED or CHOOSING tender, the time by which the winners are to be
// chosen with a live countdown on the server's clock, and "overdue" in words once it has run out.
import { Flex, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtDateTime } from '../../../lib/format.ts';
import { remaining } from './Countdown.tsx';

export function ChooseClock(props: { chooseBy: string; offsetMs: number }) {
  const { t } = useTranslation();
  const end = Date.parse(props.chooseBy);
  const [now, setNow] = useState(() => Date.now() + props.offsetMs);
  useEffect(() => {
    const h = setInterval(() => setNow(Date.now() + props.offsetMs), 1000);
    return () => clearInterval(h);
  }, [props.offsetMs]);
  const overdue = now >= end;
  const { days, hms } = remaining(Math.abs(end - now));
  const span = (key: 'left' | 'overdue_for') =>
    days ? t(`chooseClock.${key}_days`, { count: days, time: hms }) : t(`chooseClock.${key}`, { time: hms });
  return (
    <Flex vertical gap={2} data-testid="choose-clock" data-overdue={overdue ? 'true' : 'false'}>
      <Flex gap={8} wrap align="center">
        <Typography.Text strong>{fmtDateTime(props.chooseBy)}</Typography.Text>
        <Typography.Text
          type={overdue || end - now < 6 * 3600_000 ? 'danger' : undefined}
          role="timer"
          data-testid="choose-countdown"
        >
          {span(overdue ? 'overdue_for' : 'left')}
        </Typography.Text>
        {overdue && <Tag color="red">{t('chooseClock.overdue_tag')}</Tag>}
      </Flex>
      {overdue && <Typography.Text type="danger">{t('chooseClock.overdue')}</Typography.Text>}
    </Flex>
  );
}
