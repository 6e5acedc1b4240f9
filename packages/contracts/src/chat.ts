import { z } from 'zod';
import { patchOf } from './patch.ts';
import { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE } from './plain-values.ts';
import { toolSharingSchema } from './sharing.ts';

export { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE };

/** The all-zero UUID (or ROOT) marks a message without a parent (core.md §3, §9). */
export const NO_PARENT_ID = '00000000-0000-0000-0000-000000000000';
export const MAX_PINNED_CONVERSATIONS = 10;
export const MAX_CHAT_INPUT_LENGTH = 20_000;
export const MAX_CONVERSATION_STARTERS = 4;
export const MAX_COMMAND_LENGTH = 56;
export const DEFAULT_MODEL = 'gpt-4.1';
export const DEFAULT_ENDPOINT = 'openAI';
export const DEFAULT_TITLE = 'New Chat';

const idSchema = z.string().trim().min(1).max(100);
const parentIdSchema = z
  .string()
  .trim()
  .max(100)
  .transform((value) => (value === 'ROOT' || value === '' ? NO_PARENT_ID : value));

export const chatFileRefSchema = z
  .object({
    file_id: z.string().max(100),
    filename: z.string().max(300).optional(),
    type: z.string().max(200).optional(),
    filepath: z.string().max(1000).optional(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
  })
  .passthrough();

/** POST /api/agents/chat/{endpoint} (core.md §7). */
/** The HWP editor's own assistant (core.md §3): a chat agent bound to one document. */
export const DOCUMENT_ASSISTANT_AGENT_ID = 'document-assistant';
export const DOCUMENT_ASSISTANT_ACTIONS = ['ask', 'rewrite', 'summarise', 'translate', 'spelling'] as const;
export type DocumentAssistantAction = (typeof DOCUMENT_ASSISTANT_ACTIONS)[number];
/** What of the document goes with each message: read into the system prompt, never stored. */
export const MAX_DOCUMENT_CONTEXT_LENGTH = 40_000;

export const documentContextSchema = z
  .object({
    title: z.string().max(200).default(''),
    /** The document's text as it stands in the editor. */
    text: z.string().max(MAX_DOCUMENT_CONTEXT_LENGTH).default(''),
    action: z.enum(DOCUMENT_ASSISTANT_ACTIONS).default('ask'),
    /** The passage the teacher selected, for every action but `ask`. */
    selection: z.string().max(MAX_CHAT_INPUT_LENGTH).optional(),
    /** A translation's target; by default the other of Korean and English. */
    targetLanguage: z.enum(['ko', 'en']).optional(),
  })
  .meta({ id: 'DocumentContext' });
export type DocumentContext = z.infer<typeof documentContextSchema>;

export const chatRequestSchema = z
  .object({
    text: z
      .string()
      .min(1, { message: '메시지를 입력해 주세요.' })
      .max(MAX_CHAT_INPUT_LENGTH, {
        message: `메시지는 ${MAX_CHAT_INPUT_LENGTH.toLocaleString()}자 이하로 입력해 주세요.`,
      }),
    sender: z.string().max(50).optional(),
    clientTimestamp: z.string().max(50).optional(),
    isCreatedByUser: z.boolean().optional(),
    parentMessageId: parentIdSchema.default(NO_PARENT_ID),
    messageId: idSchema.optional(),
    conversationId: idSchema.nullable().optional(),
    endpoint: z.string().max(50).optional(),
    model: z.string().max(100).optional(),
    files: z.array(chatFileRefSchema).max(10).optional(),
    gadgetId: z.string().max(100).nullable().optional(),
    userSettings: z.record(z.string(), z.unknown()).optional(),
    ephemeralAgent: z.unknown().optional(),
    /** Set when regenerating: the response is a sibling of this message's previous answer. */
    isRegenerate: z.boolean().optional(),
    /** Sent by the HWP editor's assistant: the document the question is about. */
    documentContext: documentContextSchema.optional(),
  })
  .meta({ id: 'ChatRequest' });
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** POST /api/v1/agent/chat/stream, the newer snake_case payload (core.md §7). */
export const agentChatRequestSchema = z
  .object({
    agent_id: z.string().max(100).nullable().optional(),
    message_id: idSchema.optional(),
    text: chatRequestSchema.shape.text,
    session_id: z.string().max(100).nullable().optional(),
    model: z.string().max(100).optional(),
    files: z.array(chatFileRefSchema).max(10).optional(),
    conversation_id: idSchema.nullable().optional(),
    parent_message_id: parentIdSchema.default(NO_PARENT_ID),
    endpoint: z.string().max(50).optional(),
    user_settings: z.record(z.string(), z.unknown()).optional(),
    is_valid_license: z.boolean().optional(),
    license_key: z.string().max(100).nullable().optional(),
    should_override_system_prompt: z.boolean().optional(),
  })
  .meta({ id: 'AgentChatRequest' });

export const CONTENT_TYPES = [
  'text',
  'think',
  'tool_call',
  'image_file',
  'image_url',
  'error',
  'agent_update',
] as const;

export const toolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  args: z.string(),
  auth: z.string().optional(),
  expires_at: z.number().optional(),
  progress: z.number().optional(),
  output: z.string().optional(),
});

export const contentPartSchema = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('think'), think: z.string() }),
  z.object({ type: z.literal('tool_call'), tool_call: toolCallSchema }),
  z.object({
    type: z.literal('image_file'),
    image_file: z.object({ file_id: z.string(), filepath: z.string().optional() }),
  }),
  z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string() }) }),
  z.object({ type: z.literal('error'), error: z.string() }),
  z.object({
    type: z.literal('agent_update'),
    agent_update: z.object({ agentId: z.string(), index: z.number() }),
  }),
]);
export type ContentPart = z.infer<typeof contentPartSchema>;

export const messageSchema = z
  .object({
    messageId: z.string(),
    parentMessageId: z.string(),
    conversationId: z.string(),
    text: z.string(),
    content: z.array(contentPartSchema),
    sender: z.string(),
    isCreatedByUser: z.boolean(),
    clientTimestamp: z.string().nullable(),
    error: z.boolean(),
    unfinished: z.boolean(),
    endpoint: z.string().nullable(),
    model: z.string().nullable(),
    files: z.array(chatFileRefSchema),
    gadgetId: z.string().nullable(),
    isLiked: z.boolean().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Number of siblings (answers to the same parent), so the UI can offer "1 / 3". */
    siblingCount: z.number().int(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z
  .object({
    conversationId: z.string(),
    title: z.string(),
    endpoint: z.string().nullable(),
    model: z.string().nullable(),
    gadgetId: z.string().nullable(),
    isPinned: z.boolean(),
    pinOrder: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(0).max(100000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(CONVERSATION_PAGE_SIZE),
});
export const conversationPageSchema = z.object({
  conversations: z.array(conversationSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  hasMore: z.boolean(),
});

/** The longest conversation search a teacher can type; longer text is no longer a search. */
export const MAX_CONVERSATION_SEARCH_LENGTH = 100;
export const CONVERSATION_SEARCH_LIMIT = 30;

export const conversationSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(MAX_CONVERSATION_SEARCH_LENGTH),
  limit: z.coerce.number().int().min(1).max(CONVERSATION_SEARCH_LIMIT).default(CONVERSATION_SEARCH_LIMIT),
});
export type ConversationSearchQuery = z.infer<typeof conversationSearchQuerySchema>;

/** A found conversation: where the words matched, and a line of the message that holds them. */
export const conversationHitSchema = conversationSchema
  .extend({
    matchedIn: z.enum(['title', 'message']),
    snippet: z.string().nullable(),
  })
  .meta({ id: 'ConversationHit' });
export type ConversationHit = z.infer<typeof conversationHitSchema>;

export const conversationSearchSchema = z.object({ conversations: z.array(conversationHitSchema) });
export type ConversationSearch = z.infer<typeof conversationSearchSchema>;

export const messagePageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(0).max(100000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(MESSAGE_PAGE_SIZE),
});
export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  hasMore: z.boolean(),
});

export const conversationIdParamSchema = z.object({ id: idSchema });
export const pinSchema = z.object({ isPinned: z.boolean() });
export const reorderPinnedSchema = z.object({
  conversationIds: z.array(idSchema).max(MAX_PINNED_CONVERSATIONS),
});
export const titleSchema = z.object({ title: z.string().trim().min(1).max(200) });
export const conversationUpdateSchema = z.object({
  arg: z
    .object({
      conversationId: idSchema,
      isPinned: z.boolean().optional(),
      title: z.string().trim().min(1).max(200).optional(),
    })
    .optional(),
  conversationId: idSchema.optional(),
  isPinned: z.boolean().optional(),
  title: z.string().trim().min(1).max(200).optional(),
});
export const likeSchema = z.object({ isLiked: z.boolean().nullable() });
export const cancelStreamSchema = z.object({ stream_id: z.string().min(1).max(100) });
export const genTitleSchema = z.object({ conversationId: idSchema });

/** An assistant of the catalogue (core.md §5: at most 4 starters, commands of at most 56 characters). */
export const agentSchema = z
  .object({
    id: z.string().min(1).max(100),
    type: z.enum(['chat', 'tool']),
    name: z.string().min(1).max(100),
    description: z.string().max(500),
    icon: z.string().max(50),
    conversationStarters: z.array(z.string().min(1).max(200)).max(MAX_CONVERSATION_STARTERS),
    commands: z.array(z.string().min(1).max(MAX_COMMAND_LENGTH)).max(20),
  })
  .meta({ id: 'Agent' });
export type Agent = z.infer<typeof agentSchema>;
export const agentListQuerySchema = z.object({ type: z.enum(['chat', 'tool']).optional() });

export const USER_SETTING_LANGUAGES = ['ko', 'en'] as const;
/** User settings of the assistant (core.md leaves the fields open; these are ours). */
export const userSettingsSchema = z
  .object({
    model: z.string().max(100).default(DEFAULT_MODEL),
    endpoint: z.string().max(50).default(DEFAULT_ENDPOINT),
    language: z.enum(USER_SETTING_LANGUAGES).default('ko'),
    /** Characters revealed per animation frame; 1 is the spec's default stream rate. */
    streamRate: z.number().int().min(1).max(10).default(1),
    defaultAgentId: z.string().max(100).default('general'),
    showReasoning: z.boolean().default(true),
    sendWithEnter: z.boolean().default(true),
    fontSize: z.enum(['small', 'medium', 'large']).default('medium'),
    /** The sharing each tool last used, offered again next time (unset: the tool's default). */
    toolSharing: toolSharingSchema.default({}),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof userSettingsSchema>;
export const userSettingsUpdateSchema = patchOf(userSettingsSchema).strict();
