// The account page's Password and Delete account sections against a fake backend: a password change sends the
// current and new password; deleting needs DELETE typed out, sends the password in the DELETE body, shows the
// server's refusal and changes nothing, and once accepted signs out to the landing page with its notice. A Google
// account starts the Google sign-in bound to the deletion from the dialog, and the dialog opens again on the way back.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_CONTROL_TEXTS, ERROR_TEXTS } from '@act/contracts';
import { describe, expect, it } from 'vitest';
import { json } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../../test-support/render-app';

const P = ACCOUNT_CONTROL_TEXTS.password;
const D = ACCOUNT_CONTROL_TEXTS.deletion;

async function section(title: string) {
  const heading = await screen.findByRole('heading', { name: title }, { timeout: 10_000 });
  return heading.closest('section')!;
}

describe('account control on the account page', () => {
  it('changes the password with the current one', async () => {
    const backend = createFakeBackend();
    backend.on('PUT /api/identity/user', () =>
      json({
        success: true,
        user: {
          id: '11111111-1111-4111-8111-111111111111',
          email: 'a@example.com',
          created_at: '2025-01-01T00:00:00Z',
        },
        emailChangePending: false,
      }),
    );
    renderApp('/dashboard?view=account', { backend });
    const password = await section(P.title);
    fireEvent.change(within(password).getByLabelText(P.current), { target: { value: 'old-password' } });
    fireEvent.change(within(password).getByLabelText(P.next), { target: { value: 'new-password' } });
    fireEvent.click(within(password).getByRole('button', { name: P.submit }));
    await screen.findByText(P.changed);
    expect(backend.requests.find((r) => r.method === 'PUT')!.body).toEqual({
      current_password: 'old-password',
      password: 'new-password',
    });
  });

  it('deletes only after DELETE is typed, shows a refusal, then signs out to the landing page notice', async () => {
    const backend = createFakeBackend();
    let attempts = 0;
    backend.on('DELETE /api/identity/account', () => {
      attempts += 1;
      return attempts === 1
        ? json({ success: false, code: 'FORBIDDEN', error: ERROR_TEXTS.server.currentPasswordIncorrect }, 403)
        : json({ success: true });
    });
    const view = renderApp('/dashboard?view=account', { backend });
    const deletion = await section(D.title);
    fireEvent.click(within(deletion).getByRole('button', { name: D.open }));
    const dialog = await screen.findByRole('dialog', { name: D.dialogTitle });
    const submit = within(dialog).getByRole('button', { name: D.submit });
    fireEvent.change(within(dialog).getByLabelText(D.password), { target: { value: 'wrong' } });
    fireEvent.change(within(dialog).getByLabelText(D.confirmLabel), { target: { value: 'delete' } });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(D.confirmLabel), { target: { value: D.confirmWord } });
    fireEvent.click(submit);
    await within(dialog).findByText(ERROR_TEXTS.server.currentPasswordIncorrect);
    expect(view.location()).toBe('/dashboard?view=account');

    fireEvent.change(within(dialog).getByLabelText(D.password), { target: { value: 'right' } });
    fireEvent.click(submit);
    await waitFor(() => expect(view.location()).toBe('/'));
    await screen.findByText(D.deletedNotice);
    const sent = backend.requests.filter((r) => r.method === 'DELETE').map((r) => r.body);
    expect(sent).toEqual([{ password: 'wrong' }, { password: 'right' }]);
  });

  it('starts the Google sign-in for the deletion from the dialog', async () => {
    const backend = createFakeBackend();
    backend.on('POST /api/identity/account/google-reauth', () =>
      json({ success: false, code: 'FORBIDDEN', error: ACCOUNT_CONTROL_TEXTS.errors.usePassword }, 403),
    );
    renderApp('/dashboard?view=account', { backend });
    const deletion = await section(D.title);
    fireEvent.click(within(deletion).getByRole('button', { name: D.open }));
    const dialog = await screen.findByRole('dialog', { name: D.dialogTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: D.googleReauth }));
    // A password account is told to use its password; nothing else happens.
    await within(dialog).findByText(ACCOUNT_CONTROL_TEXTS.errors.usePassword);
    const started = backend.requests.filter((r) => r.url.includes('/api/identity/account/google-reauth'));
    expect(started.map((r) => [r.method, r.body])).toEqual([['POST', {}]]);
  });

  it('opens the dialog again after Google confirmed the member, and deletes without a password', async () => {
    const backend = createFakeBackend();
    backend.on('DELETE /api/identity/account', () => json({ success: true }));
    const view = renderApp('/dashboard?view=account&reauth=confirmed', { backend });
    const dialog = await screen.findByRole('dialog', { name: D.dialogTitle }, { timeout: 10_000 });
    within(dialog).getByText(D.googleConfirmed);
    fireEvent.change(within(dialog).getByLabelText(D.confirmLabel), { target: { value: D.confirmWord } });
    fireEvent.click(within(dialog).getByRole('button', { name: D.submit }));
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(backend.requests.filter((r) => r.method === 'DELETE').map((r) => r.body)).toEqual([{}]);
  });

  it('says so when Google did not confirm the member, and forgets it once the dialog closes', async () => {
    const view = renderApp('/dashboard?view=account&reauth=failed', { backend: createFakeBackend() });
    const dialog = await screen.findByRole('dialog', { name: D.dialogTitle }, { timeout: 10_000 });
    within(dialog).getByText(ACCOUNT_CONTROL_TEXTS.errors.reauthFailed);
    fireEvent.click(within(dialog).getByRole('button', { name: D.cancel }));
    await waitFor(() => expect(view.location()).toBe('/dashboard?view=account'));
  });
});
