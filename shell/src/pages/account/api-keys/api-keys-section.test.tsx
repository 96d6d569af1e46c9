// The account's personal API keys against a fake backend: the list with each key's spend this month and last use,
// creating a key whose secret is shown once, setting a key's limit, and revoking one after a confirmation.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API_KEY_TEXTS, type ApiKey } from '@act/contracts';
import { describe, expect, it } from 'vitest';
import { json } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../../test-support/render-app';

const T = API_KEY_TEXTS.page;
const KEY: ApiKey = {
  id: '7a1c2d3e-4f50-4a6b-8c9d-0e1f2a3b4c5d',
  name: 'Nightly export',
  prefix: 'act_AbCdEfGh',
  monthlyCreditLimit: 100,
  createdAt: '2025-05-01T08:00:00.000Z',
  lastUsedAt: null,
};
const SECRET = `act_${'S'.repeat(43)}`;

function backendWithKeys(keys: ApiKey[]) {
  const backend = createFakeBackend();
  backend.on('GET /api/identity/api-keys', () => json({ success: true, keys }));
  backend.on('GET /api/credits/api-keys/spend', () =>
    json({ success: true, keys: keys.map((key) => ({ id: key.id, spentThisMonth: 24 })) }),
  );
  backend.on('POST /api/identity/api-keys', (request) => {
    const body = request.body as { name: string; monthlyCreditLimit: number | null };
    const key = { ...KEY, id: '9b8a7c6d-5e4f-4321-8765-43210fedcba9', ...body, prefix: SECRET.slice(0, 12) };
    return json({ success: true, key, secret: SECRET }, 201);
  });
  backend.on(`PATCH /api/identity/api-keys/${KEY.id}`, (request) =>
    json({ success: true, key: { ...KEY, ...(request.body as object) } }),
  );
  backend.on(`DELETE /api/identity/api-keys/${KEY.id}`, () => json({ success: true }));
  return backend;
}

async function section() {
  const heading = await screen.findByRole('heading', { name: T.title }, { timeout: 10_000 });
  return heading.closest('section')!;
}

describe('personal API keys on the account page', () => {
  it('lists each key with its limit, spend this month and last use, and never a secret', async () => {
    renderApp('/dashboard?view=account', { backend: backendWithKeys([KEY]) });
    const keys = await section();
    const row = await within(keys).findByTestId('api-key-row');
    expect(row.textContent).toContain('Nightly export');
    expect(row.textContent).toContain('act_AbCdEfGh…');
    expect(row.textContent).toContain('100');
    expect(row.textContent).toContain('24');
    expect(row.textContent).toContain(T.neverUsed);
  });

  it('creates a key and shows its secret once', async () => {
    const backend = backendWithKeys([]);
    renderApp('/dashboard?view=account', { backend });
    const keys = await section();
    await within(keys).findByText(T.empty);
    fireEvent.change(within(keys).getByLabelText(T.nameLabel), { target: { value: 'CI' } });
    fireEvent.change(within(keys).getByLabelText(T.limitLabel), { target: { value: '50' } });
    fireEvent.click(within(keys).getByRole('button', { name: T.create }));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    expect(within(dialog).getByTestId('api-key-secret').textContent).toBe(SECRET);
    expect(
      backend.requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/identity/api-keys'))!.body,
    ).toEqual({
      name: 'CI',
      monthlyCreditLimit: 50,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: T.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect((await within(keys).findByTestId('api-key-row')).textContent).toContain('CI');
  });

  it('sets a key’s limit, and revokes it after a confirmation', async () => {
    const backend = backendWithKeys([KEY]);
    renderApp('/dashboard?view=account', { backend });
    const keys = await section();
    fireEvent.click(await within(keys).findByRole('button', { name: T.renameLabel(KEY.name) }));
    const edit = within(keys).getByRole('form', { name: `${T.rename}: ${KEY.name}` });
    fireEvent.change(within(edit).getByLabelText(T.limitLabel), { target: { value: '' } });
    fireEvent.click(within(edit).getByRole('button', { name: T.save }));
    await waitFor(() => expect(within(keys).getByTestId('api-key-row').textContent).toContain(T.noLimit));
    expect(backend.requests.find((r) => r.method === 'PATCH')!.body).toEqual({
      name: KEY.name,
      monthlyCreditLimit: null,
    });

    fireEvent.click(within(keys).getByRole('button', { name: T.revokeLabel(KEY.name) }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(T.revokeConfirm(KEY.name));
    fireEvent.click(within(confirm).getByRole('button', { name: T.revoke }));
    await within(keys).findByText(T.empty);
    expect(backend.requests.some((r) => r.method === 'DELETE')).toBe(true);
  });
});
