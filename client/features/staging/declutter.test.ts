import { describe, expect, it } from 'vitest';
import { canDeclutter, declutterField } from './declutter.ts';

const openai = { engine: 'openai', declutter: true, masked: true, plansLayout: false };
const local = { engine: 'local', declutter: false, masked: false, plansLayout: false };

describe('declutter option', () => {
  it('is offered only when the engine can do it', () => {
    expect(canDeclutter(openai)).toBe(true);
    expect(canDeclutter(local)).toBe(false);
    expect(canDeclutter(undefined)).toBe(false);
    expect(canDeclutter(null)).toBe(false);
  });

  it('sends declutter=true only when offered and chosen', () => {
    expect(declutterField(openai, true)).toEqual({ declutter: 'true' });
    expect(declutterField(openai, false)).toEqual({});
    expect(declutterField(local, true)).toEqual({});
    expect(declutterField(undefined, true)).toEqual({});
  });
});
