import { type Alert, type SymbolId } from '@pairwatch/domain';

/** Creates a price alert through the api's REST route; throws with the answer unless it is 201. */
export async function createPriceAlert(
  apiUrl: string,
  alert: {
    readonly symbol: SymbolId;
    readonly valueTarget: number;
    readonly subscriptionId: string;
  },
): Promise<Alert> {
  const response = await fetch(`${apiUrl}/alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...alert, type: 'Price' }),
  });
  if (response.status !== 201) {
    throw new Error(`POST /alerts answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as Alert;
}
