import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RelativeTime, timeLabel } from './relative-time.tsx';

const NOW = Date.UTC(2031, 4, 17, 9, 30, 0);
const POSTED = Date.UTC(2031, 4, 17, 6, 5, 0);

describe('RelativeTime', () => {
  it('renders the absolute date in UTC on the server, the same text whatever the server’s clock', () => {
    const html = renderToString(<RelativeTime at={POSTED} />);
    expect(html).toBe(
      '<time dateTime="2031-05-17T06:05:00.000Z" title="May 17, 2031 at 6:05 AM UTC">May 17, 2031</time>',
    );
  });

  it('shows the age once the reader’s clock is known, the exact moment in the tooltip', () => {
    const label = timeLabel(POSTED, NOW);
    expect(label.text).toBe('3 hours ago');
    expect(label.title).toMatch(/^May 1[67], 2031 at \d{1,2}:\d{2} [AP]M /);
  });
});
