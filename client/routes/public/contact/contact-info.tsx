import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { ArrowRight, Clock, LifeBuoy, Mail, Phone } from 'lucide-react';
import { IconTile } from '#client/components/icon-tile.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { SupportEmail } from '#client/components/support-email.tsx';
import { useSiteConfig } from '#client/lib/site.ts';

function InfoCard({ icon, title, children }: { icon: LucideIcon; title: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex gap-4 p-5">
        <IconTile icon={icon} />
        <div className="min-w-0 text-sm">
          <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">{title}</h2>
          <div className="mt-1 space-y-1 leading-relaxed text-muted-foreground">{children}</div>
        </div>
      </CardContent>
    </Card>
  );
}

const linkClass = 'font-medium text-primary underline-offset-2 hover:underline';

/**
 * Phone support for Pro and Premium. The number is shown only to those subscribers (the server sends it to
 * them only); with no SUPPORT_PHONE configured the card promises what we do instead: their e-mail first.
 */
function PhoneCard() {
  const config = useSiteConfig();
  if (!config) return null;
  const badge = <Badge variant="accent">Pro &amp; Premium</Badge>;
  // Both cards without a number send the visitor to the plans that include phone support.
  const comparePlans = (
    <p>
      <Link href="/pricing" className={linkClass}>
        Compare plans
      </Link>
    </p>
  );
  if (!config.phoneSupport) {
    return (
      <InfoCard icon={Mail} title={<>Priority Support {badge}</>}>
        <p>Pro and Premium subscribers&apos; messages are answered first.</p>
        {comparePlans}
      </InfoCard>
    );
  }
  return (
    <InfoCard icon={Phone} title={<>Phone Support {badge}</>}>
      {config.supportPhone ? (
        <p>
          <a
            href={`tel:${config.supportPhone.replace(/[^+\d]/g, '')}`}
            className={linkClass}
            data-testid="support-phone"
          >
            {config.supportPhone}
          </a>
        </p>
      ) : (
        <p>
          Available for Pro and Premium users; the number shows here when you are signed in on one of those
          plans.
        </p>
      )}
      <p>Mon-Fri 9AM-6PM PST</p>
      {!config.supportPhone && comparePlans}
    </InfoCard>
  );
}

/** The side cards of the contact page. */
export function ContactInfo() {
  return (
    <div className="grid gap-4">
      <InfoCard icon={Mail} title="Email Support">
        <p>
          <SupportEmail className="break-all font-medium text-primary underline-offset-2 hover:underline" />
        </p>
        <p>We reply within 24 hours.</p>
      </InfoCard>
      <PhoneCard />
      <InfoCard icon={Clock} title="Business Hours">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt>Mon-Fri</dt>
          <dd className="font-medium text-foreground">9AM-6PM PST</dd>
          <dt>Sat-Sun</dt>
          <dd className="font-medium text-foreground">10AM-4PM PST</dd>
        </dl>
      </InfoCard>
      <Link
        href="/help"
        className="group flex items-center gap-4 rounded-xl border border-primary/20 bg-gradient-to-br from-primary/5 to-brand-accent/10 p-5 shadow-sm transition-colors hover:border-primary/40"
      >
        <IconTile icon={LifeBuoy} className="bg-primary text-primary-foreground" />
        <span className="flex-1 text-sm">
          <span className="block text-base font-semibold">Visit the Help Center</span>
          <span className="text-muted-foreground">Guides, photo tips and answers to common questions.</span>
        </span>
        <ArrowRight
          className="size-4 text-primary transition-transform group-hover:translate-x-0.5"
          aria-hidden
        />
      </Link>
    </div>
  );
}
