import { useId, useState, type SubmitEvent } from 'react';
import { refusalMessage } from '../refusal-message.ts';

/**
 * A text box with its send button, for posts and comments: checks emptiness and length before sending
 * (the same limits as the API's schema) and shows the API's refusal under the box.
 */
export function TextComposer({
  label,
  placeholder,
  submitLabel,
  maxLength,
  what,
  send,
  rows = 3,
}: {
  label: string;
  placeholder: string;
  submitLabel: string;
  /** The schema's limit, in characters. */
  maxLength: number;
  /** What is being done, for messages ("post", "comment"). */
  what: string;
  /** Sends the trimmed text; rejects with the API's failure. */
  send: (text: string) => Promise<void>;
  rows?: number;
}) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const length = text.trim().length;
  const tooLong = length > maxLength;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (length === 0) {
      setMessage('Write something first.');
      return;
    }
    if (tooLong) {
      setMessage(`At most ${maxLength.toLocaleString('en-US')} characters.`);
      return;
    }
    setBusy(true);
    setMessage('');
    try {
      await send(text.trim());
      setText('');
    } catch (error) {
      setMessage(refusalMessage(error, what));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="feed-composer" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-text`} className="feed-visually-hidden">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={rows}
        placeholder={placeholder}
        aria-invalid={message !== '' || tooLong || undefined}
        aria-describedby={`${id}-count ${id}-message`}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (message) setMessage('');
        }}
      />
      <div className="feed-composer-row">
        <span id={`${id}-count`} className={tooLong ? 'feed-count feed-count-over' : 'feed-count'}>
          {length.toLocaleString('en-US')} / {maxLength.toLocaleString('en-US')}
        </span>
        <button type="submit" className="pill-button feed-send" aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
      </div>
      <p id={`${id}-message`} className="feed-message" role="alert">
        {message}
      </p>
    </form>
  );
}
