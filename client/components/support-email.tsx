import { mailto, useSiteConfig } from '#client/lib/site.ts';

/** The configured support address as a mailto link (SUPPORT_EMAIL on the server); empty until loaded. */
export function SupportEmail({ className }: { className?: string }) {
  const config = useSiteConfig();
  if (!config) return <span className={className} aria-busy="true" />;
  return (
    <a href={mailto(config.supportEmail)} className={className} data-testid="support-email">
      {config.supportEmail}
    </a>
  );
}
