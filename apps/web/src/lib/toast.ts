// Toasts at the bottom right for 3 seconds (spec: shared pieces, error catalogue). The antd notification
// instance is bound once by app/providers.tsx; anything (query client, forms) can call toast.* afterwards.
import { TOAST_SECONDS } from '@portal/shared';

export interface ToastApi {
  success(args: {
    title: string;
    placement: 'bottomRight';
    duration: number;
    role: 'status' | 'alert';
  }): void;
  error(args: { title: string; placement: 'bottomRight'; duration: number; role: 'status' | 'alert' }): void;
}

let bound: ToastApi | null = null;
/** Called by the providers with antd's notification instance. */
export function bindToasts(api: ToastApi | null) {
  bound = api;
}

const show = (kind: 'success' | 'error', message: string) =>
  bound?.[kind]({
    title: message,
    placement: 'bottomRight',
    duration: TOAST_SECONDS,
    role: kind === 'error' ? 'alert' : 'status',
  });

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
