import { Link } from 'wouter';
import { LayoutDashboard, LifeBuoy, Mail } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { ButtonLink } from '#client/components/button-link.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { PageHero } from '#client/features/marketing/page-hero.tsx';
import { SupportEmail } from '#client/components/support-email.tsx';
import { mailto, useSiteConfig } from '#client/lib/site.ts';
import { GettingStarted, TipGuides } from './help-guides.tsx';
import { HelpFaq } from './help-faq.tsx';

const JUMPS = [
  { href: '#getting-started', label: 'Getting Started' },
  { href: '#pro-tips', label: 'Pro Tips' },
  { href: '#dashboard', label: 'Dashboard' },
  { href: '#disclosure', label: 'Disclosure' },
  { href: '#faq', label: 'FAQ' },
] as const;

export default function HelpPage() {
  usePageMeta(
    'Help Center',
    'Guides, photo tips and answers to common questions about Roomstage virtual staging.',
  );
  const config = useSiteConfig();
  return (
    <>
      <PageHero
        size="sm"
        eyebrow={
          <>
            <LifeBuoy className="size-4 text-brand-accent" aria-hidden /> Help Center
          </>
        }
        title="How Can We Help?"
        description="Everything you need to get great results from Roomstage, from your first upload to managing a full portfolio of listings."
      >
        <nav aria-label="Help topics" className="flex flex-wrap justify-center gap-2">
          {JUMPS.map((j) => (
            <a
              key={j.href}
              href={j.href}
              className="rounded-full border bg-background px-4 py-1.5 text-sm font-medium shadow-xs transition-colors hover:border-primary/50 hover:text-primary"
            >
              {j.label}
            </a>
          ))}
        </nav>
      </PageHero>

      <div className="mx-auto grid max-w-5xl gap-16 px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
        <GettingStarted />
        <TipGuides />
        <HelpFaq />

        <Card className="overflow-hidden border-primary/20 bg-gradient-to-br from-primary/5 to-brand-accent/10">
          <CardContent className="flex flex-col items-start gap-6 p-6 sm:p-8 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 className="text-xl font-bold tracking-tight">Still need help?</h2>
              <p className="mt-1 max-w-xl text-sm leading-relaxed text-muted-foreground">
                Our support team replies within one business day. Write to{' '}
                <SupportEmail className="font-medium text-foreground" /> or use the{' '}
                <Link href="/contact" className="font-medium text-primary underline underline-offset-2">
                  contact form
                </Link>
                .
              </p>
            </div>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button asChild>
                <a href={mailto(config?.supportEmail)}>
                  <Mail aria-hidden /> Email Support
                </a>
              </Button>
              <ButtonLink href="/dashboard" variant="outline" icon={LayoutDashboard}>
                Go to Dashboard
              </ButtonLink>
            </div>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
