import { useState } from 'react';
import { Plus } from 'lucide-react';
import { MAX_CREDIT_GRANT, type AdminUser } from '#shared/schemas/admin.ts';
import { DialogShell } from '#client/components/dialog-shell.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { OptionSelect, type SelectOption } from '#client/components/option-select.tsx';
import { PendingButton } from '#client/components/pending-button.tsx';
import { useChangeRole, useChangeStatus, useGrantCredits } from '../api/mutations.ts';
import { fullName, parseGrant } from '../format.ts';

const ROLE_OPTIONS: readonly SelectOption<AdminUser['role']>[] = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];
const STATUS_OPTIONS: readonly SelectOption<'active' | 'inactive'>[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export function ManageUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const role = useChangeRole();
  const status = useChangeStatus();
  const grant = useGrantCredits();
  const [credits, setCredits] = useState('');
  const amount = parseGrant(credits);

  const close = (open: boolean) => {
    if (open) return;
    setCredits('');
    onClose();
  };

  return (
    <DialogShell
      open={user !== null}
      onOpenChange={close}
      content={{ className: 'max-w-md' }}
      title="Manage User"
      description={user ? `${fullName(user)} · ${user.email || 'No email'}` : ''}
    >
      {user && (
        <div className="grid gap-5">
          <OptionSelect
            id="manage-role"
            label="Role"
            ariaLabel="Role"
            options={ROLE_OPTIONS}
            value={user.role}
            onValueChange={(v) => role.mutate({ userId: user.id, role: v })}
            disabled={role.isPending}
          />
          <OptionSelect
            id="manage-status"
            label="Status"
            ariaLabel="Status"
            options={STATUS_OPTIONS}
            value={user.isActive ? 'active' : 'inactive'}
            onValueChange={(v) => status.mutate({ userId: user.id, isActive: v === 'active' })}
            disabled={status.isPending}
          />
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (amount === null) return;
              grant.mutate({ userId: user.id, credits: amount }, { onSuccess: () => setCredits('') });
            }}
          >
            <Label htmlFor="manage-credits">Grant Credits</Label>
            <div className="flex gap-2">
              <Input
                id="manage-credits"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_CREDIT_GRANT}
                step={1}
                placeholder="Number of credits"
                value={credits}
                onChange={(e) => setCredits(e.target.value)}
              />
              <PendingButton
                type="submit"
                disabled={amount === null || grant.isPending}
                pending={grant.isPending}
                icon={<Plus aria-hidden />}
              >
                Grant
              </PendingButton>
            </div>
            <p className="text-xs text-muted-foreground">
              Current balance:{' '}
              <span className="font-medium tabular-nums text-foreground">{user.creditsBalance}</span> credits
              · {user.monthlyUsage} used this month
            </p>
          </form>
        </div>
      )}
    </DialogShell>
  );
}
