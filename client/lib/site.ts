import { useQuery } from '@tanstack/react-query';
import { siteConfigSchema } from '#shared/schemas/site-config.ts';
import { useAuth } from '#client/hooks/use-auth.ts';
import { getParsed } from './api.ts';

/**
 * The support contacts, as the server is configured (SUPPORT_EMAIL, SUPPORT_PHONE). The key carries the
 * viewer, because the phone number is only given to subscribers whose plan includes it.
 */
export function useSiteConfig() {
  const { user } = useAuth();
  const { data } = useQuery({
    queryKey: ['/api/config', user?.id ?? 'visitor', user?.subscriptionPlan ?? null],
    queryFn: getParsed(siteConfigSchema, '/api/config'),
  });
  return data ?? null;
}

/** The support address as a mailto link, or an empty string until the configuration has loaded. */
export const mailto = (email: string | undefined | null) => (email ? `mailto:${email}` : '');
