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
