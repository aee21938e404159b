import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { corpusCallosumData, corpusCallosumTemplate, type CorpusCallosumOptions } from './corpusCallosum';

/** SHA-256 over the raw bytes of the arrays, in order: any change in any bit of any Float64 changes it. */
function digest(arrays: readonly Float64Array[]): string {
  const hash = createHash('sha256');
  for (const a of arrays) hash.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return hash.digest('hex');
}

// Golden digests: the generator's output must stay bit-for-bit the same (figures, seeds and caches depend on it).
// If the model is changed on purpose, re-record them.
const DATA_CASES: [CorpusCallosumOptions, string][] = [
  [{ n: 5, seed: 1 }, '30d13ef6112a51e238b497f245d5ec7f48f3c93699ee577727720a5f8694c65a'],
  [{ n: 40, seed: 7, landmarks: 8 }, 'b7ff1d33131dbeea8798fd5f01d07be617233e890d81b1925cc55865614c4af1'],
  [
    { n: 5, seed: 7, landmarks: 3, noise: 0.3 },
    '56dcb9b605b37cb3ac52a6d8df835ea28f89270e8627b06c21fc32124e0073d2',
  ],
  [{ n: 5, seed: 1, noise: 0 }, 'bdf7b3af15aa52b9bcc5d31f59e35dbc1e75ece869c040477b14383d4bba82dd'],
  [
    { n: 40, seed: 1, landmarks: 8, noise: 0.3, ageRange: [20, 120] },
    '76d94d6ea823cc0654be5203d7a7f00533655773492e85658048e93e6e9e720a',
  ],
  [
    { n: 5, seed: 7, landmarks: 400, noise: 2.5 },
    '99275c615778a14cfa72dd94b1be7c0b6ac4c56dccb9e0b881dcc42b570af9d1',
  ],
];

const TEMPLATE_CASES: [age: number, landmarks: number, hex: string][] = [
  [30, 50, 'c709b42351dc107cf81e5dadc37d974d25d63c118f769e96919ea09b0593c7dd'],
  [62.5, 50, '7f809e405a76bc2f79646065a26a6480e84e273a30817eb627502273c1962f30'],
  [70, 3, '0aabfa9a16b02e602eebacd226d19f35540ec7f402670965c06d3704dd840fa9'],
  [90, 400, '705467e588802e53300f6d67a543b46af0a54dca08b0df1ab1a2c447c5f630a5'],
  [130, 8, '50983a9d3497501746dd03cdaa22372f150c830c26f607815e8fb40bdc09e5b2'],
];

describe('corpus-callosum generator: golden output', () => {
  it.each(DATA_CASES)('corpusCallosumData(%j) is bit-for-bit unchanged', (options, hex) => {
    const d = corpusCallosumData(options);
    expect(digest([...d.ys, d.xs, d.ages, ...d.outlinesMm])).toBe(hex);
  });

  it.each(TEMPLATE_CASES)(
    'corpusCallosumTemplate(%d, %d) is bit-for-bit unchanged',
    (age, landmarks, hex) => {
      expect(digest([corpusCallosumTemplate(age, landmarks)])).toBe(hex);
    },
  );
});
