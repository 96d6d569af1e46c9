import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_EXPORT_TEXTS, type DataExport } from '@act/contracts';
import { json, makeSession } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

const T = DATA_EXPORT_TEXTS;
const ID = '0b6b8a52-3a45-4b8e-9a43-5d0c5a1e2f10';

afterEach(() => localStorage.clear());

async function section() {
  const heading = await screen.findByRole('heading', { name: T.title }, { timeout: 10_000 });
  return heading.closest('section')!;
}

describe('Export my data', () => {
  it('starts an export, shows it pending, then offers the download once ready', async () => {
    const backend = createFakeBackend();
    let state: DataExport = { id: ID, status: 'pending' };
    backend.on('POST /api/identity/exports', () => json({ success: true, export: state }, 202));
    backend.on(`GET /api/identity/exports/${ID}`, () => json({ success: true, export: state }));
    renderApp('/dashboard?view=account', { backend });
    const panel = await section();

    fireEvent.click(within(panel).getByRole('button', { name: T.button }));
    await within(panel).findByText(T.status.pending);
    expect(within(panel).queryByRole('button', { name: T.button })).toBeNull();

    state = { id: ID, status: 'ready', downloadUrl: '/api/identity/files/u/x.zip?exp=1&sig=s' };
    const link = await within(panel).findByRole('link', { name: T.download }, { timeout: 5_000 });
    expect(link.getAttribute('href')).toBe(state.downloadUrl);
    expect(within(panel).getByText(T.status.ready)).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    const backend = createFakeBackend();
    backend.on('POST /api/identity/exports', () =>
      json({ success: false, error: 'Your data export is already being prepared.', code: 'CONFLICT' }, 409),
    );
    renderApp('/dashboard?view=account', { backend });
    const panel = await section();
    fireEvent.click(within(panel).getByRole('button', { name: T.button }));
    await within(panel).findByText('Your data export is already being prepared.');
  });

  it('finds the export asked for before on this browser, and offers a retry when it failed', async () => {
    localStorage.setItem(`act.dataExport.${makeSession().user.id}`, ID);
    const backend = createFakeBackend();
    backend.on(`GET /api/identity/exports/${ID}`, () =>
      json({ success: true, export: { id: ID, status: 'failed' } }),
    );
    renderApp('/dashboard?view=account', { backend });
    const panel = await section();
    await within(panel).findByText(T.status.failed);
    expect(within(panel).getByRole('button', { name: T.retry })).toBeTruthy();
  });
});
