// Everything around the app: the query client (its error handler shows toasts), antd's theme and locale
// for the chosen language, the toast binding, and the session.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, notification } from 'antd';
import enUS from 'antd/locale/en_US';
import etEE from 'antd/locale/et_EE';
import ruRU from 'antd/locale/ru_RU';
import { type ReactNode, useEffect } from 'react';
import { errorText, storedLanguage } from '../i18n/index.ts';
import { ApiError } from '../lib/api.ts';
import { bindToasts, toast } from '../lib/toast.ts';
import { AuthProvider } from './auth.tsx';

const antLocales = { et: etEE, ru: ruRU, en: enUS };

/** The message a failed call shows as a toast; none for 401 (the session is cleared and the user sent to /). */
export function errorToast(err: unknown) {
  if (err instanceof ApiError) {
    if (err.status === 401) return;
    if (err.status === 400) {
      const first = Object.values(err.fieldErrors)[0];
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

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: errorToast }),
    // A mutation with meta.form shows its 400 answer on the form's fields; other failures still toast.
    // meta.silent: the mutation shows its own message.
    mutationCache: new MutationCache({
      onError: (err, _v, _c, mutation) => {
        if (mutation.meta?.silent) return;
        if (mutation.meta?.form && err instanceof ApiError && err.status === 400) return;
        errorToast(err);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

const queryClient = createQueryClient();

function ToastBinding() {
  const [api, holder] = notification.useNotification({
    placement: 'bottomRight',
    duration: 3,
    stack: { threshold: 4 },
  });
  useEffect(() => {
    bindToasts(api);
    return () => bindToasts(null);
  }, [api]);
  return holder;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={antLocales[storedLanguage()]}
        theme={{
          token: {
            colorPrimary: '#0b5cab',
            borderRadius: 6,
            fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
          },
          components: {
            Layout: { headerBg: '#ffffff', siderBg: '#0f2a44', headerHeight: 56, headerPadding: '0 16px' },
            Menu: {
              darkItemBg: '#0f2a44',
              darkSubMenuItemBg: '#0b2238',
              darkItemSelectedBg: '#0b5cab',
              darkPopupBg: '#0f2a44',
            },
          },
        }}
      >
        <AntApp>
          <ToastBinding />
          <AuthProvider>{children}</AuthProvider>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
