import { describe, expect, it } from 'vitest';
import { crossings, labelBox, labelSpot, type LabelSpot } from './labelSpot';

const left: LabelSpot = { x: 10, y: 100, anchor: 'start' };
const right: LabelSpot = { x: 300, y: 100, anchor: 'end' };

describe('an in-plot label kept off the curves', () => {
  it('boxes the text from its anchor', () => {
    expect(labelBox(left, 80, 20, 0)).toEqual({ left: 10, right: 90, top: 84, bottom: 104 });
    expect(labelBox(right, 80, 20, 0)).toEqual({ left: 220, right: 300, top: 84, bottom: 104 });
  });

  it('counts a curve that runs through the box between its points', () => {
    // two points far apart on either side of the left box: the segment between them crosses it
    const through = [
      { x: 0, y: 95 },
      { x: 200, y: 95 },
    ];
    expect(crossings(labelBox(left, 80, 20), [through])).toBe(1);
    expect(
      crossings(labelBox(left, 80, 20), [
        [
          { x: 0, y: 40 },
          { x: 200, y: 40 },
        ],
      ]),
    ).toBe(0);
  });

  it('takes the first spot no curve crosses, else the least crossed', () => {
    const overLeft = [
      [
        { x: 0, y: 95 },
        { x: 120, y: 95 },
        { x: 320, y: 20 },
      ],
    ];
    expect(labelSpot([left, right], 80, 20, overLeft)).toBe(right);
    expect(labelSpot([left, right], 80, 20, [])).toBe(left);
    const both = [
      [
        { x: 0, y: 95 },
        { x: 320, y: 95 },
      ],
      [
        { x: 0, y: 96 },
        { x: 100, y: 96 },
      ],
    ];
    expect(labelSpot([left, right], 80, 20, both)).toBe(right);
    expect(labelSpot([], 80, 20, both)).toBeNull();
  });
});
