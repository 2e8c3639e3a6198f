import type { InputHTMLAttributes, RefObject } from 'react';

// What the header's search box (search-box.tsx) and the part it loads on demand (search-box-combobox.tsx)
// agree on, apart from both: the box imports the combobox's chunk, so the combobox may not import the box.

/** What the combobox part sets on the input: its ARIA state and its key and typing handlers. */
export type SearchInputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'role'
  | 'aria-expanded'
  | 'aria-controls'
  | 'aria-activedescendant'
  | 'aria-autocomplete'
  | 'onKeyDown'
  | 'onChange'
  | 'onBlur'
>;

/** What the combobox part is given: the input, and how to set its props. */
export interface SearchComboboxProps {
  input: RefObject<HTMLInputElement | null>;
  setInputProps: (props: SearchInputProps) => void;
}
