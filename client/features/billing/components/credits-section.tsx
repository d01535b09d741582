import { useEffect } from 'react';
import { Check } from 'lucide-react';
import { SectionHeading } from '#client/components/section-heading.tsx';
import { SupportEmail } from '#client/components/support-email.tsx';
import { usePackages } from '../api.ts';
import { useBuyCredits } from '../use-checkout-actions.ts';
import { CreditPackageCard } from './credit-package-card.tsx';
import { PurchaseNotice } from './purchase-notice.tsx';
import { LoadError, LoadingBlock } from './plans-section.tsx';
import { STYLES } from '#shared/constants/staging.ts';

const PERKS = [
  'Credits never expire',
  'No monthly commitment',
  `${STYLES.length} professional design styles`,
];

/** Pay-as-you-go packs, reachable as /pricing#credits. */
export function CreditsSection() {
  const packages = usePackages();
  const { buy, pendingId } = useBuyCredits();
  const loaded = !!packages.data;
  // The router does not scroll to fragments; do it once the cards exist (e.g. back from Checkout).
  useEffect(() => {
    if (loaded && window.location.hash === '#credits') document.getElementById('credits')?.scrollIntoView();
  }, [loaded]);
  return (
    <div className="space-y-10">
      <SectionHeading
        id="credits-title"
        eyebrow="No subscription needed"
        title="Pay-as-You-Go Credits"
        description="Buy credits once and use them whenever you stage a room. One credit stages one photo."
      />
      <PurchaseNotice kind="credits" />
      <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium">
        {PERKS.map((p) => (
          <li key={p} className="flex items-center gap-1.5">
            <Check className="size-4 text-success" aria-hidden /> {p}
          </li>
        ))}
      </ul>
      {packages.isLoading ? (
        <LoadingBlock label="Loading credit packages" />
      ) : !packages.data ? (
        <LoadError what="credit packages" />
      ) : (
        <div className="mx-auto grid max-w-md gap-8 md:max-w-4xl md:grid-cols-3 md:gap-6">
          {packages.data.map((pkg) => (
            <CreditPackageCard
              key={pkg.id}
              pkg={pkg}
              isPending={pendingId === pkg.id}
              disabled={pendingId !== null}
              onBuy={(p) => buy(p.id)}
            />
          ))}
        </div>
      )}
      <p className="text-center text-sm text-muted-foreground">
        Questions about plans or billing? Contact us at{' '}
        <SupportEmail className="font-medium text-primary underline-offset-4 hover:underline" />
      </p>
    </div>
  );
}
