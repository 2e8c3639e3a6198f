import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SearchResult } from '../../shared/schemas/search.ts';
import type { SearchComboboxProps } from './search-combobox-props.ts';
import { SearchResultArt, SearchResultText } from './search-box-result.tsx';
import { searchCatalogue } from './search-api.ts';

// Results as you type in the header's search box: the WAI-ARIA combobox pattern with a listbox popup
// (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/). Focus stays in the input; the active option is
// pointed at with aria-activedescendant. ArrowDown and ArrowUp move through the options (opening the
// list if it is closed), Enter opens the active option's page — or, with none active, submits the form
// to the results page —, Escape closes the list (and clears the box when it is already closed), Tab
// and leaving the box close it. A status line tells screen readers how many results there are.
// Loaded on demand by search-box.tsx, which renders the input.

/** Results shown under the box; the results page shows the rest. */
const SUGGESTIONS = 8;
/** Typing pauses this long before a search is sent, so a word typed quickly is one request. */
const DEBOUNCE_MS = 150;

type Suggestions =
  | { state: 'idle' }
  | { state: 'results'; text: string; results: SearchResult[] }
  | { state: 'failed'; text: string };

/** An input's text ('' before it is there). */
const textOf = (input: HTMLInputElement | null): string => input?.value ?? '';
const clearText = (input: HTMLInputElement | null) => {
  if (input) input.value = '';
};

/** `/search?q=<text>`: the results page. */
const resultsPath = (text: string) => `/search?q=${encodeURIComponent(text)}`;

/** The API's answer for `text`. */
function fetchSuggestions(text: string, signal: AbortSignal): Promise<SearchResult[]> {
  return searchCatalogue(text, SUGGESTIONS, signal);
}

function statusOf(suggestions: Suggestions): string {
  if (suggestions.state === 'failed') return 'Search is not available just now.';
  if (suggestions.state !== 'results') return '';
  const count = suggestions.results.length;
  if (count === 0) return `No games or members match “${suggestions.text}”.`;
  return `${count === 1 ? '1 result' : `${String(count)} results`}: use the up and down arrows to choose.`;
}

export function SearchCombobox({ input, setInputProps }: SearchComboboxProps) {
  const navigate = useNavigate();
  const listboxId = useId();
  const [suggestions, setSuggestions] = useState<Suggestions>({ state: 'idle' });
  const [open, setOpen] = useState(false);
  /** The active option's position; the last one, after the results, is "all results". */
  const [active, setActive] = useState(-1);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout> | null; abort: AbortController | null }>({
    timer: null,
    abort: null,
  });

  const results = suggestions.state === 'results' ? suggestions.results : [];
  const text = suggestions.state === 'idle' ? '' : suggestions.text;
  /** Every option: the results, then the way to all of them. */
  const optionCount = suggestions.state === 'results' ? results.length + 1 : 0;
  const expanded = open && optionCount > 0;
  const optionId = (position: number) => `${listboxId}-option-${String(position)}`;

  /** Searches for what the box holds, after a pause in typing; an empty box closes the list. */
  function searchSoon(value: string) {
    const timers = pending.current;
    if (timers.timer !== null) clearTimeout(timers.timer);
    timers.abort?.abort();
    setActive(-1);
    const trimmed = value.trim();
    if (trimmed === '') {
      setSuggestions({ state: 'idle' });
      setOpen(false);
      return;
    }
    timers.timer = setTimeout(() => {
      const abort = new AbortController();
      timers.abort = abort;
      fetchSuggestions(trimmed, abort.signal).then(
        (found) => {
          setSuggestions({ state: 'results', text: trimmed, results: found });
          setOpen(true);
        },
        () => {
          if (abort.signal.aborted) return;
          setSuggestions({ state: 'failed', text: trimmed });
          setOpen(false);
        },
      );
    }, DEBOUNCE_MS);
  }

  /** Goes to an option's page: a result's, or the results page for the last one. */
  function choose(position: number) {
    const result = results[position];
    setOpen(false);
    setActive(-1);
    if (!result) {
      void navigate(resultsPath(text));
      return;
    }
    clearText(input.current);
    setSuggestions({ state: 'idle' });
    void navigate(result.link);
  }

  // The latest state, for the input's handlers: they are set on the input once (below), not per render.
  const latest = useRef({ expanded, active, optionCount, choose, searchSoon });
  latest.current = { expanded, active, optionCount, choose, searchSoon };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const now = latest.current;
    const move = (step: 1 | -1) => {
      event.preventDefault();
      if (now.optionCount === 0) {
        // Nothing to show yet: search for what is there.
        now.searchSoon(textOf(event.currentTarget));
        return;
      }
      setOpen(true);
      const from = now.expanded ? now.active : -1;
      const next =
        from === -1
          ? step === 1
            ? 0
            : now.optionCount - 1
          : (from + step + now.optionCount) % now.optionCount;
      setActive(next);
    };
    switch (event.key) {
      case 'ArrowDown':
        move(1);
        return;
      case 'ArrowUp':
        move(-1);
        return;
      case 'Enter':
        if (now.expanded && now.active >= 0) {
          // The active option's page, instead of submitting the form.
          event.preventDefault();
          now.choose(now.active);
        } else setOpen(false);
        return;
      case 'Escape':
        event.preventDefault();
        if (now.expanded) {
          setOpen(false);
          setActive(-1);
        } else {
          clearText(event.currentTarget);
          now.searchSoon('');
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  }

  // The input's handlers, once; what the box already holds (typed while this part was loading) is searched.
  useEffect(() => {
    const timers = pending.current;
    latest.current.searchSoon(textOf(input.current));
    return () => {
      if (timers.timer !== null) clearTimeout(timers.timer);
      timers.abort?.abort();
    };
  }, [input]);

  // The input's ARIA state follows the list's.
  useEffect(() => {
    setInputProps({
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-controls': listboxId,
      'aria-expanded': expanded,
      'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
      onKeyDown,
      onChange: (event) => {
        latest.current.searchSoon(textOf(event.currentTarget));
      },
      onBlur: () => {
        setOpen(false);
        setActive(-1);
      },
    });
    // The handlers read `latest`, so only the ARIA state needs to set the props again.
  }, [expanded, active, listboxId, setInputProps]);

  return (
    <>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        className="search-box-listbox"
        hidden={!expanded}
        // Clicking an option must not take focus from the input (which would close the list first).
        onMouseDown={(event) => {
          event.preventDefault();
        }}
      >
        {expanded
          ? [
              ...results.map((result, position) => (
                <li
                  key={`${result._type}:${result._id}`}
                  id={optionId(position)}
                  role="option"
                  aria-selected={position === active}
                  className="search-box-option"
                  onClick={() => {
                    choose(position);
                  }}
                >
                  <SearchResultArt result={result} />
                  <SearchResultText result={result} />
                </li>
              )),
              <li
                key="all-results"
                id={optionId(results.length)}
                role="option"
                aria-selected={active === results.length}
                className="search-box-option search-box-all"
                onClick={() => {
                  choose(results.length);
                }}
              >
                {results.length === 0
                  ? `No matches for “${text}”: open the results page`
                  : `All results for “${text}”`}
              </li>,
            ]
          : null}
      </ul>
      <span className="search-box-status" role="status" aria-live="polite">
        {open || suggestions.state === 'failed' ? statusOf(suggestions) : ''}
      </span>
    </>
  );
}
