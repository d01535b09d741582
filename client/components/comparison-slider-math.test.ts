import { describe, expect, it } from 'vitest';
import {
  clampPercent,
  percentFromKey,
  percentFromPointer,
  SLIDER_DEFAULT,
} from './comparison-slider-math.ts';

describe('clampPercent', () => {
  it('keeps values inside 0-100', () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(42.5)).toBe(42.5);
    expect(clampPercent(140)).toBe(100);
  });
  it('falls back to the 50 % start for non-numbers', () => {
    expect(clampPercent(Number.NaN)).toBe(SLIDER_DEFAULT);
    expect(clampPercent(Infinity)).toBe(SLIDER_DEFAULT);
    expect(SLIDER_DEFAULT).toBe(50);
  });
});

describe('percentFromPointer', () => {
  it('maps the pointer to a percentage of the box width', () => {
    expect(percentFromPointer(150, 100, 200)).toBe(25);
    expect(percentFromPointer(300, 100, 200)).toBe(100);
    expect(percentFromPointer(133.333, 100, 200)).toBe(16.7);
  });
  it('clamps pointers dragged outside the box', () => {
    expect(percentFromPointer(50, 100, 200)).toBe(0);
    expect(percentFromPointer(900, 100, 200)).toBe(100);
  });
  it('survives a box with no width (not laid out yet)', () => {
    expect(percentFromPointer(10, 0, 0)).toBe(SLIDER_DEFAULT);
  });
});

describe('percentFromKey', () => {
  it('steps by 1, or 10 with Shift and Page keys', () => {
    expect(percentFromKey('ArrowRight', 50)).toBe(51);
    expect(percentFromKey('ArrowLeft', 50)).toBe(49);
    expect(percentFromKey('ArrowUp', 50, true)).toBe(60);
    expect(percentFromKey('PageDown', 50)).toBe(40);
  });
  it('jumps to the ends with Home and End', () => {
    expect(percentFromKey('Home', 37)).toBe(0);
    expect(percentFromKey('End', 37)).toBe(100);
  });
  it('never leaves 0-100 and snaps fractional positions from dragging to whole steps', () => {
    expect(percentFromKey('ArrowLeft', 0)).toBe(0);
    expect(percentFromKey('PageUp', 95)).toBe(100);
    expect(percentFromKey('ArrowRight', 16.7)).toBe(18);
  });
  it('ignores other keys so the page keeps them', () => {
    expect(percentFromKey('Tab', 50)).toBeNull();
    expect(percentFromKey('a', 50)).toBeNull();
  });
});
