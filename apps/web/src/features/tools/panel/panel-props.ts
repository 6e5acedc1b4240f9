/** What the index (or a view) gives a creation panel. */
export interface PanelProps {
  opened: boolean;
  onClose: () => void;
}

/** A panel with a sibling form of the same document type (the parent counselling sheet and record). */
export interface SwitchablePanelProps extends PanelProps {
  /** Opens the sibling form instead; without it the panel offers no switch. */
  onSwitch?: () => void;
}

/** A panel that can also re-make an existing document (document-tools.md §2 recreate mode). */
export interface RecreatablePanelProps extends PanelProps {
  /** The library item to make again; without it the panel creates a new document. */
  recreateId?: number | null;
  /** Called with the id once the document is made again; by default its viewer opens. */
  onDone?: (id: number) => void;
}
