import { describe, expect, it } from 'vitest';
import { CELL_COUNTS } from './cellCounts';
import { TASKS } from './tasks';

describe('CELL_COUNTS', () => {
  it("names every task's own cellCount function, and no other task", () => {
    expect(Object.keys(CELL_COUNTS).sort()).toEqual(Object.keys(TASKS).sort());
    for (const [name, def] of Object.entries(TASKS))
      expect(CELL_COUNTS[name as keyof typeof TASKS], name).toBe(def.cellCount);
  });
});
