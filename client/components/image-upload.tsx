import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  MAX_PROFILE_IMAGE_BYTES,
  PROFILE_IMAGE_TARGET,
  type ProfileImageKind,
} from '../../shared/schemas/profile-image-limits.ts';
import { callApi } from './browser-capabilities.ts';
import { FormMessages } from './form-outcome.tsx';

/** The largest file read at all: a phone's photo is a few MB; the PNG sent is much smaller. */
const MAX_CHOSEN_BYTES = 25 * 1024 * 1024;

const KIND_LABEL: Record<ProfileImageKind, string> = { icon: 'Icon', header: 'Header image' };
const KIND_HINT: Record<ProfileImageKind, string> = {
  icon: 'A square, shown at 256×256 pixels (the middle of a wider picture).',
  header: 'A wide picture, shown up to 1500×500 pixels.',
};

/** A refusal of the browser's own, in words for the member. */
class PictureRefused extends Error {}

/**
 * The chosen file redrawn as a PNG within the kind's size (a centred square for the icon, scaled down to
 * fit for the header): the Worker stores PNGs only, and a small PNG uploads fast. createImageBitmap
 * refuses anything the browser cannot decode, so a text file named .png never leaves the browser.
 */
async function toPng(file: File, kind: ProfileImageKind): Promise<Blob> {
  if (!file.type.startsWith('image/'))
    throw new PictureRefused('This file is not a picture. Choose a PNG, JPEG, WebP or GIF.');
  if (file.size > MAX_CHOSEN_BYTES) throw new PictureRefused('This file is too large: at most 25 MB.');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PictureRefused('This picture cannot be read. It may be damaged: try another file.');
  }
  const target = PROFILE_IMAGE_TARGET[kind];
  let sx = 0;
  let sy = 0;
  let sw = bitmap.width;
  let sh = bitmap.height;
  let width: number;
  let height: number;
  if (target.crop) {
    const side = Math.min(sw, sh);
    sx = (sw - side) / 2;
    sy = (sh - side) / 2;
    sw = sh = side;
    width = height = Math.min(side, target.width);
  } else {
    const scale = Math.min(1, target.width / sw, target.height / sh);
    width = Math.max(1, Math.round(sw * scale));
    height = Math.max(1, Math.round(sh * scale));
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new PictureRefused('This browser cannot prepare the picture.');
  context.drawImage(bitmap, sx, sy, sw, sh, 0, 0, width, height);
  bitmap.close();
  const png = await new Promise<Blob | null>((resolve) => {
    canvas.toBlob(resolve, 'image/png');
  });
  if (!png) throw new PictureRefused('This browser cannot prepare the picture.');
  if (png.size > MAX_PROFILE_IMAGE_BYTES)
    throw new PictureRefused('This picture is too large: at most 2 MB.');
  return png;
}

function messageOf(error: unknown): string {
  if (error instanceof PictureRefused) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'The picture could not be uploaded. Try again.';
}

type State =
  | { step: 'idle' }
  | { step: 'preparing' }
  | { step: 'chosen'; png: Blob; preview: string }
  | { step: 'uploading'; png: Blob; preview: string };

/**
 * Choosing, previewing and uploading one profile image (spec section 5): the member sees the picture as
 * it will be stored before sending it; every refusal, the browser's or the Worker's, shows under the
 * field (role=alert) and changes nothing.
 */
export function ImageUpload({
  kind,
  current,
  onUploaded,
}: {
  kind: ProfileImageKind;
  /** The address of the member's image now, if any. */
  current: string | undefined;
  onUploaded?: (address: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [shown, setShown] = useState(current);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const preview = state.step === 'chosen' || state.step === 'uploading' ? state.preview : undefined;

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setError('');
    setNotice('');
    if (!file) return;
    setState({ step: 'preparing' });
    try {
      const png = await toPng(file, kind);
      setState({ step: 'chosen', png, preview: URL.createObjectURL(png) });
    } catch (refusal) {
      setState({ step: 'idle' });
      setError(messageOf(refusal));
    }
  }

  function reset() {
    setState({ step: 'idle' });
    if (input.current) input.current.value = '';
  }

  async function onUpload() {
    if (state.step !== 'chosen') return;
    setState({ ...state, step: 'uploading' });
    setError('');
    try {
      // The PNG goes as its own bytes (its Blob type, image/png, as the Content-Type: api-client.ts).
      const png = state.png;
      const answer = await callApi((api) =>
        api.users.me.images[':kind'].$put({ param: { kind } }, { init: { body: png } }),
      );
      setShown(answer.address);
      setNotice(`Your ${kind === 'icon' ? 'icon' : 'header image'} is updated.`);
      onUploaded?.(answer.address);
      reset();
    } catch (failure) {
      setState({ ...state, step: 'chosen' });
      setError(messageOf(failure));
    }
  }

  const busy = state.step === 'preparing' || state.step === 'uploading';
  const picture = preview ?? shown;
  return (
    <div className={`image-upload image-upload-${kind}`} aria-busy={busy || undefined}>
      <div className="image-upload-preview">
        {picture ? (
          // Sized like the box it fills, so nothing moves when it arrives; one that cannot load is
          // hidden (the document's image fallback), leaving the box's plain background.
          <img
            src={picture}
            alt={preview ? `Preview of your new ${kind}` : `Your ${kind} now`}
            width={kind === 'icon' ? 112 : 1200}
            height={kind === 'icon' ? 112 : 400}
            data-fallback=""
          />
        ) : (
          <span>No {kind === 'icon' ? 'icon' : 'header image'} yet</span>
        )}
      </div>
      <div className="image-upload-controls">
        <label htmlFor={`${id}-file`}>{KIND_LABEL[kind]}</label>
        <p id={`${id}-hint`} className="image-upload-hint">
          {KIND_HINT[kind]}
        </p>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          disabled={busy}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void onChoose(event)}
        />
        {state.step === 'chosen' || state.step === 'uploading' ? (
          <div className="image-upload-actions">
            <button type="button" disabled={busy} onClick={() => void onUpload()}>
              {state.step === 'uploading' ? 'Uploading…' : `Upload ${kind === 'icon' ? 'icon' : 'header'}`}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={reset}>
              Cancel
            </button>
          </div>
        ) : null}
        {state.step === 'preparing' ? <p role="status">Preparing the picture…</p> : null}
        <FormMessages error={error} notice={notice} errorId={`${id}-error`} />
      </div>
    </div>
  );
}
