export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
/** Playwright's `use` for a driver's phone webview: that Chromium, 360 × 740, pt-BR, São Paulo time. */
export const DRIVER_PHONE: {
  browserName: 'chromium';
  launchOptions: { executablePath: string; args: string[] };
  viewport: { width: number; height: number };
  locale: string;
  timezoneId: string;
  trace: 'off';
};
