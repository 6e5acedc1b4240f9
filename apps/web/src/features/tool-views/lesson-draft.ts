import type { LessonItem, LessonResult, LessonSection } from '@ssaem/contracts/lesson';
import type { LessonSave } from './api';

export type DraftItem = Pick<LessonItem, 'id' | 'type' | 'title' | 'content' | 'minutes' | 'imageUrl'>;
export interface DraftSection {
  id: number;
  title: string;
  additionalInfo: string;
  items: DraftItem[];
}
export interface LessonDraft {
  title: string;
  goal: string;
  sections: DraftSection[];
}

/** Sections in the order the lesson runs (displayNo), whatever order they were stored in. */
export function sortedSections(result: Pick<LessonResult, 'sections'>): LessonSection[] {
  return [...result.sections].sort((a, b) => a.displayNo - b.displayNo || a.id - b.id);
}

function toDraftSection(section: LessonSection): DraftSection {
  return {
    id: section.id,
    title: section.title,
    additionalInfo: section.additionalInfo,
    items: section.items.map(toDraftItem),
  };
}

function toDraftItem(item: LessonItem): DraftItem {
  const { id, type, title, content, minutes, imageUrl } = item;
  return { id, type, title, content, minutes, imageUrl };
}

export function toDraft(title: string, result: LessonResult): LessonDraft {
  return { title, goal: result.goal, sections: sortedSections(result).map(toDraftSection) };
}

/**
 * After an item was added or deleted on the server: the server's sections and items, with the
 * teacher's unsaved edits kept for everything that is still there.
 */
export function mergeDraft(draft: LessonDraft, result: LessonResult): LessonDraft {
  return {
    ...draft,
    sections: sortedSections(result).map((section) => {
      const edited = draft.sections.find((entry) => entry.id === section.id);
      if (!edited) return toDraftSection(section);
      return {
        ...edited,
        items: section.items.map(
          (item) => edited.items.find((entry) => entry.id === item.id) ?? toDraftItem(item),
        ),
      };
    }),
  };
}

/** The body of `POST /api/v1/lesson/result`. */
export function toSavePayload(id: number, draft: LessonDraft): LessonSave {
  return {
    id,
    title: draft.title.trim(),
    goal: draft.goal,
    sections: draft.sections.map((section) => ({
      id: section.id,
      title: section.title,
      additionalInfo: section.additionalInfo,
      items: section.items.map(({ id: itemId, title, content, minutes }) => ({
        id: itemId,
        title,
        content,
        minutes,
      })),
    })),
  };
}
