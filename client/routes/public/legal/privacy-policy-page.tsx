import { LINK_KEEPS_ORIGINALS } from '#shared/constants/disclosure.ts';
import { Link } from 'wouter';
import { SupportEmail } from '#client/components/support-email.tsx';
import { LEGAL_LAST_UPDATED, LegalList, LegalPage, type LegalSection } from './legal-page.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to run Roomstage:</p>
        <LegalList
          items={[
            <>
              <strong>Account information:</strong> your first and last name, business email address, a
              securely hashed password, your plan, usage counts and credit balance.
            </>,
            <>
              <strong>Photos and results:</strong> the room photos you upload, the staged images we create
              from them, and any titles or notes you add.
            </>,
            <>
              <strong>Payment information:</strong> payments are handled by our payment processor, Stripe.
              Your card details go directly to Stripe; we never see or store full card numbers. We keep a
              record of each payment (amount, currency, status and a Stripe reference).
            </>,
            <>
              <strong>Usage and device data:</strong> server logs with your IP address, browser type, pages
              requested, timestamps and errors, used to operate and secure the service.
            </>,
            <>
              <strong>Messages:</strong> what you send us through the contact form or by email.
            </>,
          ]}
        />
        <p>
          We use a single session cookie to keep you signed in. We do not use advertising or cross-site
          tracking cookies.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    body: (
      <LegalList
        items={[
          'To create and manage your account, and to verify your email address.',
          'To process your photos and deliver staged images to you.',
          'To process payments, manage subscriptions and credits, and keep accounting records.',
          'To send service emails such as verification links, password resets and receipts.',
          'To answer support requests and messages you send us.',
          'To keep the service secure, prevent abuse and enforce our Terms of Service.',
          'To understand, in aggregate, how the service is used so we can improve it.',
        ]}
      />
    ),
  },
  {
    id: 'how-we-share-information',
    title: 'How We Share Information',
    body: (
      <>
        <p>
          We do not sell your personal information or your photos. We share data only with providers that help
          us run the service, under contracts that limit their use of it:
        </p>
        <LegalList
          items={[
            <>
              <strong>Stripe</strong> processes payments and subscriptions as our payment processor.
            </>,
            <>
              <strong>AI processing:</strong> by default, staging runs on our own servers. When the generative
              engine is enabled for a request, the photo and your chosen style and room type are sent to{' '}
              <strong>Google&apos;s Gemini API</strong> to produce the staged image, under Google&apos;s API
              terms.
            </>,
            <>
              <strong>Infrastructure providers</strong> that host our servers, database and image storage, and
              deliver our emails.
            </>,
          ]}
        />
        <p>
          We may also disclose information if required by law, to protect the rights and safety of our users
          or the public, or as part of a merger or sale of the business, in which case this policy continues
          to apply.
        </p>
      </>
    ),
  },
  {
    id: 'data-retention',
    title: 'Data Retention',
    body: (
      <LegalList
        items={[
          'Uploaded photos and staged images are kept for about six months so you can download them again, and are then deleted automatically. You can delete any transformation sooner from your dashboard.',
          `If you turn on a public original page for a photo or a listing, anyone with its link can see those photos. ${LINK_KEEPS_ORIGINALS} Revoking the page ends this.`,
          'Account information is kept while your account is active.',
          'When you deactivate your account, it enters a 30-day grace period. Signing in during those 30 days reactivates it; after that, your account and images are permanently deleted.',
          'Payment records are kept for as long as tax and accounting law requires. Server logs are kept for a limited period for security.',
        ]}
      />
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete your
          personal information, and to object to or restrict how we use it. You can:
        </p>
        <LegalList
          items={[
            <>
              update your name in the settings of your <Link href="/dashboard">dashboard</Link>;
            </>,
            'delete individual transformations at any time;',
            'deactivate your account from the settings tab;',
            <>
              ask us to delete your data or send you a copy by writing to <SupportEmail />. We will honor
              deletion requests and answer within 30 days.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'data-security',
    title: 'Data Security',
    body: (
      <p>
        We protect your data with encrypted connections (HTTPS), strongly hashed passwords, access controls
        that serve your images only to you, and regular review of our systems. No method of transmission or
        storage is perfectly secure, but we work hard to protect your information and will notify you of any
        breach as the law requires.
      </p>
    ),
  },
  {
    id: 'childrens-privacy',
    title: 'Children Under 13',
    body: (
      <p>
        Roomstage is a professional tool and is not directed to children. We do not knowingly collect personal
        information from children under 13. If you believe a child has given us personal information, contact
        us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy from time to time. We will change the &quot;Last updated&quot; date above
        and, for material changes, notify you by email or in the app before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions or requests about your privacy? Email <SupportEmail /> or use our{' '}
        <Link href="/contact">contact form</Link>.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      metaDescription="How Roomstage collects, uses, shares and protects your account data, photos and payment information."
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          This policy explains what information Roomstage collects when you use our virtual staging service,
          how we use it, and the choices you have.
        </p>
      }
      sections={SECTIONS}
      links={[
        { href: '/contact', label: 'Contact Us' },
        { href: '/dashboard', label: 'Go to Dashboard' },
      ]}
    />
  );
}
