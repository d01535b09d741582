// The error contract, checked on every answer the in-process app gives in tests: an error with a JSON
// body is `{ code, message }` with a code listed in shared/constants/error-codes.ts. Wrapping the test
// app's `request` makes every API test a contract check of the errors it provokes.
import type { Hono } from 'hono';
import { errorBodySchema } from '#shared/schemas/common.ts';

export class ErrorContractBroken extends Error {
  override name = 'ErrorContractBroken';
}

/** Throws when `res` is a JSON error whose body is not a listed code and a message. */
export async function assertErrorContract(res: Response, what = ''): Promise<void> {
  if (res.status < 400 || !(res.headers.get('content-type') ?? '').includes('application/json')) return;
  const text = await res.clone().text();
  // A HEAD answer has headers only: there is no body to hold a code.
  if (text === '') return;
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON despite its type: reported below
  }
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) {
    throw new ErrorContractBroken(
      `${what} answered ${res.status} with ${JSON.stringify(body)}: an error body needs a listed code and a message`,
    );
  }
}

/** The app with every answer checked against the contract. */
export function withErrorContract<T extends { request: Hono['request'] }>(app: T): T {
  const request = app.request.bind(app);
  app.request = async (...args) => {
    const res = await request(...args);
    const input = args[0];
    await assertErrorContract(
      res,
      typeof input === 'string' ? input : input instanceof Request ? input.url : input.href,
    );
    return res;
  };
  return app;
}
