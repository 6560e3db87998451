// The session: token in localStorage, the signed-in user from /profile/, login and logout.
import type { Profile, SignedInUser } from '@portal/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { api, getOnce, session, setUnauthorizedHandler } from './api.ts';
import { returnRoute, sessionExpired } from './session.ts';
import { runSessionEndTasks } from './sessionEnd.ts';
import { allowLeaving } from './unsaved.ts';

export { returnRoute, sessionExpired } from './session.ts';

export type { Profile };
/** The signed-in user as the server answers him (GET /profile/, the login). */
export type SessionUser = SignedInUser;
export type Group = SignedInUser['group'];

interface AuthValue {
  user: SessionUser | null;
  profile: Profile | null;
  loading: boolean;
  isSupplier: boolean;
  isBuyer: boolean;
  /** True when the user's group is one of these. */
  hasGroup(...groups: Group[]): boolean;
  login(token: string): Promise<void>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const hasToken = !!session.token;
  const profileQuery = useQuery({
    queryKey: ['profile'],
    enabled: hasToken,
    retry: false,
    staleTime: 5 * 60_000,
    // The request the entry started on a deep link to a tender view when there is one (main.tsx), else a new one.
    queryFn: () => getOnce<{ results: Profile[] }>('/profile/').then((r) => r.data.results[0]),
  });

  const clear = useCallback(() => {
    session.clear();
    localStorage.removeItem('role');
    localStorage.removeItem('supplier_id');
    qc.clear();
  }, [qc]);

  // An expired session: the login screen opens on the same page saying so, and after logging in the user is
  // back where they were (forms keep what was typed in the browser; nothing asks before this reload).
  useEffect(() => {
    setUnauthorizedHandler(() => {
      returnRoute.remember(window.location.pathname + window.location.search);
      sessionExpired.mark();
      allowLeaving();
      clear();
      window.location.reload();
    });
  }, [clear]);

  useEffect(() => {
    if (profileQuery.isError) returnRoute.clear();
  }, [profileQuery.isError]);

  const profile = profileQuery.data ?? null;
  const user = profile?.user ?? null;
  useEffect(() => {
    if (!user) return;
    localStorage.setItem('role', user.role);
    if (user.supplier) localStorage.setItem('supplier_id', String(user.supplier));
    if (!localStorage.getItem('division') && user.supplier_group)
      localStorage.setItem('division', String(user.supplier_group));
  }, [user]);

  const value = useMemo<AuthValue>(
    () => ({
      user,
      profile,
      loading: hasToken && profileQuery.isLoading,
      isSupplier: user?.group === 'SUPPLIER',
      isBuyer: !!user && user.group !== 'SUPPLIER',
      hasGroup: (...groups) => !!user && groups.includes(user.group),
      async login(token) {
        sessionExpired.clear();
        session.set(token);
        localStorage.setItem('first_select', 'false');
        await qc.resetQueries({ queryKey: ['profile'] });
        await profileQuery.refetch();
      },
      async logout() {
        // What is still only in the browser (an offer draft) is saved while the session still works.
        await runSessionEndTasks();
        try {
          await api('POST', '/logout/');
        } catch {
          // the session is cleared either way
        }
        clear();
        window.location.assign('/');
      },
    }),
    [user, profile, hasToken, profileQuery, qc, clear],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const v = useContext(AuthContext);
  if (!v) throw new Error('useAuth outside AuthProvider');
  return v;
}
