import { describe, expect, it } from 'vitest';
import { profileSchema, profileUpdateRequestSchema } from './profile.ts';
import { userPublicSchema, usersPublicEntrySchema } from './user.ts';

const hostile = [
  ['plain http', 'http://images.example/header.png'],
  ['javascript:', 'javascript:alert(document.cookie)'],
  ['javascript: dressed as https', 'javascript://https://images.example/%0Aalert(1)'],
  ['data:', 'data:image/svg+xml,<svg onload=alert(1)>'],
  ['ftp', 'ftp://images.example/header.png'],
  ['a scheme-relative address', '//images.example/header.png'],
  ['a path', '/header.png'],
  ['an over-long address', `https://images.example/${'a'.repeat(2100)}`],
];

describe('profile header address (https only)', () => {
  it('accepts an https address in a profile change', () => {
    const change = profileUpdateRequestSchema.parse({ header: 'https://images.example/h.png?v=2' });
    expect(change.header).toBe('https://images.example/h.png?v=2');
  });

  it.each(hostile)('refuses %s in a profile change, with a message for the field', (_kind, header) => {
    const result = profileUpdateRequestSchema.safeParse({ header });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['header']);
  });

  it.each(hostile)('drops %s read back from a stored profile, keeping the rest', (_kind, header) => {
    const profile = profileSchema.parse({ sourceUUID: 'u1', brief: 'Hi', header });
    expect(profile.header).toBeUndefined();
    expect(profile.brief).toBe('Hi');
  });

  it('keeps an https header and icons in the user records', () => {
    const url = 'https://images.example/i.png';
    expect(userPublicSchema.parse({ uuid: 'u1', username: 'ana', icon: url, header: url })).toMatchObject({
      icon: url,
      header: url,
    });
    expect(usersPublicEntrySchema.parse({ username: 'ana', fbicon: url }).fbicon).toBe(url);
  });

  it.each(hostile)('drops %s from the user records', (_kind, url) => {
    const user = userPublicSchema.parse({ uuid: 'u1', username: 'ana', icon: url, header: url, fbicon: url });
    expect([user.icon, user.header, user.fbicon]).toEqual([undefined, undefined, undefined]);
    expect(usersPublicEntrySchema.parse({ username: 'ana', header: url }).header).toBeUndefined();
  });
});
