import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import type { DeveloperGameUpdate } from '../../shared/schemas/developer-game.ts';
import type { Game } from '../../shared/schemas/game.ts';
import { callApi } from './browser-capabilities.ts';
import { apiFailureText } from './api-failure-text.ts';
import { DeveloperField, textFields } from './developer-field.tsx';
import { FormOutcome } from './form-outcome.tsx';

interface GameFields {
  description: string;
  icon: string;
  customIcon: string;
  iosIcon: string;
}

const fieldsOf = (game: Game): GameFields => ({
  description: game.content.description ?? '',
  icon: game.icon ?? '',
  customIcon: game.content_custom?.icon ?? '',
  iosIcon: game.content_ios?.icon ?? '',
});

/** An icon as the API takes it: unchanged (left out), removed (null) or a new address. */
const iconChange = (before: string, after: string) =>
  after.trim() === before ? undefined : after.trim() === '' ? null : after.trim();

/**
 * A developer's form for their game's page: the description, the icon and its custom and iOS variants.
 * Only what changed is sent, in one request; the game's address never changes.
 */
export function DeveloperGameEditor({ game, onSaved }: { game: Game; onSaved: (game: Game) => void }) {
  const [saved, setSaved] = useState(() => fieldsOf(game));
  const [values, setValues] = useState(saved);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  function change(field: keyof GameFields, value: string) {
    setValues((before) => ({ ...before, [field]: value }));
    setNotice('');
    setError('');
  }

  const field = textFields(values, change);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const update: DeveloperGameUpdate = {};
    if (values.description.trim() !== saved.description) {
      if (values.description.trim() === '') {
        setError('Write a description.');
        return;
      }
      update.description = values.description;
    }
    const icon = iconChange(saved.icon, values.icon);
    if (icon !== undefined) update.icon = icon;
    const custom = iconChange(saved.customIcon, values.customIcon);
    if (custom !== undefined) update.content_custom = { icon: custom };
    const ios = iconChange(saved.iosIcon, values.iosIcon);
    if (ios !== undefined) update.content_ios = { icon: ios };
    if (Object.keys(update).length === 0) {
      setNotice('Nothing changed.');
      return;
    }
    setSaving(true);
    try {
      const answer = await callApi((api) =>
        api.developer.games[':gameId'].$patch({ param: { gameId: game.deeplink_url_code }, json: update }),
      );
      const now = fieldsOf(answer.game);
      setSaved(now);
      setValues(now);
      setNotice('Saved: the game’s page shows it now.');
      onSaved(answer.game);
    } catch (failure) {
      setError(apiFailureText(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="developer-form"
      aria-label={`Edit ${game.name}`}
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={saving || undefined}
      noValidate
    >
      <DeveloperField label="Description" type="textarea" {...field('description')} />
      <DeveloperField
        label="Icon (https address)"
        type="url"
        {...field('icon')}
        hint="Leave empty to remove it."
      />
      <DeveloperField label="Custom icon (https address)" type="url" {...field('customIcon')} />
      <DeveloperField label="iOS icon (https address)" type="url" {...field('iosIcon')} />
      <FormOutcome
        label="Save the game’s page"
        saving={saving}
        buttonClassName="pill-button pill-button-filled"
        error={error}
        notice={
          notice ? (
            <>
              {notice} <Link to={`/game/${game.deeplink_url_code}`}>Open the page</Link>
            </>
          ) : null
        }
      />
    </form>
  );
}
