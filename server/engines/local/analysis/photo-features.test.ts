import { describe, expect, it } from 'vitest';
import { foliage, greenBoards, houseAtNight, houseByDay, room } from '#tests/helpers/synthetic-scenes.ts';
import { photoFeatures } from './photo-features.ts';

describe('sky is open to the top of the frame and ends above the horizon', () => {
  it('finds a daylight sky over a house, deep blue at the top included', () => {
    const f = photoFeatures(houseByDay());
    expect(f.skyBlue).toBeGreaterThan(0.8);
    expect(f.nightSky).toBe(0);
  });

  it('finds a dark sky over a lit facade at night', () => {
    const f = photoFeatures(houseAtNight());
    expect(f.nightSky).toBeGreaterThan(0.8);
  });

  it.each([
    ['blue', [95, 130, 190]],
    ['grey-blue', [140, 150, 170]],
  ] as const)('does not take a %s wall under a ceiling for sky', (_, wall) => {
    expect(photoFeatures(room(wall)).skyBlue).toBe(0);
  });

  it('does not take a blue wall for sky when no ceiling is in frame: it runs down to the floor', () => {
    expect(photoFeatures(room([95, 130, 190], { ceiling: false })).skyBlue).toBe(0);
  });

  it('does not take a dim room with a shaded ceiling for a night sky', () => {
    const dim = room([70, 72, 80], { ceilingColour: [45, 46, 52], floor: [55, 42, 30] });
    expect(photoFeatures(dim).nightSky).toBe(0);
  });
});

describe('vegetation is texture without a direction', () => {
  it('reads leaves as vegetation', () => {
    expect(photoFeatures(foliage()).vegetation).toBeGreaterThan(0.3);
  });

  it('does not read green floor boards or a green-walled room as vegetation', () => {
    expect(photoFeatures(greenBoards()).vegetation).toBeLessThan(0.05);
    const f = photoFeatures(room([110, 150, 105]));
    expect(f.vegetation).toBeLessThan(0.02);
    // Lawn is any green texture at the bottom (grass blades run one way): the wall's corner lines
    // there weigh little (the cue counts up to 0.2 of the bottom).
    expect(f.lawn).toBeLessThan(0.05);
  });
});
