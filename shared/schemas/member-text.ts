import { z } from 'zod';
import {
  holdsControlCharacters,
  isVisiblyEmpty,
  leavesDirectionOpen,
  withPlainLineBreaks,
} from './visible-text.ts';

/** The sentence for text holding a control character (./visible-text.ts). */
export const CONTROL_CHARACTERS_MESSAGE =
  'Remove the control characters: only line breaks and tabs may be in the text.';
/** The sentence for a direction change left open, or a close with nothing to close. */
export const OPEN_DIRECTION_MESSAGE =
  'Close each writing-direction control on its line, or remove it: one left open turns the text after it around.';

/**
 * Text a member writes for others to read (a post, a comment, a review, a profile, a name): Windows line
 * breaks made plain, trimmed, refused with a sentence when it holds a control character or leaves a
 * direction change open, and made empty when nothing in it shows (zero-width spaces, joiners alone), so
 * that the field's own `.min(1, …)` says what it says of empty text and an optional field takes it as none.
 * Chain the field's `.min` and `.max` after it; they count the trimmed text.
 */
export function memberTextSchema() {
  return (
    z
      .string()
      .overwrite(withPlainLineBreaks)
      .trim()
      .refine((text) => !holdsControlCharacters(text), CONTROL_CHARACTERS_MESSAGE)
      // Text that shows nothing is empty, whatever direction controls it holds: the field's own sentence says so.
      .refine((text) => isVisiblyEmpty(text) || !leavesDirectionOpen(text), OPEN_DIRECTION_MESSAGE)
      .overwrite((text) => (isVisiblyEmpty(text) ? '' : text))
  );
}
