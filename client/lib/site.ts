import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '#shared/schemas/site-config.ts';
import { useAuth } from '#client/features/auth/use-auth.ts';

/**
 * The support contacts, as the server is configured (SUPPORT_EMAIL, SUPPORT_PHONE). The key carries the
 * viewer, because the phone number is only given to subscribers whose plan includes it.
 */
export function useSiteConfig() {
  const { user } = useAuth();
  const { data } = useQuery<SiteConfig>({
    queryKey: ['/api/config', user?.id ?? 'visitor', user?.subscriptionPlan ?? null],
    queryFn: async () => {
      const res = await fetch('/api/config', { credentials: 'include' });
      if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
      return (await res.json()) as SiteConfig;
    },
  });
  return data ?? null;
}

/** The support address as a mailto link, or an empty string until the configuration has loaded. */
export const mailto = (email: string | undefined | null) => (email ? `mailto:${email}` : '');
