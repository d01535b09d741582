import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { FileText } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';

/** Both documents were last revised together. */
export const LEGAL_LAST_UPDATED = 'January 1, 2025';

export interface LegalSection {
  /** Anchor id, e.g. "information-we-collect". */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalPageProps {
  title: string;
  metaDescription: string;
  /** e.g. "January 1, 2025". */
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  /** Links at the foot of the document. */
  links: readonly { href: string; label: string }[];
}

/** The shared layout of the privacy policy and the terms: numbered sections with a table of contents. */
export function LegalPage({ title, metaDescription, lastUpdated, intro, sections, links }: LegalPageProps) {
  usePageMeta(title, metaDescription);
  return (
    <div className="bg-gradient-to-b from-secondary/60 to-background to-[28rem]">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <header className="max-w-3xl">
          <p className="mb-3 inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.14em] text-primary/80">
            <FileText className="size-4" aria-hidden /> Legal
          </p>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-3 text-sm text-muted-foreground">Last updated {lastUpdated}</p>
          <div className="mt-6 text-base leading-relaxed text-muted-foreground">{intro}</div>
        </header>

        <div className="mt-10 grid gap-8 lg:grid-cols-[15rem_1fr] lg:gap-12">
          <nav aria-label="On this page" className="hidden lg:block">
            <div className="sticky top-24">
              <p className="mb-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                On this page
              </p>
              <ol className="space-y-1 border-l text-sm">
                {sections.map((s, i) => (
                  <li key={s.id}>
                    <a
                      href={`#${s.id}`}
                      className="-ml-px block border-l border-transparent py-1 pl-4 text-muted-foreground transition-colors hover:border-primary hover:text-foreground"
                    >
                      {i + 1}. {s.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>

          <Card>
            <CardContent className="p-5 sm:p-10">
              <ol className="space-y-10">
                {sections.map((s, i) => (
                  <li key={s.id} id={s.id} className="scroll-mt-24">
                    <h2 className="flex gap-3 text-xl font-semibold tracking-tight">
                      <span className="text-primary tabular-nums">{i + 1}.</span>
                      {s.title}
                    </h2>
                    <div className="mt-3 space-y-3 text-[15px] leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_strong]:font-semibold [&_strong]:text-foreground">
                      {s.body}
                    </div>
                  </li>
                ))}
              </ol>

              <div className="mt-12 flex flex-col gap-3 border-t pt-8 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-muted-foreground">
                  Questions about this document? We are happy to help.
                </p>
                <div className="flex flex-col gap-2 sm:flex-row">
                  {links.map((l, i) => (
                    <Button key={l.href} asChild variant={i === links.length - 1 ? 'default' : 'outline'}>
                      <Link href={l.href}>{l.label}</Link>
                    </Button>
                  ))}
                </div>
              </div>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** A bulleted list in legal copy. */
export function LegalList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-primary/60">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
