import type { ReactNode } from 'react';
import { Label } from '#client/components/ui/label.tsx';

/**
 * A label over a plain control (one not bound to react-hook-form; those use TextField). The caller gives
 * the control the same `id`, so it keeps every other prop of its own.
 */
export function LabelledField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
