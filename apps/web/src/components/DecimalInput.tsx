// The one numeric input of the portal: a comma or a dot is the decimal separator, thousands may be grouped,
// and a value is never silently changed. What cannot become a number (a date, letters, a second separator) or
// a minus sign is refused as it is typed, with a message; the field keeps what it had. Outside the field the
// value is written the reader's way (comma in et and ru, dot in en, thousands grouped). The value handed out
// is a plain decimal string ("75,5" → "75.5"), "" when empty.
import { formatDecimal, isNumberInProgress, type Language, parseDecimal } from '@portal/shared';
import { Input, type InputProps, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import i18n from '../i18n/index.ts';
import { useLang } from '../lib/format.ts';

const HIDDEN: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

type Props = Omit<InputProps, 'value' | 'onChange' | 'type'> & {
  value: string | null | undefined;
  onChange(value: string): void;
  /** Most decimals shown outside the field (trailing zeros trimmed); typing more is refused. */
  maxDecimals?: number;
};

/** The plain value of what is typed so far: "12," → "12", "-" → "" (refused anyway), "1 234,5" → "1234.5". */
function plainOf(text: string): string {
  const v = parseDecimal(text);
  if (v !== null) return v;
  const trimmed = text.replace(/[.,\s\u00a0\u202f]+$/, '');
  return parseDecimal(trimmed) ?? '';
}

/** What the field shows and does: the text as typed, a refusal message, and the input's event handlers. */
function useDecimalField(
  {
    value,
    onChange,
    maxDecimals = 4,
    onFocus,
    onBlur,
  }: {
    value: string | null | undefined;
    onChange(value: string): void;
    maxDecimals?: number;
    onFocus?: React.FocusEventHandler<HTMLInputElement>;
    onBlur?: React.FocusEventHandler<HTMLInputElement>;
  },
  lang: Language,
  t: (key: string) => string,
) {
  // In an edit field English has no thousands commas, so that a comma typed there is always a decimal point.
  const shown = (v: string | null | undefined) => {
    const f = formatDecimal(v ?? '', lang, maxDecimals);
    return lang === 'en' ? f.replace(/,/g, '') : f;
  };
  const [text, setText] = useState(() => shown(value));
  const [refused, setRefused] = useState<string | null>(null);
  const focused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A value set from outside (loaded, reset) shows when the field is not being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-format only when the value or language changes
  useEffect(() => {
    if (!focused.current && plainOf(text) !== (value ?? '')) setText(shown(value));
  }, [value, lang]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refuse = (key: string) => {
    setRefused(t(`screens.number.${key}`));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setRefused(null), 4000);
  };

  const change = (next: string) => {
    if (next.trim().startsWith('-')) return refuse('negative');
    // Both a comma and a dot would re-read what was typed ("75,503." → 75503): one decimal separator only.
    if (!isNumberInProgress(next) || (next.includes(',') && next.includes('.')))
      return refuse('not_a_number');
    const plain = plainOf(next);
    const frac = plain.split('.')[1] ?? '';
    if (frac.length > maxDecimals) return refuse(maxDecimals === 2 ? 'decimals_2' : 'decimals_4');
    setRefused(null);
    setText(next);
    if (plain !== (value ?? '')) onChange(plain);
  };

  return {
    refused,
    input: {
      value: text,
      inputMode: 'decimal' as const,
      autoComplete: 'off',
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => change(e.target.value),
      onFocus: (e: React.FocusEvent<HTMLInputElement>) => {
        focused.current = true;
        onFocus?.(e);
      },
      onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
        focused.current = false;
        setRefused(null);
        setText(shown(plainOf(text)));
        onBlur?.(e);
      },
    },
  };
}

export function DecimalInput({ value, onChange, maxDecimals, onFocus, onBlur, ...rest }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { refused, input } = useDecimalField({ value, onChange, maxDecimals, onFocus, onBlur }, lang, t);
  return (
    <>
      <Tooltip open={!!refused} title={refused} placement="top">
        <Input {...rest} {...input} status={refused ? 'warning' : rest.status} />
      </Tooltip>
      <span role="status" aria-live="polite" style={HIDDEN}>
        {refused ?? ''}
      </span>
    </>
  );
}

type PlainProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string | null | undefined;
  onChange(value: string): void;
  maxDecimals?: number;
  /** Shown red (a validation message is beside the field). */
  invalid?: boolean;
  /** A unit shown inside the field's right end (decorative: the label names the unit). */
  suffix?: string;
  /** The interface language, from the form (one lookup per form, not per field). */
  lang: Language;
  'data-testid'?: string;
};

/**
 * The same field as a plain <input> styled by one stylesheet (`.plain-input`, view.css of the offer form), for
 * forms with hundreds of fields where antd's Input and Tooltip per field cost too much to render. The refusal
 * shows in a small tooltip above the field.
 */
export function PlainDecimalInput({
  value,
  onChange,
  maxDecimals,
  onFocus,
  onBlur,
  invalid,
  className,
  suffix,
  lang,
  ...rest
}: PlainProps) {
  const { refused, input } = useDecimalField({ value, onChange, maxDecimals, onFocus, onBlur }, lang, (k) =>
    i18n.t(k),
  );
  const field = useRef<HTMLInputElement>(null);
  // Above the field, in the page's own layer: a table row's overflow (a virtual table's) would cut it off.
  const at = refused ? field.current?.getBoundingClientRect() : undefined;
  return (
    <span className="plain-decimal">
      <input
        {...rest}
        {...input}
        ref={field}
        aria-invalid={invalid || undefined}
        className={`plain-input${refused ? ' plain-input-warning' : invalid ? ' plain-input-error' : ''}${suffix ? ' plain-input-suffixed' : ''}${className ? ` ${className}` : ''}`}
      />
      {suffix && (
        <span className="plain-suffix" aria-hidden>
          {suffix}
        </span>
      )}
      {refused &&
        at &&
        createPortal(
          <span role="tooltip" className="plain-tip" style={{ left: at.left, top: at.top - 6 }}>
            {refused}
          </span>,
          document.body,
        )}
      <span role="status" aria-live="polite" style={HIDDEN}>
        {refused ?? ''}
      </span>
    </span>
  );
}
