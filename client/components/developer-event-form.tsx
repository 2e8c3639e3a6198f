import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import type { GameEvent } from '../../shared/schemas/event.ts';
import { callApi } from './browser-capabilities.ts';
import { apiFailureText } from './api-failure-text.ts';
import { DeveloperField, textFields } from './developer-field.tsx';
import { FormOutcome } from './form-outcome.tsx';

interface EventFields {
  name: string;
  description: string;
  starts_on: string;
  ends_on: string;
  place: string;
  games: string[];
}

const EMPTY: EventFields = { name: '', description: '', starts_on: '', ends_on: '', place: '', games: [] };

const fieldsOf = (event: GameEvent): EventFields => ({
  name: event.name,
  description: event.content.description ?? '',
  starts_on: event.starts_on ?? '',
  ends_on: event.ends_on ?? '',
  place: event.place ?? '',
  games: Object.entries(event.games)
    .sort(([, a], [, b]) => a - b)
    .map(([gameId]) => gameId),
});

/**
 * A developer's form for an event: new (no `event`) or one of theirs. It features some of their own
 * games, with its dates; a new event's address is made from its name and kept when it is renamed.
 */
export function DeveloperEventForm({
  ownGames,
  event,
  onSaved,
}: {
  ownGames: { id: string; name: string }[];
  event?: GameEvent;
  onSaved: (event: GameEvent) => void;
}) {
  const [values, setValues] = useState<EventFields>(() => (event ? fieldsOf(event) : EMPTY));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState<GameEvent | null>(null);
  const gamesLegend = useId();

  function change<K extends keyof EventFields>(field: K, value: EventFields[K]) {
    setValues((before) => ({ ...before, [field]: value }));
    setError('');
    setSaved(null);
  }

  function problem(): string {
    if (values.name.trim() === '') return 'Name the event.';
    if (!values.starts_on || !values.ends_on) return 'Give the days it starts and ends.';
    if (values.ends_on < values.starts_on) return 'The event ends on or after the day it starts.';
    if (values.games.length === 0) return 'Feature at least one of your games.';
    return '';
  }

  const field = textFields(values, change);

  async function onSubmit(submitted: SubmitEvent<HTMLFormElement>) {
    submitted.preventDefault();
    const why = problem();
    if (why) {
      setError(why);
      return;
    }
    setSaving(true);
    try {
      const body = {
        name: values.name,
        description: values.description,
        starts_on: values.starts_on,
        ends_on: values.ends_on,
        place: values.place,
        games: values.games,
      };
      const answer = event
        ? await callApi((api) =>
            api.developer.events[':eventId'].$patch({
              param: { eventId: event.deeplink_url_code },
              json: body,
            }),
          )
        : await callApi((api) => api.developer.events.$post({ json: body }));
      setSaved(answer.event);
      if (!event) setValues(EMPTY);
      onSaved(answer.event);
    } catch (failure) {
      setError(apiFailureText(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="developer-form"
      aria-label={event ? `Edit ${event.name}` : 'New event'}
      onSubmit={(submitted) => void onSubmit(submitted)}
      aria-busy={saving || undefined}
      noValidate
    >
      <DeveloperField label="Name" required {...field('name')} />
      <DeveloperField label="Description" type="textarea" {...field('description')} />
      <div className="developer-dates">
        <DeveloperField label="Starts on" type="date" required {...field('starts_on')} />
        <DeveloperField label="Ends on" type="date" required {...field('ends_on')} />
      </div>
      <DeveloperField label="Place" hint="A city and venue, or Online." {...field('place')} />
      <fieldset className="developer-games" aria-describedby={gamesLegend}>
        <legend>Featured games</legend>
        <p id={gamesLegend} className="developer-hint">
          An event features your own games.
        </p>
        {ownGames.map((game) => (
          <label key={game.id} className="developer-game-choice">
            <input
              type="checkbox"
              checked={values.games.includes(game.id)}
              onChange={() => {
                change(
                  'games',
                  values.games.includes(game.id)
                    ? values.games.filter((id) => id !== game.id)
                    : [...values.games, game.id],
                );
              }}
            />{' '}
            {game.name}
          </label>
        ))}
      </fieldset>
      <FormOutcome
        label={event ? 'Save the event' : 'Create the event'}
        saving={saving}
        buttonClassName="pill-button pill-button-filled"
        error={error}
        notice={
          saved ? (
            <>
              {event ? 'Saved.' : 'Created.'}{' '}
              <Link to={`/event/${saved.deeplink_url_code}`}>Open {saved.name}</Link>
            </>
          ) : null
        }
      />
    </form>
  );
}
