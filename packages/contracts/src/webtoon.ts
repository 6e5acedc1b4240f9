import { z } from 'zod';
import { VISIBILITY_VALUES } from './text-correction.ts';

/**
 * The webtoon tool (libraryType WEBTOON, `/generate/webtoon`): a 4–8-panel educational comic on a
 * topic for a grade. The script (characters, panels, dialogue, narration) comes from the model or
 * the offline drafter; the server draws the panels as SVG and exports them as PNG or PDF.
 */
export const WEBTOON_MIN_PANELS = 4;
export const WEBTOON_MAX_PANELS = 8;
export const WEBTOON_MAX_LINE = 80;
/** Simple drawn backgrounds, used when no picture was drawn for a panel. */
export const WEBTOON_SETTINGS = ['classroom', 'outdoor', 'lab', 'home', 'library', 'night'] as const;

const nameSchema = z.string().trim().min(1).max(12);

export const webtoonInputSchema = z
  .object({
    title: z
      .string({ message: '제목을 입력해주세요.' })
      .trim()
      .min(1, { message: '제목을 입력해주세요.' })
      .max(200),
    topic: z
      .string({ message: '주제를 입력해주세요.' })
      .trim()
      .min(1, { message: '주제를 입력해주세요.' })
      .max(200),
    gradeSeq: z.number({ message: '학년을 선택해주세요.' }).int().positive(),
    /** What the comic must teach, one fact a line (the offline drafter builds the story from them). */
    facts: z.string().trim().max(3000).default(''),
    panelCount: z.number().int().min(WEBTOON_MIN_PANELS).max(WEBTOON_MAX_PANELS).default(4),
    /** The characters' names; two are made up when none are given. */
    characters: z.array(nameSchema).max(3).default([]),
    /** Draw one picture a panel with the image model, when one is configured. */
    pictures: z.boolean().default(true),
    accessLevel: z.enum(VISIBILITY_VALUES).default('PUBLIC'),
    editable: z.boolean().default(true),
  })
  .meta({ id: 'WebtoonCreate' });
export type WebtoonInput = z.infer<typeof webtoonInputSchema>;

export const webtoonLineSchema = z.object({
  speaker: nameSchema,
  text: z.string().trim().min(1).max(WEBTOON_MAX_LINE),
});
export type WebtoonLine = z.infer<typeof webtoonLineSchema>;

export const webtoonPanelSchema = z.object({
  /** What the panel shows, in a sentence (also the picture's prompt). */
  scene: z.string().max(300),
  setting: z.enum(WEBTOON_SETTINGS),
  narration: z.string().max(WEBTOON_MAX_LINE),
  dialogue: z.array(webtoonLineSchema).max(3),
  /** A picture the image model drew for this panel, or null for a drawn scene. */
  imageUrl: z.string().nullable(),
});
export type WebtoonPanel = z.infer<typeof webtoonPanelSchema>;

export const webtoonCharacterSchema = z.object({
  name: nameSchema,
  /** Who they are in the story (학생, 선생님, 과학자 …). */
  role: z.string().max(30),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type WebtoonCharacter = z.infer<typeof webtoonCharacterSchema>;

export const webtoonResultSchema = z
  .object({
    topic: z.string(),
    grade: z.string(),
    characters: z.array(webtoonCharacterSchema).min(1).max(3),
    panels: z.array(webtoonPanelSchema).min(WEBTOON_MIN_PANELS).max(WEBTOON_MAX_PANELS),
    engine: z.enum(['model', 'offline']),
    /** Said plainly: an offline draft, pictures not drawn, and so on. */
    notice: z.string().nullable(),
  })
  .meta({ id: 'WebtoonResult' });
export type WebtoonResult = z.infer<typeof webtoonResultSchema>;

/** The teacher's edit of the panels' text (the same panels, in order). */
export const webtoonUpdateSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  panels: z
    .array(
      z.object({
        narration: z.string().trim().max(WEBTOON_MAX_LINE, { message: '해설은 80자 안으로 써주세요.' }),
        dialogue: z
          .array(
            z.object({
              speaker: nameSchema,
              text: z
                .string()
                .trim()
                .min(1, { message: '대사를 입력해주세요.' })
                .max(WEBTOON_MAX_LINE, { message: '대사는 80자 안으로 써주세요.' }),
            }),
          )
          .max(3),
      }),
    )
    .min(WEBTOON_MIN_PANELS)
    .max(WEBTOON_MAX_PANELS)
    .optional(),
});
export type WebtoonUpdate = z.infer<typeof webtoonUpdateSchema>;

export const webtoonExportQuerySchema = z.object({
  format: z.enum(['svg', 'png', 'pdf']).default('png'),
});
