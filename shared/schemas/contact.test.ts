import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact.ts';

const valid = {
  name: 'Ada Agent',
  email: 'ada@example.com',
  subject: 'Billing question',
  message: 'Hello, I have a question.',
};

const messages = (input: unknown) =>
  contactSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('contactSchema', () => {
  it('accepts a valid message and trims it', () => {
    expect(contactSchema.parse({ ...valid, name: '  Ada Agent ' }).name).toBe('Ada Agent');
  });
  it('gives the spec messages for short or invalid fields', () => {
    expect(messages({ name: 'A', email: 'nope', subject: 'Hi', message: 'short' })).toEqual([
      'name: Name must be at least 2 characters',
      'email: Please enter a valid email address',
      'subject: Subject must be at least 5 characters',
      'message: Message must be at least 10 characters',
    ]);
  });
  it('does not let whitespace pad a field past its minimum', () => {
    expect(messages({ ...valid, subject: '   Hi    ' })).toEqual([
      'subject: Subject must be at least 5 characters',
    ]);
  });
  it('caps the message length', () => {
    expect(messages({ ...valid, message: 'x'.repeat(5001) })).toHaveLength(1);
  });
});
