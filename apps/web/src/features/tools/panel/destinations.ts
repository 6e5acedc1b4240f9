import { type GenerationTool, isStudioTool, STUDIO_TOOLS } from '../api';

/** Where each tool's result opens once it is generated (document-tools.md §2). */
export function destinationOf(tool: GenerationTool, id: number): string {
  if (isStudioTool(tool)) return `/immersive/document/${id}?type=${STUDIO_TOOLS[tool].libraryType}`;
  switch (tool) {
    case 'lesson':
      return `/immersive/create-lesson/${id}`;
    case 'summary':
      return `/immersive/create-summary?id=${id}`;
    case 'feedback':
      return `/immersive/create-feedback?id=${id}`;
    case 'text-correction':
      return `/immersive/create-text-correction?id=${id}`;
    case 'document-generate':
      return `/immersive/document/${id}?type=GENERATE_DOCUMENT`;
  }
}
