import { test } from '../harness/fixtures';

for (const vp of [{ width: 1280, height: 900 }, { width: 390, height: 844 }, { width: 900, height: 800 }, { width: 899, height: 800 }]) {
  test(`heights ${vp.width}`, async ({ page }) => {
    await page.setViewportSize(vp);
    await page.goto('/alerts?symbol=BTCUSDT&interval=OneMinute');
    await page.locator('section[aria-labelledby="your-alerts-title"]').waitFor();
    await page.waitForTimeout(1500);
    const h = await page.evaluate(() =>
      ['new-alert-title', 'your-alerts-title'].map((id) => document.querySelector(`section[aria-labelledby="${id}"]`)!.getBoundingClientRect().height),
    );
    console.log(vp.width, JSON.stringify(h));
  });
}
