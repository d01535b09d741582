// npm run user:admin -- <email>
// Gives an existing account the admin role. Exits 1 with a clear message when there is no such account.
import { emailOnlySchema } from '#shared/schemas/auth.ts';
import { prepareDatabase } from '../boot.ts';
import { EnvError, loadEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { setRoleByEmails } from '../modules/auth/index.ts';

async function main(): Promise<number> {
  const arg = process.argv[2];
  const parsed = emailOnlySchema.safeParse({ email: arg ?? '' });
  if (!arg || !parsed.success) {
    console.error('Usage: npm run user:admin -- <email>');
    return 2;
  }
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const database = await prepareDatabase(env, createLogger('warn'));
  try {
    const updated = await setRoleByEmails(database.db, [parsed.data.email], 'admin');
    if (updated.length === 0) {
      console.error(
        `No account with the email ${parsed.data.email}. Register it first, then run this again.`,
      );
      return 1;
    }
    console.log(`${updated[0]?.email} is now an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('user:admin failed:', err);
    process.exit(1);
  },
);
