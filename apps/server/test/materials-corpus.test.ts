import {
  feedbackResultSchema,
  lessonResultSchema,
  studioResultSchema,
  summaryResultSchema,
} from '@ssaem/contracts';
import { documentSchema } from '@ssaem/documents';
import { describe, expect, it } from 'vitest';
import { corpusMaterial, seededRandom } from '../src/db/seed/materials-corpus.ts';

const RESULT_SCHEMAS = {
  LESSON: lessonResultSchema,
  SUMMARY: summaryResultSchema,
  FEEDBACK: feedbackResultSchema,
  EVALUATION_PLAN: studioResultSchema,
  PARENT_LETTER: studioResultSchema,
} as const;

describe('the demo and benchmark corpus', () => {
  it('stores every material in the shape its tool reads, so demo items open in their views', () => {
    const rng = seededRandom(1);
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const material = corpusMaterial(rng);
      seen.add(material.libraryType);
      const schema = RESULT_SCHEMAS[material.libraryType as keyof typeof RESULT_SCHEMAS];
      expect(schema, material.libraryType).toBeDefined();
      const content = JSON.parse(material.content);
      expect(() => schema.parse(content), `${material.libraryType}: ${material.title}`).not.toThrow();
      if (schema === studioResultSchema) expect(() => documentSchema.parse(content.document)).not.toThrow();
      expect(Math.floor(material.subjectSeq / 1000)).toBe(material.gradeSeq);
    }
    expect([...seen].sort()).toEqual(Object.keys(RESULT_SCHEMAS).sort());
  });

  it('writes its Korean with each particle chosen by its word, never both forms ("을(를)")', () => {
    const rng = seededRandom(2);
    for (let i = 0; i < 300; i++) {
      const material = corpusMaterial(rng);
      expect(material.content, material.title).not.toMatch(/[가-힣'"]\((?:을|를|은|는|이|가|와|과|으)\)/u);
      // "생명 존중 이해하고": an object without its particle.
      expect(material.content, material.title).not.toMatch(/[가-힣](?<![을를]) 이해하고 설명하기/u);
    }
  });
});
