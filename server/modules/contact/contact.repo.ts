import type { ContactInput } from '#shared/schemas/contact.ts';
import type { DbOrTx } from '../../db/client.ts';
import { contactSubmissions } from '../../db/schema/index.ts';

/** Stores a contact message as `new`; its id is logged if the mail to support fails. */
export async function insertSubmission(db: DbOrTx, input: ContactInput): Promise<{ id: string } | undefined> {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...input, status: 'new' })
    .returning({ id: contactSubmissions.id });
  return row;
}
