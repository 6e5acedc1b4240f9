import { type PanelTool, type StudioTool, useStudioItem } from '../api';
import { CounselParentPanel } from './counsel-parent-panel';
import { CounselParentScriptPanel } from './counsel-parent-script-panel';
import { CounselParentSheetPanel } from './counsel-parent-sheet-panel';
import { CounselStudentPanel } from './counsel-student-panel';
import { EvaluationPlanPanel } from './evaluation-plan-panel';
import { FeedbackPanel } from './feedback-panel';
import { GroupPlayLessonPlanPanel } from './group-play-lesson-plan-panel';
import { GroupPlayPlanPanel } from './group-play-plan-panel';
import { LessonPanel } from './lesson-panel';
import { MeetingMinutesPanel } from './meeting-minutes-panel';
import { ParentLetterPanel } from './parent-letter-panel';
import { SummaryPanel } from './summary-panel';
import { TextCorrectionPanel } from './text-correction-panel';

/**
 * The parent counselling sheet and record share one item type: recreate opens the form the item
 * was made with (`sheet` in its kept form), whichever of the two the link named.
 */
function useCounselParentTool(tool: PanelTool | null, recreateId: number | null): PanelTool | null {
  const isParent = tool === 'counsel-parent' || tool === 'counsel-parent-record';
  const item = useStudioItem('counsel-parent', isParent ? recreateId : null);
  const input = item.data?.input;
  if (!isParent || !input) return tool;
  return input.sheet === true ? 'counsel-parent' : 'counsel-parent-record';
}

/**
 * Opens the creation panel of one tool (the catalogue's `route`), or none. `recreateId` opens a
 * studio tool's panel in recreate mode for that document, its form prefilled from the kept one.
 */
export function ToolPanelHost({
  tool: requested,
  onClose,
  recreateId = null,
  onOpen,
}: {
  tool: PanelTool | null;
  onClose: () => void;
  recreateId?: number | null;
  /** Opens another panel (the parent counselling sheet and record link to each other). */
  onOpen?: (tool: PanelTool) => void;
}) {
  const tool = useCounselParentTool(requested, recreateId);
  // A studio panel is open when it is the tool, in recreate mode for `recreateId`; keyed by the
  // document, so another document's recreate starts from a fresh form.
  const studio = (route: StudioTool) => ({
    opened: tool === route,
    onClose,
    recreateId,
  });
  return (
    <>
      <SummaryPanel opened={tool === 'summary'} onClose={onClose} />
      <TextCorrectionPanel opened={tool === 'text-correction'} onClose={onClose} />
      <FeedbackPanel opened={tool === 'feedback'} onClose={onClose} />
      <LessonPanel opened={tool === 'lesson'} onClose={onClose} />
      <EvaluationPlanPanel key={`evaluation-plan-${recreateId}`} {...studio('evaluation-plan')} />
      <ParentLetterPanel key={`parent-letter-${recreateId}`} {...studio('parent-letter')} />
      <MeetingMinutesPanel key={`meeting-minutes-${recreateId}`} {...studio('meeting-minutes')} />
      <GroupPlayPlanPanel key={`group-play-plan-${recreateId}`} {...studio('group-play-plan')} />
      <GroupPlayLessonPlanPanel
        key={`group-play-lesson-plan-${recreateId}`}
        {...studio('group-play-lesson-plan')}
      />
      <CounselStudentPanel key={`counsel-student-${recreateId}`} {...studio('counsel-student')} />
      <CounselParentSheetPanel
        key={`counsel-parent-${recreateId}`}
        {...studio('counsel-parent')}
        onSwitch={onOpen ? () => onOpen('counsel-parent-record') : undefined}
      />
      <CounselParentPanel
        key={`counsel-parent-record-${recreateId}`}
        {...studio('counsel-parent-record')}
        onSwitch={onOpen ? () => onOpen('counsel-parent') : undefined}
      />
      <CounselParentScriptPanel
        key={`counsel-parent-script-${recreateId}`}
        {...studio('counsel-parent-script')}
      />
    </>
  );
}
