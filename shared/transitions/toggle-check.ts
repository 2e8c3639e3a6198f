import type { DbNode, MultiPathUpdate, WriteValue } from '../rtdb/multi-path-update.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import type { TargetKind } from './target-presence.ts';
import { kindMismatch, targetMissing } from './transition-refused.ts';

/** What a pair's history entry says of an on/off relation (a follow, a like): the kind recorded and whether it is off. */
export interface RecordedToggle {
  kind: string;
  disabled: boolean;
}

/** What a request asks of the pair: turn the relation on or off, naming the target's kind. */
export interface ToggleRequest {
  kind: TargetKind;
  targetId: string;
  on: boolean;
  /** Whether the target exists as `kind` (read just before deciding). */
  targetExists: boolean;
}

/**
 * The checks every on/off transition makes before writing, in one place so follows and likes cannot
 * drift apart: a request naming another kind than the one recorded is refused (unless it turns on a
 * pair that is off: two records may share an id), turning on what does not exist is refused, and a
 * request that changes nothing is answered without writing. Answers whether the relation is on now and
 * whether the request changes it; throws TransitionRefused.
 */
export function checkToggle(
  recorded: RecordedToggle | null,
  request: ToggleRequest,
): { active: boolean; changes: boolean } {
  const active = recorded !== null && !recorded.disabled;
  if (recorded !== null && recorded.kind !== request.kind && (active || !request.on))
    throw kindMismatch(recorded.kind, request.kind, request.targetId);
  if (request.on === active) return { active, changes: false };
  if (request.on && !request.targetExists) throw targetMissing(request.kind, request.targetId);
  return { active, changes: true };
}

/** What every on/off relation's record holds besides what it names: whether it is off, and since when on. */
interface ToggledRecord {
  disabled?: boolean | undefined;
  timestamp?: number | undefined;
}

/**
 * The writes of an on/off relation's record (a follow's, a like's) when a change goes through: the whole
 * record (`created`) when the pair had none, else `disabled` flipped and, when the relation is turned on
 * again, its time and the kind it names refreshed (the kind may be another than before: two records may
 * share an id, see checkToggle). One helper, so that follows and likes keep their records alike.
 */
export function planToggledRecord<T extends ToggledRecord, F extends keyof T & string>(
  record: DbNode<T>,
  change: { first: boolean; on: boolean; kindField: F; kind: WriteValue<NonNullable<T[F]>> },
  created: WriteValue<T>,
): MultiPathUpdate {
  if (change.first) return record.set(created);
  // The two fields every such record has, written as such (T's own may be narrower, never other).
  const toggled = record as unknown as DbNode<Required<ToggledRecord>>;
  return {
    ...toggled.child('disabled').set(!change.on),
    ...(change.on
      ? {
          ...toggled.child('timestamp').set(SERVER_TIMESTAMP),
          ...record.child(change.kindField).set(change.kind),
        }
      : {}),
  };
}
