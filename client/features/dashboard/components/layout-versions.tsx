import type { LayoutVersion } from '#shared/schemas/layout.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';

/**
 * The versions of an arranged staging (decision 0180): version 1 is the staging itself, each later
 * one a saved arrangement. Downloads and the comparison take the latest; the list says which that is.
 * Nothing is shown for a staging never re-arranged.
 */
export function LayoutVersions({
  versions,
  className,
}: {
  versions: readonly LayoutVersion[] | undefined;
  className?: string;
}) {
  if (!versions || versions.length < 2) return null;
  const latest = versions[versions.length - 1]!;
  return (
    <details data-testid="layout-versions" className={cn('text-xs', className)}>
      <summary className="cursor-pointer text-muted-foreground">
        {versions.length} versions, showing version {latest.version}
      </summary>
      <ol className="mt-1 space-y-0.5" aria-label="Versions">
        {versions.map((v) => (
          <li key={v.version} data-testid="layout-version">
            <span className="font-medium">Version {v.version}</span>
            {v.version === 1 ? ' (staging)' : ' (arranged)'}:{' '}
            <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}
