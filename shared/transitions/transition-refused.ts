import type { TargetKind } from './target-presence.ts';

/**
 * A transition refused before anything was written: the caller asked for something that does not fit
 * what exists or what was done before. The API answers these with a 4xx; nothing else catches them.
 */
export class TransitionRefused extends Error {
  override readonly name = 'TransitionRefused';
  /** `blocked`: a member who blocked the caller is in the way (shared/transitions/wall-reach.ts). */
  readonly reason: 'target-missing' | 'kind-mismatch' | 'blocked';
  /** Words safe to show the person who asked. */
  readonly userMessage: string;
  constructor(reason: TransitionRefused['reason'], userMessage: string, detail: string) {
    super(detail);
    this.reason = reason;
    this.userMessage = userMessage;
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
