// The benches' low-end phone on mobile data: Lighthouse's mobile profile applied for real in
// Chromium (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, 4× slower CPU), so a bench's times are
// a phone's, not this machine's.

/**
 * @param {import('@playwright/test').BrowserContext} context
 * @param {import('@playwright/test').Page} page
 */
export async function throttleLikeAPhone(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
