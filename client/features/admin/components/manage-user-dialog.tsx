import { useState } from 'react';
import { Loader2, Plus } from 'lucide-react';
import { MAX_CREDIT_GRANT, type AdminUser } from '#shared/schemas/admin.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { useChangeRole, useChangeStatus, useGrantCredits } from '../api/mutations.ts';
import { fullName, parseGrant } from '../format.ts';

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
    <Dialog open={user !== null} onOpenChange={close}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Manage User</DialogTitle>
          <DialogDescription>
            {user ? `${fullName(user)} · ${user.email || 'No email'}` : ''}
          </DialogDescription>
        </DialogHeader>
        {user && (
          <div className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor="manage-role">Role</Label>
              <Select
                value={user.role}
                onValueChange={(v) => role.mutate({ userId: user.id, role: v as AdminUser['role'] })}
                disabled={role.isPending}
              >
                <SelectTrigger id="manage-role" aria-label="Role">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="user">User</SelectItem>
                  <SelectItem value="admin">Admin</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="manage-status">Status</Label>
              <Select
                value={user.isActive ? 'active' : 'inactive'}
                onValueChange={(v) => status.mutate({ userId: user.id, isActive: v === 'active' })}
                disabled={status.isPending}
              >
                <SelectTrigger id="manage-status" aria-label="Status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="active">Active</SelectItem>
                  <SelectItem value="inactive">Inactive</SelectItem>
                </SelectContent>
              </Select>
            </div>
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
                <Button type="submit" disabled={amount === null || grant.isPending}>
                  {grant.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}{' '}
                  Grant
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">
                Current balance:{' '}
                <span className="font-medium tabular-nums text-foreground">{user.creditsBalance}</span>{' '}
                credits · {user.monthlyUsage} used this month
              </p>
            </form>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
