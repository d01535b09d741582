import { usePageMeta } from '#client/hooks/use-page-meta.ts';

/** Interim screen for routes whose own issue has not landed yet: the title and nothing pretending more. */
export function TitleOnlyPage({ title, description }: { title: string; description: string }) {
  usePageMeta(title, description);
  return (
    <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
    </section>
  );
}
