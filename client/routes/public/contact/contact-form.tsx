import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Loader2, Send } from 'lucide-react';
import { contactSchema, type ContactFormValues, type ContactInput } from '#shared/schemas/contact.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '#client/components/ui/form.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useAuth } from '#client/hooks/use-auth.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import { sendContactMessage } from '#client/features/contact/api.ts';

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

/** The contact form. Name and email come from the signed-in user. */
export function ContactForm() {
  const { user } = useAuth();
  // `values` re-seeds the form once the session arrives; keepDirtyValues leaves anything already typed alone.
  const values = useMemo<ContactFormValues>(
    () => ({
      name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
      email: user?.email ?? '',
      subject: '',
      message: '',
    }),
    [user],
  );
  const form = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(contactSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast({
        title: 'Message sent successfully!',
        description: "We'll get back to you as soon as possible.",
      });
      // reset() also applies resetOptions; override keepDirtyValues or the typed message would survive.
      form.reset(values, { keepDirtyValues: false });
    },
    onError: (err) => {
      toast({
        title: 'Failed to send message',
        description: err instanceof ApiError && err.message ? err.message : FALLBACK_ERROR,
        variant: 'destructive',
      });
    },
  });

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((data) => send.mutate(data))} noValidate className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name</FormLabel>
                <FormControl>
                  <Input autoComplete="name" placeholder="Jane Smith" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" placeholder="jane@realty.com" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="subject"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Subject</FormLabel>
              <FormControl>
                <Input placeholder="How can we help?" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Message</FormLabel>
              <FormControl>
                <Textarea
                  rows={7}
                  placeholder="Tell us a little about your question or the listing you're working on..."
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={send.isPending}
        >
          {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </Form>
  );
}
