/**
 * The methods that only read: never counted against a write limit nor refused for want of a member record,
 * so one middleware can guard an area that mixes reads and writes.
 */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
