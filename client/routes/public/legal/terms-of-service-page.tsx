import { Link } from 'wouter';
import { SupportEmail } from '#client/components/support-email.tsx';
import { LEGAL_LAST_UPDATED, LegalList, LegalPage, type LegalSection } from './legal-page.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using Roomstage, you agree to these Terms of Service and to our{' '}
        <Link href="/privacy-policy">Privacy Policy</Link>. If you use Roomstage for a company, you accept
        these terms on its behalf. If you do not agree, please do not use the service.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'Description of Service',
    body: (
      <p>
        Roomstage is an AI virtual staging service. You upload photos of rooms, choose a design style and room
        type, and receive images with furniture and decor added. We offer a free plan, paid subscriptions and
        pay-as-you-go credits. We may improve, change or discontinue features over time.
      </p>
    ),
  },
  {
    id: 'user-content',
    title: 'User Content',
    body: (
      <>
        <p>
          You keep ownership of the photos you upload. You give us a limited license to store, process and
          display them, and the staged images made from them, only to provide the service to you.
        </p>
        <p>
          You are responsible for your content and confirm that you have the right to upload it and that it
          does not show people or private information without consent.
        </p>
      </>
    ),
  },
  {
    id: 'ai-content',
    title: 'AI-Generated Content',
    body: (
      <>
        <p>
          Staged images are created by artificial intelligence. They are illustrations of how a space could
          look, not a representation of the property&apos;s actual condition, and may contain inaccuracies.
          You must review every image before use and not use staged images to hide defects or mislead buyers.
        </p>
        <p>
          Many MLS systems and jurisdictions require virtual staging to be disclosed. Staged images carry a
          discreet watermark for this purpose; you agree not to remove it and to follow the disclosure rules
          that apply to you. Subject to these terms, you may use the staged images you create for marketing
          your listings.
        </p>
      </>
    ),
  },
  {
    id: 'copyright',
    title: 'Copyright Awareness',
    body: (
      <p>
        Only upload photos you took yourself or are licensed to use and modify. Listing photos are often owned
        by a photographer or another agent. If you believe content on Roomstage infringes your copyright, send
        a notice with the details to <SupportEmail />; we will investigate and remove infringing content.
      </p>
    ),
  },
  {
    id: 'payment',
    title: 'Payment and Subscription',
    body: (
      <LegalList
        items={[
          'Payments are processed by Stripe. Prices are shown in US dollars before any applicable taxes.',
          'Subscriptions renew automatically each month or year until cancelled. You can cancel at any time; your plan stays active until the end of the billing period you have paid for.',
          'Monthly transformation allowances reset each billing month and do not roll over. Purchased credits never expire.',
          'The first transformation of a photo uses 1 credit or allowance; the next 2 regenerations of the same photo are free, and later ones use 1 credit each.',
          'Except where the law requires otherwise, payments are non-refundable. We will give you notice before any price change applies to your subscription.',
        ]}
      />
    ),
  },
  {
    id: 'prohibited',
    title: 'Prohibited Activities',
    body: (
      <>
        <p>You agree not to:</p>
        <LegalList
          items={[
            'upload content that is unlawful, infringing, or that you do not have the right to use;',
            'use staged images to misrepresent a property or deceive buyers or tenants;',
            'remove or obscure the virtual-staging watermark;',
            'attempt to break, overload, scrape or reverse engineer the service, or get around usage limits;',
            'share your account or resell access to the service without our written permission.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        The service is provided &quot;as is&quot; without warranties of any kind, to the extent the law
        allows. Roomstage is not liable for indirect, incidental or consequential damages, lost profits or
        lost sales. Our total liability for any claim relating to the service is limited to the amount you
        paid us in the twelve (12) months before the claim arose.
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications to Terms',
    body: (
      <p>
        We may update these terms. We will change the &quot;Last updated&quot; date and, for material changes,
        notify you by email or in the app before they take effect. Continuing to use Roomstage after that
        means you accept the updated terms.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may stop using Roomstage and deactivate your account at any time from your dashboard settings. A
        deactivated account can be restored by signing in within 30 days; after that it is permanently
        deleted. We may suspend or end accounts that break these terms, with notice where reasonable.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of the State of California, United States, without regard to its
        conflict-of-law rules. Any dispute will be resolved in the state or federal courts located in
        California, unless the law where you live gives you the right to bring it elsewhere.
      </p>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      metaDescription="The terms for using Roomstage virtual staging: your content, AI-generated images, payments, acceptable use and liability."
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          These terms govern your use of Roomstage. Please read them carefully; they explain your rights and
          responsibilities and ours.
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
