import { Info } from 'lucide-react';

/** The engine's non-blocking remark on a suitable photo (e.g. "Low resolution: …"), shown before Transform. */
export function EngineNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <p
      data-testid="engine-note"
      className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{note}</span>
    </p>
  );
}
