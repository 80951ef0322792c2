import { type ProblemCode, problemCatalogue } from './problemCatalogue';

/** The RFC 9457 body the api sends for every error. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  /** A sentence for people; the UI shows it in its toast. */
  readonly detail: string;
  /** The stable code from the catalogue. */
  readonly code: ProblemCode;
}

/** Builds the RFC 9457 body for a code. */
export function problemDetails(code: ProblemCode, detail: string): ProblemDetails {
  const { status, title } = problemCatalogue[code];
  return {
    type: `urn:pairwatch:problem:${code.toLowerCase().replaceAll('_', '-')}`,
    title,
    status,
    detail,
    code,
  };
}
