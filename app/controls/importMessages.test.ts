import { describe, expect, it } from 'vitest';
import { parseDataFile } from '../../src/io';
import { labImportMessage } from './importMessages';

describe('labImportMessage', () => {
  it('takes the command line’s --normalize out of the off-sphere message, keeping what and where', () => {
    let message = '';
    try {
      parseDataFile('x,a,b,c\n0,2,0,0\n1,0,1,0\n', { fileName: 'off.csv', manifold: 'sphere' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/--normalize/);
    const lab = labImportMessage(message);
    expect(lab).not.toMatch(/--normalize|command line/);
    expect(lab).toMatch(/off\.csv, row 2.*the point \(2, 0, 0\) has length 2, not 1.*must be unit vectors$/);
  });
  it('says "normalised" in the warning after projecting', () => {
    expect(
      labImportMessage('3 points were projected onto the unit sphere (normalize; lengths were off'),
    ).toBe('3 points were projected onto the unit sphere (normalised; lengths were off');
  });
});
