import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSpelling } from '../src/modules/tools/text-correction/spell-checker.ts';

/**
 * The offline spelling check against two corpora (test/spelling-corpus): sentences from school
 * documents — letters, plans, records, minutes, notices, lessons, pupils' writing — that are
 * correct and must get no correction at all, and real misspellings, whose recall is reported.
 */
const dir = join(import.meta.dirname, 'spelling-corpus');
const correct = readdirSync(dir)
  .filter((file) => file.startsWith('correct-'))
  .flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
const misspelt = readFileSync(join(dir, 'misspellings.tsv'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [sentence = '', original = '', correction = ''] = line.split('\t');
    return { sentence, original, correction };
  });

describe('the offline spelling check on corpora', () => {
  it('corrects nothing in over 500 correct sentences of school documents', async () => {
    expect(correct.length).toBeGreaterThanOrEqual(500);
    const broken: string[] = [];
    for (const sentence of correct) {
      const result = await checkSpelling(sentence);
      for (const c of result.corrections) broken.push(`${sentence}  |  ${c.original} → ${c.suggestion}`);
    }
    console.log(`[spelling] correct sentences: ${correct.length}, false corrections: ${broken.length}`);
    expect(broken).toEqual([]);
  }, 120_000);

  it('finds the misspellings with the right correction, and reports its recall and precision', async () => {
    let found = 0;
    let wrong = 0;
    const missed: string[] = [];
    for (const { sentence, original, correction } of misspelt) {
      const result = await checkSpelling(sentence);
      const hit = result.corrections.find(
        (c) => c.original.includes(original) || original.includes(c.original),
      );
      if (hit && result.correctedText.includes(correction)) found += 1;
      else missed.push(`${original} → ${correction}${hit ? ` (got ${hit.suggestion})` : ''}`);
      // Any other change to the sentence is a wrong correction.
      wrong +=
        result.corrections.filter((c) => c !== hit).length +
        (hit && !result.correctedText.includes(correction) ? 1 : 0);
      for (const c of result.corrections) {
        // Reasons are Korean sentences, never "'…'(으)로".
        expect(c.reason).not.toMatch(/\((으|을|를|은|는|이|가|와|과)\)/);
        expect(c.reason).toMatch(/[다요]\.$/);
      }
    }
    const recall = found / misspelt.length;
    const precision = found / Math.max(found + wrong, 1);
    console.log(
      `[spelling] misspellings: ${misspelt.length}, found: ${found}, recall ${(recall * 100).toFixed(1)} %, precision ${(precision * 100).toFixed(1)} %; missed: ${missed.join(', ') || 'none'}`,
    );
    expect(misspelt.length).toBeGreaterThanOrEqual(40);
    expect(recall).toBeGreaterThanOrEqual(0.8);
    expect(precision).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
