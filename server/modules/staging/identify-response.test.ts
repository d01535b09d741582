import { describe, expect, it } from 'vitest';
import { FURNISHED_MESSAGE } from '#shared/constants/staging.ts';
import { identifyResponseSchema } from '#shared/schemas/staging.ts';
import { identifyResponse } from './staging.service.ts';

const base = { isValid: true, reason: null, roomType: null, confidence: 0.8, issues: [] as string[] };

describe('identifyResponse', () => {
  it('a furnished room stays stageable, flagged, with the furniture message before other notes', () => {
    const r = identifyResponse({
      ...base,
      furnished: true,
      issues: ['Low resolution: the staged result will look soft.'],
    });
    expect(identifyResponseSchema.parse(r)).toEqual(r);
    expect(r).toMatchObject({ isValid: true, furnished: true, message: FURNISHED_MESSAGE });
  });

  it('an empty room carries its first note and furnished false', () => {
    const r = identifyResponse({
      ...base,
      furnished: false,
      issues: ['Low resolution: the staged result will look soft.'],
    });
    expect(r).toMatchObject({
      furnished: false,
      message: 'Low resolution: the staged result will look soft.',
    });
  });

  it('an engine that cannot tell answers null; a refused photo gives its reason and no flag', () => {
    expect(identifyResponse(base)).toEqual({
      isValid: true,
      roomType: null,
      confidence: 0.8,
      furnished: null,
    });
    const refused = identifyResponse({
      ...base,
      isValid: false,
      reason: 'The photo is too dark to stage.',
      furnished: true,
    });
    expect(refused).toMatchObject({
      isValid: false,
      furnished: null,
      message: 'The photo is too dark to stage.',
    });
  });

  it('passes the kind of a refusal on, and never on a stageable photo', () => {
    const refused = identifyResponse({
      ...base,
      isValid: false,
      reason: 'This looks like a photo of a person, not of a room.',
      refusal: 'person',
    });
    expect(identifyResponseSchema.parse(refused)).toEqual(refused);
    expect(refused.refusal).toBe('person');
    expect(identifyResponse({ ...base, refusal: 'blurry' })).not.toHaveProperty('refusal');
  });
});
