import { z } from 'zod';

// One schema for the contact form and POST /api/contact. Upper bounds keep a
// submission to a size a human writes; they are well above anything the form needs.
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  email: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.email, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  subject: z
    .string()
    .trim()
    .min(5, 'Subject must be at least 5 characters')
    .max(CONTACT_LIMITS.subject, `Subject must be at most ${CONTACT_LIMITS.subject} characters`),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});

/** What the form holds (before trimming). */
export type ContactFormValues = z.input<typeof contactSchema>;
/** What the server receives after parsing. */
export type ContactInput = z.output<typeof contactSchema>;

/** POST /api/contact: the message was stored (and mailed to support when mail is up). */
export const contactResponseSchema = z.object({ success: z.literal(true), message: z.string() });
