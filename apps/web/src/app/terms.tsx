// Terms consent (spec 2 §4, spec 3 §4): the session check (POST /expire/ with the token) may answer
// request_terms; then a blocking terms modal asks for consent, recorded by POST /terms-of-use-consent/.
import type { TokenCheck } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TermsModal } from '../components/TermsOfUse.tsx';
import { api, session } from '../lib/api.ts';
import { useOpenedOnce } from '../lib/stagedMount.ts';
import { toast } from '../lib/toast.ts';

export function TermsGate() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const token = session.token;
  const key = ['session-check', token];
  const check = useQuery({
    queryKey: key,
    enabled: !!token,
    staleTime: Infinity,
    retry: false,
    queryFn: () => api<TokenCheck>('POST', '/expire/', { body: { token } }),
  });
  const accept = useMutation({
    mutationFn: () => api('POST', '/terms-of-use-consent/'),
    onSuccess: () => qc.setQueryData(key, { valid: true, request_terms: false }),
    onError: () => toast.error(t('terms.consent_failed')),
    meta: { silent: true },
  });
  // The dialog is rendered once the check asks for consent (and stays for its closing animation), not on every page.
  const open = !!check.data?.request_terms;
  if (!useOpenedOnce(open)) return null;
  return <TermsModal open={open} onAccept={() => accept.mutate()} accepting={accept.isPending} />;
}
