import { type MachineAlert } from '@pairwatch/domain';
import { type AlertRecord } from '../../storage/AlertStore';

/** What domain `stepAlert` needs of a stored alert. */
export function machineAlertOf(record: AlertRecord): MachineAlert {
  return {
    condition: record.condition,
    frequency: record.frequency,
    valueOnCreation: record.valueOnCreation,
    valueTarget: record.valueTarget,
    ...(record.valueUpper !== undefined ? { valueUpper: record.valueUpper } : {}),
    ...(record.bars !== undefined ? { bars: record.bars } : {}),
    ...(record.expiresAt !== undefined ? { expiresAt: record.expiresAt } : {}),
  };
}
