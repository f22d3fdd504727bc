import { glareSampleSet, type Sample } from './glare-samples';
import { checkQuality, QUALITY_LIMITS } from './quality';

/*
 * The glare check measured on a labelled set (glare-samples.ts): white documents that carry no
 * reflection, and document photos with one. `PRINT_QUALITY=1 npx jest quality.glare` prints the
 * rates and every misjudged image.
 */
const tuned = glareSampleSet(30);
/** Never looked at while choosing the thresholds. */
const heldOut = glareSampleSet(15, 10000);

/** The rule before issue 23: more than 2 % of the pixels saturated, wherever they are. */
const saturatedShareRule = (sample: Sample) => {
  let saturated = 0;
  for (const value of sample.gray) if (value >= QUALITY_LIMITS.glareLevel) saturated++;
  return saturated / sample.gray.length > QUALITY_LIMITS.glareShare;
};
const spotRule = (sample: Sample) => checkQuality(sample.gray, sample.width, sample.height).issues.includes('glare');

function rates(samples: Sample[], flag: (sample: Sample) => boolean) {
  const white = samples.filter((sample) => !sample.glare);
  const glare = samples.filter((sample) => sample.glare);
  const falsePositives = white.filter(flag);
  const detected = glare.filter(flag);
  return {
    white: white.length,
    glare: glare.length,
    falsePositiveRate: falsePositives.length / white.length,
    detectionRate: detected.length / glare.length,
    falsePositives: falsePositives.map((sample) => sample.name),
    missed: glare.filter((sample) => !detected.includes(sample)).map((sample) => sample.name),
  };
}

describe('glare check on a labelled set of white documents and reflections', () => {
  it('has both kinds in numbers', () => {
    expect(tuned.filter((sample) => sample.glare).length).toBe(120);
    expect(tuned.filter((sample) => !sample.glare).length).toBe(120);
    expect(heldOut.length).toBe(120);
  });

  it.each([
    ['the set the thresholds were tuned on', tuned],
    ['a held-out set', heldOut],
  ])('flags a bright spot, not a bright page, on %s', (setName, samples) => {
    const spot = rates(samples, spotRule);
    const before = rates(samples, saturatedShareRule);
    if (process.env.PRINT_QUALITY)
      console.log(
        setName,
        JSON.stringify({ spotRule: spot, saturatedShareRuleBefore: { ...before, falsePositives: before.falsePositives.length } }, null, 1),
      );
    // The old rule flagged most white documents: the reason for the change.
    expect(before.falsePositiveRate).toBeGreaterThan(0.5);
    expect(spot.falsePositives).toEqual([]);
    expect(spot.detectionRate).toBeGreaterThanOrEqual(0.95);
  });
});
