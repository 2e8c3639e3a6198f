// The name lives in shared/ so the browser and the Worker agree on it.
export { SESSION_COOKIE } from '../shared/session-cookie.ts';
