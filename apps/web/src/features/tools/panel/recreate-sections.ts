import type { CompletionSignal } from '../subscription';

export interface RecreateSection {
  id: number;
  title: string;
  keyNum: number;
  displayNo: number;
}

export interface RecreateSteps {
  deleteSection: (sectionId: number) => Promise<unknown>;
  append: (body: { key: number; displayNo: number; additionalInfo: string }) => Promise<unknown>;
  waitForSignal: () => Promise<CompletionSignal>;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Lesson recreate (document-tools.md §4): for each chosen section in order, delete it, ask for the
 * part again at the same place and wait for its signal before the next one. An error signal is
 * noted and the next section follows; a failed call or subscription stops the run (thrown).
 * Returns the error messages of the sections that failed.
 */
export async function recreateSections(
  sections: readonly RecreateSection[],
  additionalInfo: string,
  steps: RecreateSteps,
): Promise<string[]> {
  const ordered = [...sections].sort((a, b) => a.displayNo - b.displayNo);
  const failures: string[] = [];
  for (const [index, section] of ordered.entries()) {
    steps.onProgress?.(index, ordered.length);
    await steps.deleteSection(section.id);
    // Sections are renumbered after a delete; appending at the old number puts the part back in place.
    await steps.append({ key: section.keyNum, displayNo: section.displayNo, additionalInfo });
    const signal = await steps.waitForSignal();
    if (signal.result === 'error') failures.push(signal.message);
  }
  steps.onProgress?.(ordered.length, ordered.length);
  return failures;
}
