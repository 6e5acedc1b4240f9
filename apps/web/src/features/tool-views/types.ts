import type { FeedbackResult } from '@ssaem/contracts/feedback';
import type { LessonResult } from '@ssaem/contracts/lesson';
import type { SummaryResult } from '@ssaem/contracts/summary';
import type { TextCorrectionResult } from '@ssaem/contracts/text-correction';

/** What the caller may do with an item; the server decides, the view only shows or hides. */
export interface ToolAbilities {
  view: boolean;
  use: boolean;
  edit: boolean;
  copy: boolean;
  changeSettings: boolean;
  delete: boolean;
}

/** A document tool's item as the server presents it (server modules/tools/tool-items.ts). */
export interface ToolItem<Result> {
  id: number;
  title: string;
  /** 1 waiting, 2 processing, 3 complete (document-tools.md §4). */
  status: number;
  /** Set when generation failed; the item then stays at status 1. */
  error: string | null;
  visibility: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
  editable: boolean;
  creatorId: number;
  createdAt: string;
  result: Result | null;
  abilities: ToolAbilities;
}

export type SummaryItem = ToolItem<SummaryResult>;
export type TextCorrectionItem = ToolItem<TextCorrectionResult>;
export type FeedbackItem = ToolItem<FeedbackResult>;
export type LessonItemResponse = ToolItem<LessonResult>;

export type ToolKind = 'summary' | 'text-correction' | 'feedback' | 'lesson';

/** Still being made: neither complete nor failed. */
export function isGenerating(item: ToolItem<unknown>): boolean {
  return item.status !== 3 && !item.error;
}

export function isValidId(id: number): boolean {
  return Number.isInteger(id) && id > 0;
}
