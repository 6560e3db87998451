// A live countdown to the tender's end, on the server's clock (offset measured when the tender was loaded).
import { Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function remaining(ms: number): { days: number; hms: string } {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    days,
    hms: `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`,
  };
}

export function Countdown(props: { finish: string; offsetMs: number; onEnd?(): void }) {
  const { t } = useTranslation();
  const end = Date.parse(props.finish);
  const [now, setNow] = useState(() => Date.now() + props.offsetMs);
  const ended = useRef(false);
  const onEnd = useRef(props.onEnd);
  onEnd.current = props.onEnd;
  useEffect(() => {
    ended.current = false;
    const tick = () => {
      const n = Date.now() + props.offsetMs;
      setNow(n);
      if (n >= end && !ended.current) {
        ended.current = true;
        onEnd.current?.();
      }
    };
    tick();
    const h = setInterval(tick, 1000);
    return () => clearInterval(h);
  }, [end, props.offsetMs]);
  const { days, hms } = remaining(end - now);
  return (
    <Typography.Text
      strong
      type={end - now < 3600_000 ? 'danger' : undefined}
      data-testid="countdown"
      role="timer"
    >
      {end <= now
        ? t('tenderView.countdown.ended')
        : days
          ? t('tenderView.countdown.days', { count: days, time: hms })
          : hms}
    </Typography.Text>
  );
}
