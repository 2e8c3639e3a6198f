import { useRef, useState, type ComponentType } from 'react';
import { Form } from 'react-router';
import { MAX_SEARCH_TEXT_LENGTH } from '../../shared/search-limits.ts';
import type { SearchComboboxProps, SearchInputProps } from './search-combobox-props.ts';

// The site header's search box, in two parts so that pages do not pay for it on first load. This part
// ships with every page: a plain search form (`GET /search?q=`) that the server renders and that works
// without JavaScript. The part that suggests results as you type (search-box-combobox.tsx, the WAI-ARIA
// combobox pattern) is a chunk of its own, fetched the first time the box is focused or typed in; it then
// drives this same input, so focus, caret and whatever was typed meanwhile stay as they are.

/** The id of the header's search input (its label, and the combobox's listbox and options, refer to it). */
const SEARCH_INPUT_ID = 'site-search';

export function SearchBox() {
  const input = useRef<HTMLInputElement>(null);
  const requested = useRef(false);
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);
  const [inputProps, setInputProps] = useState<SearchInputProps>({});

  /** Fetches the combobox part once; if that fails, the plain form goes on working and a later focus retries. */
  function loadCombobox() {
    if (requested.current) return;
    requested.current = true;
    import('./search-box-combobox.tsx').then(
      (module) => {
        setCombobox(() => module.SearchCombobox);
      },
      () => {
        requested.current = false;
      },
    );
  }

  return (
    <Form method="get" action="/search" role="search" className="search-box">
      <label htmlFor={SEARCH_INPUT_ID} className="search-box-label">
        Search games and members
      </label>
      <input
        ref={input}
        id={SEARCH_INPUT_ID}
        name="q"
        type="search"
        placeholder="Search games and members"
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_SEARCH_TEXT_LENGTH}
        enterKeyHint="search"
        onFocus={loadCombobox}
        onInput={loadCombobox}
        {...inputProps}
      />
      {Combobox ? <Combobox input={input} setInputProps={setInputProps} /> : null}
    </Form>
  );
}
