import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, ShieldAlert } from 'lucide-react';
import { profileFormSchema, type ProfileForm } from '#shared/schemas/auth.ts';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Form } from '#client/components/ui/form.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { SupportEmail } from '#client/components/support-email.tsx';
import { ChangePasswordCard } from '#client/features/auth/components/change-password-card.tsx';
import { SignOutButton } from '#client/features/auth/components/sign-out-button.tsx';
import { TextField } from '#client/components/text-field.tsx';
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
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How your name appears on your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} className="grid gap-4" noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="firstName"
                label="First Name"
                autoComplete="given-name"
              />
              <TextField
                control={form.control}
                name="lastName"
                label="Last Name"
                autoComplete="family-name"
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-email">Email</Label>
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
            </div>
            <div>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending && <Loader2 className="animate-spin" aria-hidden />} Save Changes
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
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
        <Card>
          <CardHeader>
            <CardTitle>Session</CardTitle>
            <CardDescription>Sign out of Roomstage on this device.</CardDescription>
          </CardHeader>
          <CardContent>
            <SignOutButton />
          </CardContent>
        </Card>
        <Card className="border-destructive/40">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-destructive">
              <ShieldAlert className="size-5" aria-hidden /> Danger Zone
            </CardTitle>
            <CardDescription>
              Deactivating cancels your subscription and schedules your account for deletion in 30 days.
              Signing in within 30 days reactivates it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <DeactivateDialog />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
