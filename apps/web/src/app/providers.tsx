// Everything around the app: the query client (its error handler shows toasts), antd's theme and locale
// for the chosen language, the toast binding, and the session.

import { LoadingOutlined } from '@ant-design/icons';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, notification } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { antLocale } from '../i18n/index.ts';
import { ApiError } from '../lib/api.ts';
import { AuthProvider } from '../lib/auth.tsx';
import { errorToast } from '../lib/errorToast.ts';
import { bindToasts } from '../lib/toast.ts';

export function createQueryClient() {
  return new QueryClient({
    // meta.pageShows: answers (e.g. [404]) the screen itself shows in its place, so no toast repeats them.
    queryCache: new QueryCache({
      onError: (err, query) => {
        const shown = query.meta?.pageShows as number[] | undefined;
        if (err instanceof ApiError && shown?.includes(err.status)) return;
        errorToast(err);
      },
    }),
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

export const queryClient = createQueryClient();

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
        locale={antLocale}
        theme={{
          zeroRuntime: true,
          token: {
            // Colours with at least 4.5:1 contrast on white and on the page's #f5f5f5 (WCAG 2.1 AA): links, secondary
            // and placeholder text are darker than antd's defaults.
            colorPrimary: '#0b5cab',
            colorLink: '#0b5cab',
            colorInfo: '#0b5cab',
            colorError: '#c4161c',
            colorWarning: '#8a5300',
            colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
            colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
            colorTextDescription: 'rgba(0, 0, 0, 0.62)',
            colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
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
        // A busy button shows the spinner without antd's width animation: that animation's end event can be missed
        // when a save answers within a frame, which left a hidden "loading" icon in the button (its accessible name
        // stayed "loading Save" after the save). The icon is decorative; the button's name stays its label.
        button={{ loadingIcon: <LoadingOutlined aria-hidden /> }}
      >
        <AntApp>
          <ToastBinding />
          <AuthProvider>{children}</AuthProvider>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
