import { type BrowserContext, type Page } from '@playwright/test';
import { clickOnScreen, expect, type StackFixture } from './fixtures';
import { stubPush } from './stubPush';

/**
 * Opens an Alerts page with push working, as a person gets there: a subscription of the local
 * push service made for the api's VAPID key (stubPush), notifications allowed, the banner's
 * "enable push notifications" clicked, and the banner gone.
 */
export async function openAlertsWithPush(
  page: Page,
  context: BrowserContext,
  stack: StackFixture,
  path = '/alerts',
): Promise<void> {
  const { publicKey } = (await (await fetch(`${stack.urls.api}/push/public-key`)).json()) as {
    publicKey: string;
  };
  const subscription = await stack.push.createSubscription({ applicationServerKey: publicKey });
  await context.grantPermissions(['notifications'], { origin: new URL(stack.urls.shell).origin });
  await stubPush(page, subscription);
  await page.goto(path);
  await clickOnScreen(page.getByRole('button', { name: 'enable push notifications' }));
  await expect(page.getByText(/To create and receive alerts, please/)).toHaveCount(0);
}
