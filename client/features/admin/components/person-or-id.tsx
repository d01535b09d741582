import { shortId } from '../format.ts';

/** A person by e-mail with the spec's 8-character id under it; just the id when there is no user (N/A, a resource). */
export function PersonOrId({
  email,
  id,
}: {
  email: string | null | undefined;
  id: string | null | undefined;
}) {
  if (!email) return <span className="font-mono text-muted-foreground">{shortId(id)}</span>;
  return (
    <span className="grid">
      <span className="break-all font-medium">{email}</span>
      <span className="font-mono text-[11px] text-muted-foreground">{shortId(id)}</span>
    </span>
  );
}
