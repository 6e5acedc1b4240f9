// The document screens load as one chunk from one place in the route table (routes.tsx), so the
// first page's bundle carries a single import for all of them. The TipTap editor is a further
// chunk of its own (lazy-document-editor.tsx): the viewer never downloads it.
export { DocumentEditorPage } from './components/document-editor-page';
export { DocumentViewerPage } from './components/document-viewer-page';
export { ImmersiveDocumentGuard } from './components/immersive-document-guard';
export { NewDocumentEditorPage } from './components/new-document-editor-page';
