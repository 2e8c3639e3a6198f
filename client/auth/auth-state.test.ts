import { describe, expect, it } from 'vitest';
import { AuthState, DIRECT_APP_PLACEHOLDER_UID, type SessionUser } from './auth-state.ts';

const user = (uid: string, email: string | null = `${uid}@example.com`): SessionUser => ({
  uid,
  email,
  displayName: null,
  guest: false,
});

describe('AuthState (spec section 4)', () => {
  it('is logged in exactly when a current user exists', () => {
    const state = new AuthState();
    expect(state.loggedIn).toBe(false);
    state.providerChanged(user('a'));
    expect(state.loggedIn).toBe(true);
    state.providerChanged(null);
    expect(state.loggedIn).toBe(false);
  });

  it('treats the direct-app placeholder user as not logged in', () => {
    const state = new AuthState();
    state.providerChanged(user(DIRECT_APP_PLACEHOLDER_UID));
    expect(state.user?.uid).toBe(DIRECT_APP_PLACEHOLDER_UID);
    expect(state.loggedIn).toBe(false);
  });

  it('fires listeners only when the user id changes', () => {
    const state = new AuthState();
    const heard: (string | null)[] = [];
    state.listen((current) => heard.push(current?.uid ?? null));
    state.providerChanged(null);
    state.providerChanged(user('a'));
    state.providerChanged(user('a', 'new@example.com'));
    state.providerChanged(user('b'));
    state.providerChanged(null);
    state.providerChanged(null);
    expect(heard).toEqual(['a', 'b', null]);
  });

  it('queues changes during a flow and applies the latest when it completes', async () => {
    const state = new AuthState();
    state.providerChanged(null);
    const heard: (string | null)[] = [];
    state.listen((current) => heard.push(current?.uid ?? null));
    await state.runFlow('signup', () => {
      state.providerChanged(user('half-made'));
      state.providerChanged(user('member'));
      expect(heard).toEqual([]);
      expect(state.loggedIn).toBe(false);
      return Promise.resolve();
    });
    expect(heard).toEqual(['member']);
    expect(state.loggedIn).toBe(true);
  });

  it('applies queued changes even when the flow fails', async () => {
    const state = new AuthState();
    await expect(
      state.runFlow('login', () => {
        state.providerChanged(user('a'));
        return Promise.reject(new Error('boom'));
      }),
    ).rejects.toThrow('boom');
    expect(state.user?.uid).toBe('a');
  });

  it('resolves ready() after the first provider answer', async () => {
    const state = new AuthState();
    let ready = false;
    const waiting = state.ready().then(() => {
      ready = true;
    });
    await Promise.resolve();
    expect(ready).toBe(false);
    state.providerChanged(null);
    await waiting;
    expect(ready).toBe(true);
  });
});
