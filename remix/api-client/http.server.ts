import { type ApiFailure } from '@contract';
import { getWebEnv } from '~/config/env.server';

/** What every wrapper returns: the API's answer, or a failure a route can show as it is. */
export type ApiOutcome<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** HTTP status; 503 when the API could not be reached or answered nonsense. */
      status: number;
      message: string;
      /** Per-field messages of a 400 (field name -> messages). */
      errors?: Record<string, string[]>;
      /** Seconds to wait, from `Retry-After` of a 429. */
      retryAfter?: number;
    };

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Bearer token of the signed-in admin. */
  token?: string;
  /** The visitor's address, forwarded so the API throttles visitors and not this server. */
  clientIp?: string;
  /** The visitor's browser, forwarded at sign-in so the API's sessions list names it. */
  userAgent?: string;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 10_000;
export const UNAVAILABLE_MESSAGE = 'The service is unavailable. Please try again in a moment.';

/**
 * The message above a refused form: none when its fields already say what is wrong, the API's own
 * for any other 400, and otherwise that the service is unavailable.
 */
export function formMessage(
  fieldMessages: object,
  refusal: { status: number; message: string },
): string | undefined {
  if (Object.keys(fieldMessages).length) return undefined;
  return refusal.status === 400 ? refusal.message : UNAVAILABLE_MESSAGE;
}

function apiUrl(path: string, query?: ApiRequestOptions['query']): string {
  const url = new URL(path, `${getWebEnv().API_URL}/`);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  return url.toString();
}

/** A user agent worth passing on: printable ASCII of a sane length (anything else is dropped). */
const USER_AGENT_SHAPE = /^[\x20-\x7e]{1,512}$/;

function apiHeaders(options: Pick<ApiRequestOptions, 'token' | 'clientIp' | 'userAgent'>): Headers {
  const headers = new Headers({ accept: 'application/json' });
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (options.clientIp) headers.set('x-forwarded-for', options.clientIp);
  if (options.userAgent && USER_AGENT_SHAPE.test(options.userAgent))
    headers.set('user-agent', options.userAgent);
  return headers;
}

/** Sends a request to the API; never throws for network or HTTP failures. */
export async function apiFetch(
  path: string,
  options: ApiRequestOptions = {},
): Promise<Response | ApiOutcome<never>> {
  const headers = apiHeaders(options);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  try {
    return await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ?? AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    console.error(`API ${options.method ?? 'GET'} ${path} failed:`, (error as Error).message);
    return { ok: false, status: 503, message: UNAVAILABLE_MESSAGE };
  }
}

function isFailureBody(body: unknown): body is ApiFailure {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as ApiFailure).success === false &&
    typeof (body as ApiFailure).message === 'string'
  );
}

/**
 * Calls the API and checks the answer's shape: `isData` decides whether a 2xx body is what the
 * caller expects (spec: an answer counts as success only when its `success` is true).
 */
export async function apiRequest<T>(
  path: string,
  isData: (body: unknown) => body is T,
  options: ApiRequestOptions = {},
): Promise<ApiOutcome<T>> {
  const response = await apiFetch(path, options);
  if (!(response instanceof Response)) return response;
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok && isData(body)) return { ok: true, data: body };
  if (!response.ok && isFailureBody(body)) {
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      ok: false,
      status: response.status,
      message: body.message,
      ...(body.errors ? { errors: body.errors } : {}),
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
    };
  }
  console.error(`API ${options.method ?? 'GET'} ${path}: unexpected ${response.status} answer`);
  return { ok: false, status: 503, message: UNAVAILABLE_MESSAGE };
}

/** Type guard helper: an object whose `success` is true and which has the given keys. */
export function hasSuccess<K extends string>(
  ...keys: K[]
): (body: unknown) => body is { success: true } & Record<K, unknown> {
  return (body: unknown): body is { success: true } & Record<K, unknown> =>
    typeof body === 'object' &&
    body !== null &&
    (body as { success?: unknown }).success === true &&
    keys.every((key) => key in body);
}
