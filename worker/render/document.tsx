import type { ComponentProps } from 'react';
import { clientAssets } from '../client-assets.ts';

declare module '@hono/react-renderer' {
  interface Props {
    /** Module chunks of the page being rendered, preloaded so hydration need not wait for them. */
    preload: string[];
  }
}

// Runs before any image loads: an image that fails (catalogue art lives on Steam's servers) is hidden so the
// placeholder beneath shows, even before the app has hydrated.
const IMAGE_FALLBACK = `document.addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='IMG'&&t.hasAttribute('data-fallback'))t.hidden=true},true)`;

// The service worker (client/browser/service-worker/) keeps recently viewed pages readable offline. It is
// registered once the page has loaded, so it takes nothing from the first load, and costs the page's
// JavaScript nothing: these few bytes of HTML are all.
const REGISTER_SERVICE_WORKER = `if('serviceWorker' in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js').catch(function(){})})`;

/** The HTML document around every page. The page's own title and meta tags are hoisted into <head> by React. */
export function Document({ children, preload }: { children: React.ReactElement; preload: string[] }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The browser's own bars in the site header's colour, light or dark as the system is (styles.css). */}
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#ededf4" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1d2024" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="stylesheet" href={clientAssets.styles} />
        {preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <script dangerouslySetInnerHTML={{ __html: IMAGE_FALLBACK }} />
        <script dangerouslySetInnerHTML={{ __html: REGISTER_SERVICE_WORKER }} />
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  );
}

export type DocumentProps = ComponentProps<typeof Document>;
