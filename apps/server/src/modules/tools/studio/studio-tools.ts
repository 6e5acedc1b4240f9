import type { DocumentReader } from '../../../platform/sandbox/document-reader.ts';
import { createGrounding } from '../grounding.ts';
import { counselParentTool } from './counsel-parent.ts';
import { counselParentScriptTool } from './counsel-parent-script.ts';
import { counselStudentTool } from './counsel-student.ts';
import { createEvaluationPlanTool, readEvaluationTemplate } from './evaluation-plan.ts';
import { generalDocumentTool, readGeneralTemplate } from './general-document.ts';
import { groupPlayLessonPlanTool } from './group-play-lesson-plan.ts';
import { groupPlayPlanTool } from './group-play-plan.ts';
import { createRecordingReader, meetingMinutesTool } from './meeting-minutes.ts';
import { parentLetterTool } from './parent-letter.ts';
import type { StudioEndpoint } from './studio.routes.ts';
import { createStudioTool, type StudioToolHandle } from './studio-tool.ts';

type StudioDeps = Parameters<typeof createStudioTool>[0] & { reader: DocumentReader };

/**
 * Every document-studio tool and its paths. A tool is added here; its form, model schema,
 * offline draft and document layout live in its own file.
 */
export function createStudioEndpoints(deps: StudioDeps): StudioEndpoint[] {
  // Each tool's form type is erased here: the routes parse every form with the tool's own schema.
  const erase = (handle: unknown) => handle as StudioToolHandle;
  return [
    {
      handle: erase(createStudioTool(deps, createEvaluationPlanTool(deps.db, createGrounding(deps.db)))),
      createPath: 'evaluation-plans',
      aliases: ['/api/v1/hwp/generate/evaluation-plans'],
      updatePath: 'evaluation-plans',
      slug: 'evaluation-plan',
      files: { max: 1, read: (input, files) => readEvaluationTemplate(deps.reader, input, files) },
    },
    {
      handle: erase(createStudioTool(deps, meetingMinutesTool)),
      createPath: 'meeting-minutes',
      slug: 'meeting-minutes',
      files: { max: 1, read: createRecordingReader(deps.gateway) },
    },
    {
      handle: erase(createStudioTool(deps, generalDocumentTool)),
      createPath: 'generate',
      // The AI host's `/generate/text` (instruction plus files → a draft) is this tool.
      aliases: ['/api/v1/hwp/generate/plans', '/generate/text', '/openai/generate/text'],
      slug: 'general',
      files: { max: 1, read: (input, files) => readGeneralTemplate(deps.reader, input, files) },
    },
    {
      handle: erase(createStudioTool(deps, parentLetterTool)),
      createPath: 'letter',
      aliases: ['/generate/hwp/letter_document'],
      updatePath: 'letter',
      slug: 'parent-letter',
    },
    // Cooperative play and counselling: created through POST studio with their `type`.
    { handle: erase(createStudioTool(deps, groupPlayPlanTool)), slug: 'group-play-plan' },
    { handle: erase(createStudioTool(deps, groupPlayLessonPlanTool)), slug: 'group-play-lesson-plan' },
    { handle: erase(createStudioTool(deps, counselStudentTool)), slug: 'counsel-student' },
    // COUNSEL_PARENT: the record, or the record sheet when the form has `sheet: true`.
    { handle: erase(createStudioTool(deps, counselParentTool)), slug: 'counsel-parent' },
    { handle: erase(createStudioTool(deps, counselParentScriptTool)), slug: 'counsel-parent-script' },
  ];
}
