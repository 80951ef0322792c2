import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiProblem } from './ApiProblem';
import { problemCatalogue, type ProblemCode } from './problemCatalogue';

const readme = readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
const codes = Object.keys(problemCatalogue) as ProblemCode[];

/** The README's error table rows: `| \`CODE\` | status | when |` (Prettier pads the cells). */
function documentedRows(): Map<string, number> {
  const rows = new Map<string, number>();
  for (const match of readme.matchAll(/^\|\s*`([A-Z_]+)`\s*\|\s*(\d{3})\s*\|/gm)) {
    rows.set(match[1]!, Number(match[2]));
  }
  return rows;
}

describe('the problem catalogue', () => {
  it.each(codes)('documents %s in the README with its status', (code) => {
    expect(documentedRows().get(code)).toBe(problemCatalogue[code].status);
  });

  it('documents no code that does not exist', () => {
    expect([...documentedRows().keys()].sort()).toEqual([...codes].sort());
  });

  it('uses only client and upstream error statuses', () => {
    for (const code of codes) {
      expect([400, 404, 408, 409, 413, 415, 429, 500, 502, 503]).toContain(
        problemCatalogue[code].status,
      );
    }
  });

  it('renders a problem with the catalogue status and title and a stable type', () => {
    const problem = new ApiProblem('UNKNOWN_SYMBOL', "Unknown symbol 'X'.");
    expect(problem.status).toBe(400);
    expect(problem.toDetails()).toEqual({
      type: 'urn:pairwatch:problem:unknown-symbol',
      title: 'Unknown symbol',
      status: 400,
      detail: "Unknown symbol 'X'.",
      code: 'UNKNOWN_SYMBOL',
    });
  });
});
