import { MessageSquare } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { PageHero } from '#client/features/marketing/page-hero.tsx';
import { ContactForm } from './contact-form.tsx';
import { ContactInfo } from './contact-info.tsx';

export default function ContactPage() {
  usePageMeta(
    'Contact Us',
    'Questions about Roomstage virtual staging, billing or your account? Send us a message; we reply within 24 hours.',
  );
  return (
    <>
      <PageHero
        size="sm"
        eyebrow={
          <>
            <MessageSquare className="size-4 text-brand-accent" aria-hidden /> We&apos;re here to help
          </>
        }
        title="Contact Us"
        description="Questions about staging, billing or your account? Send us a message and our team will get back to you within 24 hours."
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_22rem] lg:px-8">
        <Card className="lg:self-start">
          <CardHeader>
            <h2 className="text-xl font-semibold leading-tight tracking-tight">Send Us a Message</h2>
            <CardDescription>Fill in the form and we&apos;ll reply by email.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        <ContactInfo />
      </div>
    </>
  );
}
