import { z } from 'zod';

/**
 * The error catalogue (core.md §8) plus the codes the platform adds for protocol-level failures.
 * The client switches on `code`, never on the message text.
 */
export const ERROR_CATALOGUE = {
  E_FORBIDDEN: { status: 403, ko: '권한이 없습니다.', en: 'You do not have permission.' },
  E_UNAUTHORIZED: { status: 401, ko: '사용자 인증이 필요합니다.', en: 'User authentication is required.' },
  E_NOT_FOUND_001: { status: 404, ko: '일치하는 학교 코드가 없습니다.', en: 'No matching school code.' },
  E_NOT_FOUND_002: { status: 404, ko: '사용 내역을 찾을 수 없습니다.', en: 'Usage history not found.' },
  E_NOT_FOUND_003: {
    status: 404,
    ko: '일치하는 교육 업체가 없습니다.',
    en: 'No matching education company.',
  },
  E_FILE_001: { status: 400, ko: '파일 업로드에 실패했습니다.', en: 'File upload failed.' },
  E_EXCEL_001: {
    status: 500,
    ko: '엑셀 파일 생성 중 오류가 발생했습니다.',
    en: 'Error creating the Excel file.',
  },
  E_CONFLICT_001: {
    status: 409,
    ko: '이미 등록된 사용자 이름입니다.',
    en: 'This user name is already registered.',
  },
  E_CONFLICT_002: {
    status: 409,
    ko: '이미 등록된 클라이언트 ID입니다.',
    en: 'This client id is already registered.',
  },
  E_CONFLICT_003: { status: 409, ko: '이미 등록된 업체입니다.', en: 'This vendor is already registered.' },
  E_IMMUTABLE_VALUE_001: {
    status: 400,
    ko: '클라이언트 ID와 제품 키는 변경할 수 없습니다.',
    en: 'The client id and the product key cannot be changed.',
  },
  E_NOT_READY: {
    status: 409,
    ko: '아직 만드는 중인 자료입니다. 완성된 뒤에 다시 시도해 주세요.',
    en: 'This material is still being made. Try again once it is finished.',
  },
  E_TOOL_CODE_TAKEN: {
    status: 409,
    ko: '이미 쓰고 있는 도구 코드입니다.',
    en: 'This tool code is already in use.',
  },
  E_TOOL_NESTING: {
    status: 400,
    ko: '도구 그룹은 한 단계까지만 만들 수 있습니다. 하위 도구가 있는 도구는 다른 도구 아래로 옮길 수 없습니다.',
    en: 'Tool groups are one level deep: a tool with children cannot go under another tool.',
  },
  E_TOOL_CODE_IMMUTABLE: {
    status: 400,
    ko: '도구 코드는 바꿀 수 없습니다.',
    en: 'A tool code cannot be changed.',
  },
  E_ALREADY_FULL: {
    status: 409,
    ko: '고정할 수 있는 최대 개수에 도달했습니다.',
    en: 'The maximum number of pinned items has been reached.',
  },
  COMMON: {
    status: 400,
    ko: '오류가 발생했습니다. 새로고침하거나 잠시 후 다시 시도해 주세요.',
    en: 'An error occurred. Refresh the page or try again later.',
  },
  SERVER_ERROR: { status: 500, ko: '오류가 발생했습니다.', en: 'An error occurred.' },
  E_LICENSE_001: {
    status: 403,
    ko: '유효한 라이선스가 없습니다. 라이선스를 등록하거나 구매해 주세요.',
    en: 'No valid licence. Register or purchase a licence.',
  },
  E_LICENSE_002: {
    status: 403,
    ko: '라이선스의 토큰 사용 한도를 초과했습니다.',
    en: "The licence's token limit has been reached.",
  },
  E_VERIFICATION_001: {
    status: 400,
    ko: '인증번호가 올바르지 않거나 만료되었습니다.',
    en: 'The verification code is wrong or has expired.',
  },
  E_ALREADY_DECIDED: {
    status: 409,
    ko: '이미 처리된 요청입니다.',
    en: 'This request has already been decided.',
  },
  E_LAST_SUPER_ADMIN: {
    status: 409,
    ko: '마지막 최고 관리자의 권한은 회수하거나 비활성화할 수 없습니다.',
    en: 'The last super administrator cannot lose the role or be disabled.',
  },
  E_ALREADY_IN_USE: {
    status: 409,
    ko: '이미 사용 중으로 등록한 에듀테크입니다.',
    en: 'This edutech is already registered as in use.',
  },
  E_TRIAL_USED: {
    status: 409,
    ko: '무료 체험은 계정마다 한 번만 시작할 수 있습니다.',
    en: 'The free trial can be started once per account.',
  },
  E_KEY_GROUP_TAKEN: {
    status: 409,
    ko: '이미 있는 키 묶음 이름입니다. 다른 이름을 정해 주세요.',
    en: 'A key group with this name exists. Choose another name.',
  },
  E_KEYS_SHORT: {
    status: 409,
    ko: '이 묶음에 보낼 수 있는 키가 모자랍니다. 키를 더 만들거나 받는 사람을 줄여 주세요.',
    en: 'This group has too few keys left to send. Make more keys or send to fewer people.',
  },
  // Partner products and their sign-in by token exchange (RFC 8693; docs/partner-login.md).
  E_PRODUCT_KEY_TAKEN: {
    status: 409,
    ko: '이미 쓰고 있는 제품 키입니다.',
    en: 'This product key is already in use.',
  },
  E_EXCHANGE_REQUEST: {
    status: 400,
    ko: '토큰 교환 요청의 형식이 올바르지 않습니다.',
    en: 'The token exchange request is not valid.',
  },
  E_EXCHANGE_CLIENT: {
    status: 401,
    ko: '파트너 제품의 서명을 확인할 수 없습니다.',
    en: "The partner product's signature could not be verified.",
  },
  E_EXCHANGE_GRANT: {
    status: 400,
    ko: '로그인 확인서가 유효하지 않습니다. 새로 만들어 다시 보내 주세요.',
    en: 'The sign-in assertion is not valid. Make a new one and send it again.',
  },
  E_EXCHANGE_ROLE: {
    status: 400,
    ko: '이 파트너 제품으로는 이 계정의 역할로 로그인할 수 없습니다.',
    en: "This partner product may not sign in this account's role.",
  },
  // Added by the platform: input that fails its schema, unknown records and protocol-level refusals.
  E_VALIDATION: { status: 400, ko: '입력값이 올바르지 않습니다.', en: 'The request is not valid.' },
  E_NOT_FOUND: {
    status: 404,
    ko: '요청한 항목을 찾을 수 없습니다.',
    en: 'The requested item was not found.',
  },
  E_PAYLOAD_TOO_LARGE: { status: 413, ko: '요청 크기가 너무 큽니다.', en: 'The request is too large.' },
  // issue 18: the image proxy
  E_PROXY_001: {
    status: 403,
    ko: '이 주소의 그림은 가져올 수 없습니다.',
    en: 'Images from this address cannot be fetched.',
  },
  E_PROXY_002: {
    status: 502,
    ko: '그림을 가져오지 못했습니다.',
    en: 'The image could not be fetched.',
  },
  E_UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    ko: '지원하지 않는 콘텐츠 형식입니다.',
    en: 'The content type is not supported.',
  },
  E_TOO_MANY_REQUESTS: {
    status: 429,
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Too many requests. Try again later.',
  },
  // A chat answer that failed after it started: the teacher is told what happened in their
  // language; what the model server said goes to the log, not to the page.
  E_MODEL_UNAVAILABLE: {
    status: 502,
    ko: 'AI 모델이 답하지 못했어요. 잠시 후 다시 시도해 주세요.',
    en: 'The AI model did not answer. Try again in a moment.',
  },
  E_SERVER_RESTARTING: {
    status: 503,
    ko: '서버가 다시 시작되어 답변이 멈췄어요. 다시 시도해 주세요.',
    en: 'The server restarted and the answer stopped. Try again.',
  },
  // issue 18: the event pages
  E_EVENT_CLOSED: {
    status: 409,
    ko: '참가 신청 기간이 아닙니다. 신청이 마감되었거나 아직 시작되지 않았습니다.',
    en: 'Registration is not open: it has closed or has not started yet.',
  },
  E_EVENT_FULL: {
    status: 409,
    ko: '참가 신청이 모두 찼습니다. 남은 자리보다 많은 인원은 신청할 수 없습니다.',
    en: 'The event is full: there are not enough seats left for this registration.',
  },
  E_EVENT_ALREADY_REGISTERED: {
    status: 409,
    ko: '이 이메일 주소로 이미 신청했습니다. 확인 메일을 찾아보세요.',
    en: 'This e-mail address is already registered. Look for the confirmation e-mail.',
  },
} as const satisfies Record<string, { status: number; ko: string; en: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];
export const errorCodeSchema = z.enum(ERROR_CODES);

/** Every error response body. `details` lists field problems for E_VALIDATION. */
export const errorResponseSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export type Language = 'ko' | 'en';

export function errorMessage(code: string, language: Language): string {
  const entry = ERROR_CATALOGUE[code as ErrorCode] ?? ERROR_CATALOGUE.COMMON;
  return entry[language];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_CATALOGUE;
}
