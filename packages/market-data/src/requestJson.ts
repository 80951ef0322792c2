import { MarketDataError, type MarketDataErrorKind } from './MarketDataError';

/** The `fetch` signature market-data needs (the browser's, or a fake in tests). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

interface Problem {
  readonly code?: string;
  readonly detail?: string;
}

async function readProblem(response: Response): Promise<Problem> {
  try {
    const body: unknown = JSON.parse(await response.text());
    if (typeof body !== 'object' || body === null) return {};
    const { code, detail, title } = body as Record<string, unknown>;
    return {
      code: typeof code === 'string' ? code : undefined,
      detail: typeof detail === 'string' ? detail : typeof title === 'string' ? title : undefined,
    };
  } catch {
    return {};
  }
}

// By name: an abort is a DOMException, which is not an `Error` in every runtime.
function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}

/**
 * GETs `url` and returns its JSON body. Failures become a {@link MarketDataError} of `kind` with
 * the status and the problem+json `code`/`detail`; an abort is rethrown unchanged so callers can
 * tell "cancelled" from "failed".
 */
export async function requestJson(
  fetchFn: FetchLike,
  url: string,
  kind: MarketDataErrorKind,
  signal?: AbortSignal,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new MarketDataError(kind, {
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
  if (!response.ok) {
    const problem = await readProblem(response);
    throw new MarketDataError(kind, {
      status: response.status,
      code: problem.code,
      detail:
        problem.detail ?? `GET ${url} answered ${response.status} ${response.statusText}`.trim(),
    });
  }
  try {
    return await response.json();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new MarketDataError(kind, {
      status: response.status,
      detail: `GET ${url} answered a body that is not JSON`,
      cause: error,
    });
  }
}
