import { Fragment, type CSSProperties } from 'react';

// A username as it reads on the page. Usernames are letters, digits and underscores (shared/schemas/user.ts):
// one long word to the browser, which breaks a long one wherever the line ends. A chance to break after
// each underscore lets it wrap between its parts first; breaking mid-part stays the last resort.

/** The username with a line-break opportunity after each underscore (the text itself unchanged). */
export function Username({ name }: { name: string }) {
  return name.split('_').map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <>
          _<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

/**
 * What a heading needs to size a username to its width (`.user-name` in styles.css): its length, and the
 * length of its longest part with the underscore after it (the widest line it can be broken into).
 */
export function usernameLengths(name: string): CSSProperties {
  const parts = name.split('_');
  const longestPart = Math.max(
    ...parts.map((part, index) => part.length + (index < parts.length - 1 ? 1 : 0)),
  );
  return { '--name-length': name.length, '--name-part': longestPart } as CSSProperties;
}
