// The page shown in place of a screen the reader may not use: a load the server refused (403 says "forbidden",
// anything else, such as a company or tender the reader may not see, "not found"), or `forbidden` when the
// screen's own data says the reader may not act here. Each in the reader's language, as the page's one h1.
import { Result } from 'antd';
import { errorText } from '../i18n/index.ts';
import { ApiError } from '../lib/api.ts';
import { PageTitle } from './PageTitle.tsx';

/** The message key of a failed load: the server's own reason, else "not found". */
export const loadErrorKey = (error: unknown) =>
  error instanceof ApiError ? (error.detail ?? 'not_found') : 'not_found';

export function LoadErrorResult({ error, forbidden }: { error?: unknown; forbidden?: boolean }) {
  const refused = forbidden || (error instanceof ApiError && error.status === 403);
  const key = forbidden ? 'forbidden' : loadErrorKey(error);
  return <Result status={refused ? '403' : '404'} title={<PageTitle>{errorText(key)}</PageTitle>} />;
}
