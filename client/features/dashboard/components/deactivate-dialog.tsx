import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { deactivateFormSchema, type DeactivateForm } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogShell } from '#client/components/dialog-shell.tsx';
import { PendingButton } from '#client/components/pending-button.tsx';
import { Form } from '#client/components/ui/form.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import { PasswordField } from '#client/components/text-field.tsx';
import { useDeactivate } from '../api.ts';

/** After deactivation the browser goes to / two seconds later, once the goodbye toast is read. */
const GOODBYE_DELAY_MS = 2000;

/** The danger zone's dialog: the password confirms it; deletion follows in 30 days unless they sign in. */
export function DeactivateDialog() {
  const [open, setOpen] = useState(false);
  const deactivate = useDeactivate();
  const form = useForm<DeactivateForm>({
    resolver: zodResolver(deactivateFormSchema),
    defaultValues: { password: '' },
  });

  const submit = (v: DeactivateForm) =>
    deactivate.mutate(v, {
      onSuccess: (r) => {
        toast({ title: 'Account deactivated', description: r.message });
        // A full load: the session is gone, so nothing cached for this user may survive.
        setTimeout(() => window.location.assign('/'), GOODBYE_DELAY_MS);
      },
      onError: (err) => {
        // One message, in one place: a refused password is the field's error; only a failure that says
        // nothing about the password (server trouble, offline, rate limit) gets the spec's toast.
        if (err instanceof ApiError && err.status < 500 && err.status !== 429) {
          form.setError('password', { message: err.message });
          return;
        }
        toast({
          title: 'Deactivation Failed',
          description: 'Failed to deactivate account. Please try again.',
          variant: 'destructive',
        });
      },
    });

  return (
    <Form {...form}>
      <DialogShell
        open={open}
        onOpenChange={(o) => {
          if (deactivate.isSuccess) return;
          setOpen(o);
          if (!o) form.reset();
        }}
        trigger={<Button variant="destructive">Deactivate Account</Button>}
        form={{ onSubmit: (e) => void form.handleSubmit(submit)(e), noValidate: true }}
        title="Deactivate Account"
        description="Your account is deactivated now and any subscription is canceled. It is permanently deleted in 30 days unless you sign in again before then. Enter your password to confirm."
        footer={
          <>
            <Button
              type="button"
              variant="outline"
              onClick={() => setOpen(false)}
              disabled={deactivate.isSuccess}
            >
              Cancel
            </Button>
            <PendingButton
              type="submit"
              variant="destructive"
              disabled={deactivate.isPending || deactivate.isSuccess}
              pending={deactivate.isPending}
            >
              Deactivate Account
            </PendingButton>
          </>
        }
      >
        <PasswordField control={form.control} name="password" autoFocus />
      </DialogShell>
    </Form>
  );
}
