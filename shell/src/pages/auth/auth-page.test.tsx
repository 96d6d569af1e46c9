import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeSession } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('auth page', () => {
  it('opens in sign-in mode and toggles to sign-up', async () => {
    const app = renderApp('/auth', { backend: createFakeBackend({ session: null }) });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByText('Sign in to your account')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByText('Or continue with email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeTruthy();
    expect(screen.getByText('Get started with the suite')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Already have an account? Sign in' })).toBeTruthy();
    expect(app.location()).toBe('/auth?signup=true');
  });

  it('opens sign-up with ?signup=true, enforces the field rules, and goes to /dashboard', async () => {
    const backend = createFakeBackend({ session: null });
    let release: () => void = () => undefined;
    backend.on(
      'POST /api/identity/signup',
      () =>
        new Promise<Response>(
          (resolve) => (release = () => resolve(json({ success: true, session: makeSession() }))),
        ),
    );
    const app = renderApp('/auth?signup=true', { backend });
    await screen.findByRole('heading', { name: 'Create Account' });
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(password.required).toBe(true);
    expect(password.minLength).toBe(6);

    fill('maya@example.com', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    release();
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(backend.requests.find((r) => r.url === '/api/identity/signup')?.body).toEqual({
      email: 'maya@example.com',
      password: 'secret1',
    });
  });

  it("shows the server's error text", async () => {
    const backend = createFakeBackend({ session: null });
    backend.on('POST /api/identity/token', () =>
      json({ success: false, error: 'Invalid email or password', code: 'UNAUTHENTICATED' }, 401),
    );
    renderApp('/auth', { backend });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    fill('maya@example.com', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it("falls back to 'Failed to sign in' when the service does not answer", async () => {
    const backend = createFakeBackend({ session: null });
    backend.on('POST /api/identity/token', () => new Response('', { status: 502 }));
    renderApp('/auth', { backend });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    fill('maya@example.com', 'secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to sign in');
  });

  it('shows the Google error sent back by identity', async () => {
    renderApp('/auth?error=access_denied', { backend: createFakeBackend({ session: null }) });
    expect((await screen.findByRole('alert')).textContent).toBe('Google sign-in failed');
  });
});
