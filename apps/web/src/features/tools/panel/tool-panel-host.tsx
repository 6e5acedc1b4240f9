import type { PanelTool } from '../api';
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
 * Opens the creation panel of one tool (the catalogue's `route`), or none. `recreateId` opens the
 * evaluation plan, parent letter or scenario panel in recreate mode for that document.
 */
export function ToolPanelHost({
  tool,
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
  return (
    <>
      <SummaryPanel opened={tool === 'summary'} onClose={onClose} />
      <TextCorrectionPanel opened={tool === 'text-correction'} onClose={onClose} />
      <FeedbackPanel opened={tool === 'feedback'} onClose={onClose} />
      <LessonPanel opened={tool === 'lesson'} onClose={onClose} />
      <EvaluationPlanPanel
        key={`evaluation-plan-${recreateId}`}
        opened={tool === 'evaluation-plan'}
        onClose={onClose}
        recreateId={recreateId}
      />
      <ParentLetterPanel
        key={`parent-letter-${recreateId}`}
        opened={tool === 'parent-letter'}
        onClose={onClose}
        recreateId={recreateId}
      />
      <MeetingMinutesPanel opened={tool === 'meeting-minutes'} onClose={onClose} />
      <GroupPlayPlanPanel opened={tool === 'group-play-plan'} onClose={onClose} />
      <GroupPlayLessonPlanPanel opened={tool === 'group-play-lesson-plan'} onClose={onClose} />
      <CounselStudentPanel opened={tool === 'counsel-student'} onClose={onClose} />
      <CounselParentSheetPanel
        opened={tool === 'counsel-parent'}
        onClose={onClose}
        onSwitch={onOpen ? () => onOpen('counsel-parent-record') : undefined}
      />
      <CounselParentPanel
        opened={tool === 'counsel-parent-record'}
        onClose={onClose}
        onSwitch={onOpen ? () => onOpen('counsel-parent') : undefined}
      />
      <CounselParentScriptPanel
        key={`counsel-parent-script-${recreateId}`}
        opened={tool === 'counsel-parent-script'}
        onClose={onClose}
        recreateId={recreateId}
      />
    </>
  );
}
