import { DEFAULT_PORTS } from '../../scripts/serveStack.mjs';

/** The environment variable that moves every part of the stack by the same offset. */
export const PORT_OFFSET_ENV = 'PAIRWATCH_E2E_PORT_OFFSET';

/**
 * The ports the suite runs the stack on: the defaults of `pnpm start` (api 5080, shell 8080,
 * alerts 8081, positions 8082), each moved by `PAIRWATCH_E2E_PORT_OFFSET` when set, so two runs
 * (or a run beside `pnpm start`) can share the machine.
 *
 * @throws when the offset is not an integer that keeps every port in 1..65535.
 */
export function stackPorts(): { api: number; shell: number; alerts: number; positions: number } {
  const raw = process.env[PORT_OFFSET_ENV] ?? '0';
  const offset = Number(raw);
  const ports = {
    api: DEFAULT_PORTS.api + offset,
    shell: DEFAULT_PORTS.shell + offset,
    alerts: DEFAULT_PORTS.alerts + offset,
    positions: DEFAULT_PORTS.positions + offset,
  };
  if (!Number.isInteger(offset) || Object.values(ports).some((port) => port < 1 || port > 65535)) {
    throw new Error(
      `${PORT_OFFSET_ENV} must be an integer keeping every port in 1..65535, got "${raw}".`,
    );
  }
  return ports;
}
