import { test } from '../harness/fixtures';

test('timeline', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).__loaf = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) (window as any).__loaf.push(e.toJSON());
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  await page.goto('/alerts?symbol=BTCUSDT&interval=OneMinute');
  await page.locator('section[aria-labelledby="your-alerts-title"]').waitFor();
  await page.waitForTimeout(500);
  const entries = await page.evaluate(() => {
    const out = performance.getEntries().filter((e) => e.entryType !== 'long-animation-frame').map((e) => {
      const r = e as PerformanceResourceTiming;
      return `${e.startTime.toFixed(0).padStart(5)} ${(r.responseEnd ?? e.startTime + e.duration).toFixed(0).padStart(5)} ${e.entryType.padEnd(10)} ${e.name.replace(/^https?:\/\/[^/]+/, '')}`;
    });
    for (const l of (window as any).__loaf) {
      out.push(`${l.startTime.toFixed(0).padStart(5)} ${(l.startTime + l.duration).toFixed(0).padStart(5)} LOAF block=${l.blockingDuration.toFixed(0)} render=${(l.renderStart ? l.startTime + l.duration - l.renderStart : 0).toFixed(0)}`);
      for (const s of l.scripts) out.push(`${s.startTime.toFixed(0).padStart(5)} ${(s.startTime + s.duration).toFixed(0).padStart(5)}    script ${s.invokerType} ${s.invoker} ${s.sourceURL.replace(/^https?:\/\/[^/]+/, '')}:${s.sourceFunctionName} layout=${s.forcedStyleAndLayoutDuration.toFixed(0)}`);
    }
    return out.sort((a, b) => parseFloat(a) - parseFloat(b));
  });
  console.log(entries.join('\n'));
});
