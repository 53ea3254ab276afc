/*
 * The one way a TrailBuddy client in the browser talks JSON to the server: the web app's
 * api-client and the sign-in widget's http-client both send through `fetchJson` and read a
 * refusal with `wireErrorOf`, then each dresses the result in its own error class (ApiError,
 * FirebaseUI's AuthError). No DOM or React here: the caller hands in its `fetch`.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parts of the server's error body `{ error: { code, message, fields?, details? } }`, each only when well-formed. */
export interface WireError {
  code: string | undefined;
  message: string | undefined;
  fields: Record<string, string> | undefined;
  details: Json | undefined;
}

/** The error of an answer's body when it is ours; undefined for a proxy's page, Better Auth's bare shape or no body. */
export function wireErrorOf(body: unknown): WireError | undefined {
  const error = isObject(body) ? body.error : undefined;
  if (!isObject(error)) return undefined;
  const { code, message, fields, details } = error;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
    fields: isObject(fields) ? (fields as Record<string, string>) : undefined,
    details: isObject(details) ? details : undefined,
  };
}

/*
 * The slice of the Fetch API used here, written out so that this package compiles without the DOM's
 * (or Node's) type library: the browser's `fetch` and `Response` fit these shapes as they are.
 */
export interface FetchedResponse {
  readonly ok: boolean;
  readonly status: number;
  text(): Promise<string>;
}
export interface FetchInit<Signal> {
  method: string;
  credentials: 'include' | 'same-origin';
  headers: Record<string, string>;
  body: string | undefined;
  signal: Signal | undefined;
}
export type FetchFunction<Signal> = (url: string, init: FetchInit<Signal>) => Promise<FetchedResponse>;

/** A body read as JSON; undefined when empty, the text itself when it is not JSON (a proxy's page says what it says). */
export async function readBody(response: FetchedResponse): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface JsonRequest<Signal> {
  /** The global `fetch` in the app; a stand-in in tests. */
  fetch: FetchFunction<Signal>;
  method: string;
  /** Sent as JSON when present. */
  body?: unknown;
  credentials: 'include' | 'same-origin';
  signal?: Signal;
}

/** An answer, ok or refused, with its parsed body. */
export interface JsonAnswer {
  ok: boolean;
  status: number;
  body: unknown;
}

/**
 * Sends one JSON request and reads the answer, or undefined when there was none (a lost
 * connection), which each client names in its own vocabulary. A request the caller aborted still
 * throws its AbortError, which is the caller's to expect.
 */
export async function fetchJson<Signal extends { readonly aborted: boolean } | null>(
  url: string,
  request: JsonRequest<Signal>,
): Promise<JsonAnswer | undefined> {
  const { fetch, method, body, credentials, signal } = request;
  let response: FetchedResponse;
  try {
    response = await fetch(url, {
      method,
      credentials,
      headers: { Accept: 'application/json', ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
  return { ok: response.ok, status: response.status, body: await readBody(response) };
}
