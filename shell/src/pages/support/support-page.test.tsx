import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CREDIT_CONTROLS_TEXTS, CREDIT_PACK_TEXTS, type SupportMember } from '@act/contracts';
import { describe, expect, it } from 'vitest';
import { json, makeSession } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

const S = CREDIT_CONTROLS_TEXTS.support;
const MEMBER_ID = '3b1f7d2e-8c4a-4e55-9a61-2f0c9d7e4b12';

function supportSession() {
  const session = makeSession();
  return { ...session, user: { ...session.user, roles: ['support'] } };
}

function member(overrides: Partial<SupportMember> = {}): SupportMember {
  return {
    userId: MEMBER_ID,
    email: 'ada@example.com',
    plan: 'pro',
    balance: 120,
    planCredits: 20,
    purchasedCredits: 100,
    monthlyAllowance: 500,
    spentThisPeriod: 380,
    monthlyCap: null,
    lastCreditReset: '2025-01-05T10:00:00.000Z',
    ledger: [
      { id: '2', kind: 'tool_use', delta: -20, at: '2025-01-20T10:00:00.000Z', note: null },
      { id: '1', kind: 'reset', delta: 500, at: '2025-01-05T10:00:00.000Z', note: null },
    ],
    failures: [
      {
        requestId: 'r1',
        tool: 'text-to-image',
        cost: 20,
        status: 'released',
        at: '2025-01-19T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

describe('support console page', () => {
  it('is not shown to a member without the role, and the header has no link to it', async () => {
    const backend = createFakeBackend();
    renderApp('/support', { backend });
    expect((await screen.findByRole('alert')).textContent).toBe(S.forbidden);
    expect(backend.requests.some((r) => r.url.startsWith('/api/credits/support/'))).toBe(false);
    renderApp('/dashboard', { backend });
    await screen.findAllByRole('link', { name: /Account/ });
    expect(screen.queryByRole('link', { name: new RegExp(S.title) })).toBeNull();
  });

  it('finds a member, shows plan, balance, ledger and failures, and grants credits with a reason', async () => {
    const backend = createFakeBackend({ session: supportSession() });
    let current = member();
    backend.on('GET /api/credits/support/member', () => json({ success: true, member: current }));
    backend.on('POST /api/credits/support/adjustments', () => {
      current = member({
        balance: 145,
        ledger: [
          {
            id: '3',
            kind: 'support',
            delta: 25,
            at: '2025-01-21T10:00:00.000Z',
            note: 'maya@example.com: Outage',
          },
          ...member().ledger,
        ],
      });
      return json({ success: true, balance: 145 });
    });
    const app = renderApp('/dashboard', { backend });
    fireEvent.click(await screen.findByRole('link', { name: new RegExp(S.title) }));
    expect(app.location()).toBe('/support');

    fireEvent.change(await screen.findByLabelText(S.findLabel), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: S.find }));
    const view = await screen.findByRole('region', { name: 'ada@example.com' });
    expect(view.textContent).toContain('pro');
    expect(view.textContent).toContain('120');
    expect(view.textContent).toContain('text-to-image');
    expect(view.textContent).toContain(CREDIT_PACK_TEXTS.ledger.kinds.reset);
    expect(view.textContent).toContain(`${CREDIT_PACK_TEXTS.split.purchased}100`);
    expect(backend.requests.find((r) => r.url.startsWith('/api/credits/support/member'))!.url).toContain(
      'email=ada%40example.com',
    );

    const grant = within(view).getByRole('button', { name: S.grant }) as HTMLButtonElement;
    fireEvent.change(within(view).getByLabelText(S.amount), { target: { value: '25' } });
    expect(grant.disabled).toBe(true);
    fireEvent.change(within(view).getByLabelText(S.reason), { target: { value: 'Outage' } });
    fireEvent.click(grant);
    await screen.findByText(S.applied);
    const sent = backend.requests.find((r) => r.url === '/api/credits/support/adjustments')!.body;
    expect(sent).toMatchObject({ userId: MEMBER_ID, direction: 'grant', credits: 25, reason: 'Outage' });
    await waitFor(() => expect(view.textContent).toContain('Support'));
    expect(view.textContent).toContain('maya@example.com: Outage');
  });

  it('shows a refused claw-back with the server’s text', async () => {
    const backend = createFakeBackend({ session: supportSession() });
    backend.on('GET /api/credits/support/member', () => json({ success: true, member: member() }));
    backend.on('POST /api/credits/support/adjustments', () =>
      json({ success: false, error: S.clawBackTooLarge(120), code: 'CONFLICT' }, 409),
    );
    renderApp('/support', { backend });
    fireEvent.change(await screen.findByLabelText(S.findLabel), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: S.find }));
    const view = await screen.findByRole('region', { name: 'ada@example.com' });
    fireEvent.change(within(view).getByLabelText(S.amount), { target: { value: '500' } });
    fireEvent.change(within(view).getByLabelText(S.reason), { target: { value: 'Chargeback' } });
    fireEvent.click(within(view).getByRole('button', { name: S.clawBack }));
    expect((await within(view).findByRole('alert')).textContent).toBe(S.clawBackTooLarge(120));
  });
});
