import { Link } from 'wouter';
import { Brand } from './brand.tsx';

const PRODUCT = [
  { href: '/features', label: 'Features' },
  { href: '/examples', label: 'Examples' },
  { href: '/pricing', label: 'Pricing' },
];
const SUPPORT = [
  { href: '/help', label: 'Help Center' },
  { href: '/contact', label: 'Contact Us' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-of-service', label: 'Terms of Service' },
];

function Column({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className="text-sm text-muted-foreground hover:text-foreground">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  return (
    <footer className="border-t bg-secondary/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Brand />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-muted-foreground">
            Roomstage helps real estate agents sell faster and raise listing values by turning photos of empty
            rooms into beautifully furnished spaces in seconds.
          </p>
        </div>
        <Column title="Product" links={PRODUCT} />
        <Column title="Support" links={SUPPORT} />
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-muted-foreground sm:px-6 lg:px-8">
          © 2025 Roomstage. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
