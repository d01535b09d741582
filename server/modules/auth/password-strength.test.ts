import { describe, expect, it } from 'vitest';
import { isGuessablePassword, personalWords } from './password-strength.ts';

describe('isGuessablePassword', () => {
  it('refuses common passwords and their usual variants', async () => {
    for (const p of [
      'Password1',
      'Welcome123',
      'Qwerty123',
      'P@ssw0rd1',
      'Summer2024',
      'Iloveyou1',
      'Abcdefg1',
      'Letmein1',
    ]) {
      expect(await isGuessablePassword(p), p).toBe(true);
    }
  });

  it('accepts passwords an attacker would have to search for', async () => {
    for (const p of [
      'Correct-Horse-9',
      'Zebra-Kettle-42',
      'Staging2025ok',
      'Brand-New-Pass7',
      'Tr0ub4dor&3',
    ]) {
      expect(await isGuessablePassword(p), p).toBe(false);
    }
  });

  it("refuses a password built from the user's own name or e-mail", async () => {
    const words = personalWords({
      email: 'zelphine.quorvath@example.com',
      firstName: 'Zelphine',
      lastName: 'Quorvath',
    });
    expect(words).toEqual(expect.arrayContaining(['zelphine', 'quorvath', 'example', 'roomstage']));
    expect(await isGuessablePassword('Zelphine2024')).toBe(false);
    expect(await isGuessablePassword('Zelphine2024', words)).toBe(true);
  });
});
