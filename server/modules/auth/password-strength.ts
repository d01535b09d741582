import { AUTH_MESSAGES } from '#shared/constants/auth.ts';
import { AppError } from '../../lib/errors.ts';

// The shape rules (8+ characters, upper, lower, digit) let "Password1" and "Welcome123" through. zxcvbn
// (Dropbox's estimator, maintained as zxcvbn-ts) matches the password against ~49,000 common and leaked
// passwords, keyboard walks, dates and l33t/capitalised variants of all of them, and against the user's
// own name and e-mail, and estimates how many guesses it takes. Below 10^6 guesses (zxcvbn score 0 or 1)
// a password falls to an online attack even through our sign-in limits, so it is refused.

const MIN_SCORE = 2;
/** zxcvbn's work grows with length; anything this long is not a common password anyway. */
const CHECK_CHARS = 100;

type Checker = (password: string, userInputs: string[]) => number;
let checker: Promise<Checker> | undefined;

/** Loaded on first use: the dictionaries are 2 MB and only registration and resets need them. */
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
    });
    return (password, userInputs) => zxcvbn.check(password, userInputs).score;
  })();
  return checker;
}

/** Words of the user's own that make a password guessable (their names, the parts of their e-mail). */
export function personalWords(input: {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}) {
  const words = [input.firstName, input.lastName, ...(input.email ?? '').split(/[@.+_-]/), 'roomstage'];
  return words.filter((w): w is string => typeof w === 'string' && w.length >= 3).map((w) => w.toLowerCase());
}

export async function isGuessablePassword(password: string, userInputs: string[] = []): Promise<boolean> {
  const score = (await loadChecker())(password.slice(0, CHECK_CHARS), userInputs);
  return score < MIN_SCORE;
}

/** 400 with the weak-password message for a common or guessable password. */
export async function assertStrongPassword(password: string, userInputs: string[] = []): Promise<void> {
  if (await isGuessablePassword(password, userInputs))
    throw new AppError('weak_password', AUTH_MESSAGES.weakPassword);
}
