// Registration, recovery and reset calls (spec 2 §7); the payload types come from the shared schemas.
import type {
  ForgotPasswordAnswer,
  PublicGroup,
  RegistrationBody,
  RegistrationChecked,
  RegistrationDone,
  RegistrationStep1,
  ResetPasswordAnswer,
} from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type { PublicGroup };

/** The active groups a registering company can choose (no login needed). */
export function useRegistrationGroups() {
  return useQuery({
    queryKey: ['register', 'groups'],
    queryFn: ({ signal }) => api<PublicGroup[]>('GET', '/register/groups/', { signal }),
    staleTime: 5 * 60_000,
  });
}

export const checkCompany = (body: RegistrationStep1) =>
  api<RegistrationChecked>('POST', '/register/', { query: { step: 1 }, body });

export const registerSupplier = (body: RegistrationBody) =>
  api<RegistrationDone>('POST', '/register/', { body });

export const forgotPassword = (email: string) =>
  api<ForgotPasswordAnswer>('POST', '/forgot_password/', { body: { email } });

export const resetPassword = (body: { key: string; password1: string; password2: string }) =>
  api<ResetPasswordAnswer>('POST', '/reset_password/', { body });
