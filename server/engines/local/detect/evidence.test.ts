import { describe, expect, it } from 'vitest';
import type { Detection } from './decode.ts';
import { corroborated, livingRoomSofa, objectEvidence } from './evidence.ts';

const sofa: Detection = { label: 'couch', score: 0.7, box: [0.1, 0.4, 0.5, 0.8] };
const coffeeTable: Detection = { label: 'dining table', score: 0.4, box: [0.35, 0.6, 0.65, 0.85] };

describe('room type from objects', () => {
  it('claims a living room for a sofa with a table in front of it', () => {
    expect(livingRoomSofa([sofa, coffeeTable])).toBeCloseTo(0.7, 6);
    expect(objectEvidence([sofa, coffeeTable]).room?.type).toBe('living-room');
  });

  it('does not claim a living room for a sofa alone (a bed is often read as one)', () => {
    expect(livingRoomSofa([sofa])).toBe(0);
    const ev = objectEvidence([sofa, { label: 'chair', score: 0.5, box: [0.6, 0.5, 0.7, 0.8] }]);
    expect(ev.room).toBeNull();
    expect(ev.furnished).toBe(true);
  });

  it('never claims a living room when any bed is seen, however weak or small', () => {
    const weakBed: Detection = { label: 'bed', score: 0.26, box: [0.6, 0.5, 0.75, 0.6] };
    expect(livingRoomSofa([sofa, coffeeTable, weakBed])).toBe(0);
    expect(objectEvidence([sofa, coffeeTable, weakBed]).room?.type).not.toBe('living-room');
  });

  it('does not count a table that stands beside or behind the sofa', () => {
    const aside: Detection = { ...coffeeTable, box: [0.7, 0.6, 0.9, 0.85] };
    const behind: Detection = { ...coffeeTable, box: [0.2, 0.3, 0.4, 0.5] };
    expect(livingRoomSofa([sofa, aside])).toBe(0);
    expect(livingRoomSofa([sofa, behind])).toBe(0);
  });

  it('claims a bedroom from a bed, and nothing when a bed and kitchen appliances disagree', () => {
    const bed: Detection = { label: 'bed', score: 0.6, box: [0.2, 0.5, 0.8, 0.95] };
    expect(objectEvidence([bed, sofa]).room?.type).toBe('bedroom');
    const oven: Detection = { label: 'oven', score: 0.6, box: [0.1, 0.5, 0.3, 0.8] };
    expect(objectEvidence([bed, oven]).room).toBeNull();
  });
});

describe('a bare floor read as furniture', () => {
  // From standing height the floor fills the bottom of the frame from side to side.
  const floorBed: Detection = { label: 'bed', score: 0.42, box: [0.02, 0.6, 0.99, 0.99] };

  it('is neither furniture nor a bedroom at a modest score', () => {
    const ev = objectEvidence([floorBed, { ...floorBed, label: 'couch' }]);
    expect(ev.furnished).toBe(false);
    expect(ev.room).toBeNull();
  });

  it('still counts a bed that fills the width when the detector is sure of it', () => {
    const ev = objectEvidence([{ ...floorBed, score: 0.6 }]);
    expect(ev.furnished).toBe(true);
    expect(ev.room?.type).toBe('bedroom');
  });

  it('still counts a modest bed that stands inside the frame, seen with other things', () => {
    const lamp: Detection = { label: 'potted plant', score: 0.35, box: [0.86, 0.45, 0.95, 0.7] };
    const ev = objectEvidence([{ ...floorBed, box: [0.15, 0.5, 0.85, 0.95] }, lamp]);
    expect(ev.furnished).toBe(true);
    expect(ev.room?.type).toBe('bedroom');
  });
});

describe('a modest piece alone (a radiator, a window seat, a built-in or a door misread)', () => {
  // A radiator under the window read as a bed, a door read as a chair: one thing, at a modest score.
  const radiatorBed: Detection = { label: 'bed', score: 0.42, box: [0.3, 0.55, 0.7, 0.75] };
  const doorChair: Detection = { label: 'chair', score: 0.43, box: [0.75, 0.3, 0.9, 0.8] };

  it('is neither furniture nor a bedroom', () => {
    for (const d of [radiatorBed, doorChair]) {
      const ev = objectEvidence([d]);
      expect(ev.furnished).toBe(false);
      expect(ev.room).toBeNull();
    }
  });

  it('is not corroborated by the same object read twice, nor by a built-in', () => {
    const again: Detection = { ...radiatorBed, label: 'couch', score: 0.35, box: [0.32, 0.56, 0.7, 0.76] };
    const fridge: Detection = { label: 'refrigerator', score: 0.45, box: [0.8, 0.2, 0.95, 0.9] };
    expect(objectEvidence([radiatorBed, again]).furnished).toBe(false);
    expect(objectEvidence([radiatorBed, fridge]).furnished).toBe(false);
    expect(corroborated(radiatorBed, [radiatorBed, again, fridge])).toBe(false);
  });

  it('counts when the detector is sure of it, or when a second piece stands elsewhere', () => {
    expect(objectEvidence([{ ...radiatorBed, score: 0.55 }]).room?.type).toBe('bedroom');
    const chair: Detection = { label: 'chair', score: 0.32, box: [0.05, 0.5, 0.2, 0.8] };
    expect(objectEvidence([radiatorBed, chair]).furnished).toBe(true);
    expect(objectEvidence([doorChair, chair]).furnished).toBe(true);
  });

  it('still keeps a bathroom or kitchen claim from standing against any bed', () => {
    const basin: Detection = { label: 'sink', score: 0.6, box: [0.1, 0.5, 0.3, 0.6] };
    expect(objectEvidence([basin]).room?.type).toBe('other');
    expect(objectEvidence([basin, radiatorBed]).room).toBeNull();
  });
});
