import { type AlertEntry } from '../alerts/AlertEntry';
import { type CreateAlertRequest } from '../alerts/AlertsClient';
import { type AlertsApi } from '../screen/AlertsServices';

/** The alert endpoints for component tests: records calls, answers what the test set. */
export class FakeAlertsApi implements AlertsApi {
  created: CreateAlertRequest[] = [];
  deleted: { id: string; subscriptionId: string }[] = [];
  listCalls: string[] = [];
  list: AlertEntry[] = [];
  createError: unknown;
  deleteError: unknown;
  listError: unknown;
  /** When set, createAlert waits for it (to observe the pending state). */
  createGate: Promise<void> | undefined;

  createAlert = async (request: CreateAlertRequest): Promise<AlertEntry> => {
    this.created.push(request);
    await this.createGate;
    if (this.createError) throw this.createError;
    return {
      id: `new-${this.created.length}`,
      symbol: request.symbol,
      type: request.type,
      condition: request.condition ?? 'Crossing',
      frequency: request.frequency ?? 'OnlyOnce',
      valueOnCreation: 1,
      valueTarget: request.valueTarget,
      status: 'Active',
      createdAt: new Date(0).toISOString(),
      triggerCount: 0,
    };
  };

  listAlerts = async (subscriptionId: string): Promise<AlertEntry[]> => {
    this.listCalls.push(subscriptionId);
    if (this.listError) throw this.listError;
    return this.list;
  };

  deleteAlert = async (id: string, subscriptionId: string): Promise<void> => {
    this.deleted.push({ id, subscriptionId });
    if (this.deleteError) throw this.deleteError;
  };
}
