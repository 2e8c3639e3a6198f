import { launch, type LaunchedChrome } from 'chrome-launcher';
import playwrightConfig from '../../playwright.config.ts';

/**
 * Debian's Chromium, headless, with the browser tests' flags (playwright.config.ts): no sandbox (root),
 * no background lookups, and every host name but this machine's own unresolvable, so that nothing
 * leaves the machine and a request to the internet fails at once instead of waiting for a timeout.
 */
export async function launchChromium(): Promise<LaunchedChrome> {
  const launchOptions = playwrightConfig.use?.launchOptions;
  return launch({
    chromePath: launchOptions?.executablePath ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...(launchOptions?.args ?? [])],
    logLevel: 'silent',
  });
}
