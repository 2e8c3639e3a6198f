import type { ApiErrorCode } from '../errors.ts';
import { Refusal, type RefusalStatus } from '../refusal.ts';
import type { TargetKind } from './target-presence.ts';

/** What each reason answers: a missing target 404, a member who blocked the caller 403, another kind 409. */
const ANSWERS = {
  'target-missing': [404, 'not-found'],
  blocked: [403, 'forbidden'],
  'kind-mismatch': [409, 'kind-mismatch'],
} as const satisfies Record<string, readonly [RefusalStatus, ApiErrorCode]>;

/**
 * A transition refused before anything was written: the caller asked for something that does not fit
 * what exists or what was done before. Its reason names its answer (ANSWERS), which the API gives as is.
 */
export class TransitionRefused extends Refusal {
  override readonly name = 'TransitionRefused';
  /** `blocked`: a member who blocked the caller is in the way (shared/transitions/wall-reach.ts). */
  readonly reason: keyof typeof ANSWERS;
  constructor(reason: TransitionRefused['reason'], userMessage: string, detail: string) {
    const [status, code] = ANSWERS[reason];
    super(status, code, { message: userMessage, detail });
    this.reason = reason;
  }
}

/** The target of a new follow, like or block does not exist as the kind asked for. */
export function targetMissing(kind: TargetKind, id: string): TransitionRefused {
  return new TransitionRefused('target-missing', `That ${kind} does not exist.`, `${kind} ${id} not found`);
}

/**
 * The pair's history says the target was followed or liked as another kind than the request says: the
 * undo must act on what was done, so a request naming another kind is refused rather than moving the
 * count of a different record.
 */
export function kindMismatch(stored: string, requested: TargetKind, id: string): TransitionRefused {
  return new TransitionRefused(
    'kind-mismatch',
    `That is not a ${requested}.`,
    `${id} is recorded as ${stored}, the request said ${requested}`,
  );
}
