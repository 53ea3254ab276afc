import { ERROR_CODE_BY_STATUS, ERROR_MESSAGES, isErrorCode, type ErrorCode } from '@trailbuddy/shared/contracts/error-codes';
import { fetchJson, wireErrorOf } from '@trailbuddy/shared/http/json-fetch';

/**
 * The one way the web app calls the TrailBuddy REST API: JSON in and out, same-origin cookies,
 * and every failure surfaced as an ApiError carrying the server's `{ error: { code, message,
 * fields? } }` so callers branch on a stable code (the shared ErrorCode) rather than on text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The code of a failure that brings no error body of ours: a proxy's page, another service's JSON. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  if (status >= 500) return 'internal';
  return ERROR_CODE_BY_STATUS[status] ?? 'unknown';
}

/**
 * The ApiError for a failed response: the server's code, message and fields when the body is
 * ours, else a code by status with the shared message for it (or the caller's, such as an
 * upload's alert). A code this app does not know (a newer server) is read by status too.
 */
export function apiErrorFrom(status: number, body: unknown, fallbackMessage?: string): ApiError {
  const error = wireErrorOf(body);
  const known = isErrorCode(error?.code) ? error.code : codeForStatus(status);
  return new ApiError(status, known, error?.message || (fallbackMessage ?? ERROR_MESSAGES[known]), error?.fields);
}

/** What looks at each answer before the caller gets it: in development, the check of ADR 0072. */
type AnswerCheck = (method: string, path: string, body: unknown) => void;
let checkAnswer: AnswerCheck | undefined;

/**
 * Installed by main.tsx in the development server only (ADR 0072): every answer is then checked
 * against the shared schema the server declares for its route. The production build never calls
 * it, so the check's module, and zod with it, stays out of the home's 100 KB.
 */
export function checkAnswersWith(check: AnswerCheck | undefined): void {
  checkAnswer = check;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal } = options;
  const answer = await fetchJson(buildUrl(path, query), { fetch, method, body, credentials: 'same-origin', signal });
  if (!answer) throw new ApiError(0, 'network-request-failed');
  if (!answer.ok) throw apiErrorFrom(answer.status, answer.body);
  checkAnswer?.(method, path, answer.body);
  return answer.body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
};
