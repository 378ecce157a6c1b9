import type { LeadKindKey, LeadKinds } from './lead-kinds';

/** Every JSON answer of the API carries `success`. */
export interface ApiFailure {
  success: false;
  message: string;
  /** Per-field messages for validation failures (field path -> messages). */
  errors?: Record<string, string[]>;
  /** Correlates the answer with the server's log line. */
  requestId?: string;
}

export type ApiResult<T extends object> = ({ success: true } & T) | ApiFailure;

// --- auth -----------------------------------------------------------------------------------
export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  success: true;
  token: string;
}
export interface CheckTokenRequest {
  token: string;
}
export interface CheckTokenResponse {
  success: boolean;
}

export const AUTH_PATHS = {
  login: '/auth/login',
  checkToken: '/auth/check-token',
} as const;

export const HEALTH_PATH = '/health';

// --- leads ----------------------------------------------------------------------------------
export interface LeadBase {
  _id: string;
  name: string;
  email: string;
  phone_number: string;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  /** ISO 8601 while archived, null while active. */
  archivedAt: string | null;
}

type TextFieldOf<K extends LeadKindKey> = LeadKinds[K]['textField'];
type SubjectOf<K extends LeadKindKey> = LeadKinds[K]['hasSubject'] extends true
  ? { subject: string }
  : unknown;

export type Lead<K extends LeadKindKey = LeadKindKey> = LeadBase &
  Record<TextFieldOf<K>, string> &
  SubjectOf<K>;

/** The two lists of a kind: active (unarchived) and archived. */
export const LEAD_LIST_STATES = ['active', 'archived'] as const;
export type LeadListState = (typeof LEAD_LIST_STATES)[number];

export function isLeadListState(value: unknown): value is LeadListState {
  return typeof value === 'string' && (LEAD_LIST_STATES as readonly string[]).includes(value);
}

export interface LeadListResponse<K extends LeadKindKey = LeadKindKey> {
  success: true;
  data: Lead<K>[];
  /** Opaque; pass back as `cursor` to get the next page. Null on the last page. */
  nextCursor: string | null;
  /** Number of leads in this list (matching `q` when given). */
  total: number;
}

export interface LeadListQuery {
  limit?: number;
  cursor?: string;
  q?: string;
}

export interface ArchiveResponse<K extends LeadKindKey = LeadKindKey> {
  success: true;
  /** First page of the active list. */
  unarchived: Lead<K>[];
  /** First page of the archived list. */
  archived: Lead<K>[];
  unarchivedTotal: number;
  archivedTotal: number;
  /** Cursors to page on from these first pages (as `nextCursor` of a list). */
  unarchivedNextCursor: string | null;
  archivedNextCursor: string | null;
}

/** Body of archive/unarchive: `{ [kind.idField]: id }`. */
export type ArchiveRequest<K extends LeadKindKey = LeadKindKey> = Record<
  LeadKinds[K]['idField'],
  string
>;

/** Body of the public intake call. `website` is the honeypot: humans never fill it. */
export type CreateLeadRequest<K extends LeadKindKey = LeadKindKey> = {
  name: string;
  email: string;
  phone_number?: string;
  website?: string;
} & Record<TextFieldOf<K>, string> &
  SubjectOf<K>;

export interface CreateLeadResponse {
  success: true;
  id: string;
}

export interface HealthResponse {
  success: boolean;
  database: 'up' | 'down';
}
