import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldAlert } from 'lucide-react';
import { profileFormSchema, type ProfileForm } from '#shared/schemas/auth.ts';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { SubmitForm } from '#client/components/submit-form.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { LabelledField } from '#client/components/labelled-field.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { SupportEmail } from '#client/components/support-email.tsx';
import { ChangePasswordCard } from '#client/features/auth/components/change-password-card.tsx';
import { SignOutButton } from '#client/features/auth/components/sign-out-button.tsx';
import { NameFields } from '#client/features/auth/components/account-fields.tsx';
import { useUpdateProfile } from '#client/features/dashboard/api.ts';
import { DeactivateDialog } from '#client/features/dashboard/components/deactivate-dialog.tsx';

function ProfileCard({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const submit = (v: ProfileForm) =>
    update.mutate(v, {
      onSuccess: (r) => {
        form.reset({ firstName: r.user.firstName ?? '', lastName: r.user.lastName ?? '' });
        toast({ title: 'Profile updated', description: 'Your name was saved.' });
      },
      onError: () =>
        toast({
          title: 'Update Failed',
          description: 'Failed to update profile. Please try again.',
          variant: 'destructive',
        }),
    });
  return (
    <TitledCard title="Profile" description="How your name appears on your account.">
      <SubmitForm form={form} onSubmit={submit} pending={update.isPending} submitLabel="Save Changes">
        <NameFields control={form.control} />
        <LabelledField id="profile-email" label="Email">
          <Input
            id="profile-email"
            value={user.email}
            readOnly
            aria-describedby="profile-email-note"
            className="bg-muted"
          />
          <p id="profile-email-note" className="text-xs text-muted-foreground" data-testid="email-note">
            You sign in with this address and receipts are sent to it. To change it, write to{' '}
            <SupportEmail className="font-medium text-primary underline-offset-4 hover:underline" />.
          </p>
        </LabelledField>
      </SubmitForm>
    </TitledCard>
  );
}

export function SettingsTab({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
      <div className="grid content-start gap-6">
        <ProfileCard user={user} />
        <ChangePasswordCard />
      </div>
      <div className="grid content-start gap-6">
        <TitledCard title="Session" description="Sign out of Roomstage on this device.">
          <SignOutButton />
        </TitledCard>
        <TitledCard
          className="border-destructive/40"
          title="Danger Zone"
          titleClassName="text-destructive"
          icon={<ShieldAlert className="size-5" aria-hidden />}
          description="Deactivating cancels your subscription and schedules your account for deletion in 30 days. Signing in within 30 days reactivates it."
        >
          <DeactivateDialog />
        </TitledCard>
      </div>
    </div>
  );
}
