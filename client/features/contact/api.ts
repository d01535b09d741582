// The contact form's one call, its answer parsed with the shared schema.
import { contactResponseSchema, type ContactInput } from '#shared/schemas/contact.ts';
import { apiParsed } from '#client/lib/api.ts';

export const sendContactMessage = (data: ContactInput) =>
  apiParsed(contactResponseSchema, 'POST', '/api/contact', data);
