import { describe, expect, it } from 'vitest';
import { destinationOf } from './destinations';

describe('destinationOf', () => {
  it('opens each result where document-tools.md §2 says', () => {
    expect(destinationOf('lesson', 5)).toBe('/immersive/create-lesson/5');
    expect(destinationOf('summary', 5)).toBe('/immersive/create-summary?id=5');
    expect(destinationOf('feedback', 5)).toBe('/immersive/create-feedback?id=5');
    expect(destinationOf('text-correction', 5)).toBe('/immersive/create-text-correction?id=5');
  });

  it('opens every studio document in the document viewer with its library type', () => {
    expect(destinationOf('evaluation-plan', 5)).toBe('/immersive/document/5?type=EVALUATION_PLAN');
    expect(destinationOf('parent-letter', 5)).toBe('/immersive/document/5?type=PARENT_LETTER');
    expect(destinationOf('meeting-minutes', 5)).toBe('/immersive/document/5?type=MEETING_MINUTES');
    expect(destinationOf('group-play-plan', 5)).toBe('/immersive/document/5?type=GROUP_PLAY_PLAN');
    expect(destinationOf('group-play-lesson-plan', 5)).toBe(
      '/immersive/document/5?type=GROUP_PLAY_LESSON_PLAN',
    );
    expect(destinationOf('counsel-student', 5)).toBe('/immersive/document/5?type=COUNSEL_STUDENT');
    expect(destinationOf('counsel-parent', 5)).toBe('/immersive/document/5?type=COUNSEL_PARENT');
    expect(destinationOf('counsel-parent-record', 5)).toBe('/immersive/document/5?type=COUNSEL_PARENT');
    expect(destinationOf('counsel-parent-script', 5)).toBe(
      '/immersive/document/5?type=COUNSEL_PARENT_SCRIPT',
    );
    expect(destinationOf('document-generate', 5)).toBe('/immersive/document/5?type=GENERATE_DOCUMENT');
  });
});
