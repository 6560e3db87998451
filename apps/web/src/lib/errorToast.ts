// The toast a failed server call shows (used by the query client for every failed query and mutation, and by
// screens that handle a call's failure themselves).
import { errorText } from '../i18n/index.ts';
import { ApiError } from './api.ts';
import { toast } from './toast.ts';

/** The message a failed call shows as a toast; none for 401 (the session is cleared and the user sent to /). */
export function errorToast(err: unknown) {
  if (err instanceof ApiError) {
    if (err.status === 401) return;
    if (err.status === 400) {
      const first = Object.values(err.fieldErrors)[0];
      // "In use" names every place it is used: one sentence of all the keys.
      if (Array.isArray(first) && first[0] === 'in_use') {
        toast.error(first.map((k) => errorText(String(k))).join(' '));
        return;
      }
      toast.error(errorText(String((Array.isArray(first) ? first[0] : first) ?? 'invalid')));
      return;
    }
    toast.error(
      errorText(
        err.detail ??
          (err.status >= 500 ? 'server_error' : err.status === 404 ? 'not_found' : 'server_error'),
      ),
    );
    return;
  }
  if ((err as Error)?.name === 'AbortError') return;
  toast.error(errorText('server_error'));
}
