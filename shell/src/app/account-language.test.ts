// A device without a language choice adopts the account's at sign-in; a device that chose keeps its choice.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY, type SessionUser } from '@act/contracts';
import { createStore, type AuthState } from '@act/host-sdk';
import { adoptAccountLanguage } from './account-language';

function authWith(user: Partial<SessionUser> | null) {
  return createStore<Pick<AuthState, 'user'>>({ user: user as SessionUser | null });
}

afterEach(() => localStorage.clear());

describe('adopting the account language', () => {
  it("stores the account's language and loads the page again in it, once", () => {
    const auth = authWith(null);
    const reload = vi.fn();
    adoptAccountLanguage(auth, reload);
    expect(reload).not.toHaveBeenCalled();

    auth.setState({ user: { id: 'u', email: 'a@example.com', created_at: '', locale: 'es' } as SessionUser });
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(reload).toHaveBeenCalledTimes(1);
    auth.setState({ user: { id: 'u', email: 'a@example.com', created_at: '', locale: 'es' } as SessionUser });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("keeps the device's own choice, and does nothing for an account that never chose", () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    const reload = vi.fn();
    adoptAccountLanguage(authWith({ locale: 'es' }), reload);
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');

    localStorage.clear();
    adoptAccountLanguage(authWith({ id: 'u' }), reload);
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
