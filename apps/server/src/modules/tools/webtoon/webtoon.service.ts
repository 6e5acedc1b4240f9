import {
  WEBTOON_MAX_LINE,
  WEBTOON_SETTINGS,
  type WebtoonCharacter,
  type WebtoonInput,
  type WebtoonPanel,
  type WebtoonResult,
  type WebtoonUpdate,
  webtoonResultSchema,
} from '@ssaem/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import type { AiGateway } from '../../../platform/ai/gateway.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { GeneratedImages } from '../../../platform/storage/generated-images.ts';
import type { Actor } from '../../../policies/actor.ts';
import { canOnMaterial } from '../../../policies/material.policy.ts';
import { downloadName } from '../../documents/content-disposition.ts';
import type { FileToSend } from '../../documents/documents.service.ts';
import type { LibraryRepository } from '../../library/library.repository.ts';
import type { GenerationService } from '../generation.service.ts';
import { asMaterial, createToolItems, sharingOf } from '../tool-items.ts';
import type { ToolsService } from '../tools.service.ts';
import { castOf, draftWebtoon, linesOf, OFFLINE_NOTICE } from './webtoon-draft.ts';
import { webtoonPdf, webtoonPng } from './webtoon-export.ts';
import { webtoonSvg } from './webtoon-svg.ts';

export const WEBTOON = 'WEBTOON';
const IMAGE_PREFIX = '/api/v1/webtoon/images/';
const FALLBACK_PROMPT =
  '주어진 학년의 학생이 읽을 교육 만화 대본을 씁니다. 교사가 적은 내용을 정확하게 담고, 지어내지 않습니다.';

/** What an item keeps as its input: the form as sent, with the grade's name for the story. */
export type StoredWebtoonInput = WebtoonInput & { gradeName: string };

const modelScriptSchema = z.object({
  characters: z.array(z.object({ name: z.string(), role: z.string() })),
  panels: z.array(
    z.object({
      scene: z.string(),
      setting: z.enum(WEBTOON_SETTINGS),
      narration: z.string(),
      dialogue: z.array(z.object({ speaker: z.string(), text: z.string() })),
    }),
  ),
});

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text).trim();

/**
 * The model's script held to the form: the panel count asked for, at most three lines a panel,
 * every line within a bubble's length, and every speaker one of the cast.
 */
export function fitScript(
  script: z.infer<typeof modelScriptSchema>,
  form: StoredWebtoonInput,
): Pick<WebtoonResult, 'characters' | 'panels'> | null {
  const names = [...new Set(script.characters.map((c) => clip(c.name, 12)).filter(Boolean))].slice(0, 3);
  const cast: WebtoonCharacter[] = castOf(names.length ? names : form.characters).map((c, i) => ({
    ...c,
    role: clip(script.characters[i]?.role ?? '', 30) || c.role,
  }));
  const known = new Set(cast.map((c) => c.name));
  const panels: WebtoonPanel[] = script.panels.slice(0, form.panelCount).map((panel) => ({
    scene: clip(panel.scene, 300),
    setting: panel.setting,
    narration: linesOf(panel.narration, WEBTOON_MAX_LINE)[0] ?? '',
    dialogue: panel.dialogue
      .filter((line) => line.text.trim())
      .slice(0, 3)
      .map((line) => ({
        speaker: known.has(line.speaker.trim()) ? line.speaker.trim() : (cast[0]?.name ?? '하늘'),
        text: linesOf(line.text, WEBTOON_MAX_LINE)[0] ?? '',
      })),
    imageUrl: null,
  }));
  if (panels.length < form.panelCount) return null;
  return { characters: cast, panels };
}

/**
 * The webtoon on the document pipeline: the form is the item's input; the generation job writes
 * the script (the model's, or the offline drafter's) and, when an image model is configured and
 * the teacher wants pictures, draws one picture a panel. The strip is drawn from the stored
 * script whenever it is asked for, so an edited line shows at once in the SVG, PNG and PDF.
 */
export function createWebtoonService(deps: {
  db: Kysely<Database>;
  generation: GenerationService;
  library: LibraryRepository;
  gateway: AiGateway;
  tools: ToolsService;
  pictures: GeneratedImages;
}) {
  async function scriptOf(creatorId: number, form: StoredWebtoonInput) {
    if (deps.gateway.info.offline) return null;
    const prompt = await deps.db
      .selectFrom('aiPrompt')
      .select('seq')
      .where('toolCode', '=', WEBTOON)
      .executeTakeFirst();
    const system = (prompt ? await deps.tools.systemPromptFor(prompt.seq) : undefined) ?? FALLBACK_PROMPT;
    const output = await deps.gateway.generateObject({
      caller: { userId: creatorId },
      purpose: 'webtoon',
      system,
      prompt: [
        `학년: ${form.gradeName}`,
        `주제: ${form.topic}`,
        `컷 수: ${form.panelCount}`,
        form.characters.length ? `등장인물: ${form.characters.join(', ')}` : '등장인물: 알맞게 두세 명',
        form.facts ? `꼭 담을 내용:\n${form.facts}` : '',
        `setting은 ${WEBTOON_SETTINGS.join(', ')} 중 하나입니다. 대사와 해설은 80자 안으로 씁니다.`,
      ]
        .filter(Boolean)
        .join('\n'),
      schema: modelScriptSchema,
    });
    return fitScript(output, form);
  }

  /** One picture a panel; a picture that fails is left out and counted, the comic never fails for it. */
  async function illustrate(creatorId: number, form: StoredWebtoonInput, panels: WebtoonPanel[]) {
    if (!form.pictures || !deps.gateway.canGenerateImages) return { panels, note: null };
    let failed = 0;
    const drawn: WebtoonPanel[] = [];
    for (const panel of panels) {
      try {
        const picture = await deps.gateway.generateImage({
          caller: { userId: creatorId },
          purpose: 'webtoon-image',
          prompt: `${form.gradeName} 학생을 위한 교육 웹툰의 한 컷. 주제: ${form.topic}. 장면: ${panel.scene}. 말풍선과 글자 없이, 밝고 단순한 만화 그림체.`,
          size: '1024x1024',
        });
        drawn.push({ ...panel, imageUrl: `${IMAGE_PREFIX}${await deps.pictures.save(picture)}` });
      } catch {
        failed += 1;
        drawn.push(panel);
      }
    }
    return {
      panels: drawn,
      note: failed
        ? `그림 ${panels.length}장 중 ${failed}장을 그리지 못해 그 컷은 간단한 그림으로 그렸어요.`
        : null,
    };
  }

  deps.generation.register(WEBTOON, async ({ item, input }) => {
    const form = input as StoredWebtoonInput;
    const fromModel = await scriptOf(item.creatorId, form);
    const script =
      fromModel ??
      draftWebtoon({
        topic: form.topic,
        grade: form.gradeName,
        facts: form.facts,
        panelCount: form.panelCount,
        characters: form.characters,
      });
    const pictured = await illustrate(item.creatorId, form, script.panels);
    const notices = [
      fromModel ? null : OFFLINE_NOTICE,
      form.pictures && !deps.gateway.canGenerateImages
        ? '그림 생성 모델이 연결되어 있지 않아 컷마다 간단한 배경을 그렸어요.'
        : null,
      pictured.note,
    ].filter(Boolean);
    return {
      content: webtoonResultSchema.parse({
        topic: form.topic,
        grade: form.gradeName,
        characters: script.characters,
        panels: pictured.panels,
        engine: fromModel ? 'model' : 'offline',
        notice: notices.length ? notices.join(' ') : null,
      }),
    };
  });

  const items = createToolItems({
    library: deps.library,
    generation: deps.generation,
    libraryType: WEBTOON,
    resultSchema: webtoonResultSchema,
  });

  async function storedInput(input: WebtoonInput): Promise<StoredWebtoonInput> {
    const grade = await deps.db
      .selectFrom('code')
      .select('name')
      .where('codeSeq', '=', input.gradeSeq)
      .executeTakeFirst();
    if (!grade)
      throw new AppError('E_VALIDATION', {
        details: [{ path: 'gradeSeq', message: '학년을 선택해주세요.' }],
      });
    return { ...input, gradeName: grade.name };
  }

  async function editable(actor: Actor, id: number) {
    const item = await items.visible(actor, id);
    if (!canOnMaterial(actor, 'edit', asMaterial(item))) throw new AppError('E_FORBIDDEN');
    return item;
  }

  async function readyResult(actor: Actor, id: number) {
    const item = await items.visible(actor, id);
    if (item.status !== 3 || !item.content) throw new AppError('E_NOT_READY');
    return { item, result: webtoonResultSchema.parse(JSON.parse(item.content)) };
  }

  /** The panels' pictures inlined, so a rasteriser or a downloaded SVG needs nothing else. */
  async function inlinePictures(result: WebtoonResult) {
    const inlined = new Map<string, string>();
    for (const panel of result.panels) {
      const url = panel.imageUrl;
      if (!url?.startsWith(IMAGE_PREFIX) || inlined.has(url)) continue;
      const picture = await deps.pictures.read(url.slice(IMAGE_PREFIX.length)).catch(() => null);
      if (picture) inlined.set(url, `data:${picture.type};base64,${picture.bytes.toString('base64')}`);
    }
    return (panel: WebtoonPanel) => (panel.imageUrl ? (inlined.get(panel.imageUrl) ?? null) : null);
  }

  return {
    items,
    list: items.list,
    remove: items.remove,
    copy: items.copy,
    image: (file: string) => deps.pictures.read(file),

    /** The item, with its form for those who may edit it (recreate reopens the form prefilled). */
    async get(actor: Actor, id: number) {
      const item = await items.visible(actor, id);
      const presented = await items.get(actor, id);
      if (!canOnMaterial(actor, 'edit', asMaterial(item))) return { ...presented, input: null };
      return { ...presented, input: JSON.parse(item.input) as StoredWebtoonInput };
    },

    async create(actor: Actor, input: WebtoonInput, idempotencyKey?: string) {
      await deps.generation.assertLicensed(actor);
      const form = await storedInput(input);
      return deps.generation.submit(actor, {
        libraryType: WEBTOON,
        materialType: 'document',
        title: input.title,
        input: form,
        visibility: input.accessLevel,
        editable: input.editable,
        gradeSeq: input.gradeSeq,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
    },

    /** Again, with the kept form or a changed one (validated by the route like a new one). */
    recreate(actor: Actor, id: number, changed: WebtoonInput | undefined) {
      return items.recreateWith(actor, id, async () => {
        if (!changed) return undefined;
        const form = await storedInput(changed);
        return { input: form, title: form.title, sharing: sharingOf(changed) };
      });
    },

    /**
     * The teacher's edit of the panels' text: the same number of panels, speakers from the cast;
     * scenes, settings and pictures stay as drawn.
     */
    async save(actor: Actor, id: number, update: WebtoonUpdate) {
      await editable(actor, id);
      const { result } = await readyResult(actor, id);
      let next = result;
      if (update.panels) {
        if (update.panels.length !== result.panels.length)
          throw new AppError('E_VALIDATION', {
            details: [{ path: 'panels', message: '컷 수는 바꿀 수 없어요. 다시 만들기에서 바꿔 주세요.' }],
          });
        const cast = new Set(result.characters.map((c) => c.name));
        update.panels.forEach((panel, i) => {
          panel.dialogue.forEach((line, j) => {
            if (!cast.has(line.speaker))
              throw new AppError('E_VALIDATION', {
                details: [
                  { path: `panels.${i}.dialogue.${j}.speaker`, message: '등장인물 중에서 골라주세요.' },
                ],
              });
          });
        });
        next = {
          ...result,
          panels: result.panels.map((panel, i) => ({
            ...panel,
            narration: update.panels?.[i]?.narration ?? panel.narration,
            dialogue: update.panels?.[i]?.dialogue ?? panel.dialogue,
          })),
        };
      }
      return items.saveResult(actor, id, { ...(update.title ? { title: update.title } : {}), result: next });
    },

    /** The strip as SVG (pictures by their URL, for the page) — or inlined for a download. */
    async svg(actor: Actor, id: number, inline: boolean) {
      const { item, result } = await readyResult(actor, id);
      const imageOf = inline ? await inlinePictures(result) : (panel: WebtoonPanel) => panel.imageUrl;
      return { title: item.title, svg: webtoonSvg(item.title, result, imageOf) };
    },

    async exportItem(actor: Actor, id: number, format: 'svg' | 'png' | 'pdf'): Promise<FileToSend> {
      const { item, result } = await readyResult(actor, id);
      const imageOf = await inlinePictures(result);
      const bytes =
        format === 'svg'
          ? new TextEncoder().encode(webtoonSvg(item.title, result, imageOf))
          : format === 'png'
            ? webtoonPng(item.title, result, imageOf)
            : await webtoonPdf(item.title, result, imageOf);
      const mimeType = { svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf' }[format];
      return { bytes, mimeType, fileName: downloadName(undefined, item.title, format) };
    },
  };
}

export type WebtoonService = ReturnType<typeof createWebtoonService>;
