// The account page's custom instructions (issue 38): the member's saved text and switch are shown, saved with
// PUT /api/chat/instructions, refused over 4,000 characters in the spec's words without a request, and the server's
// refusal is shown as it says it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, UI_TEXTS } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

const T = UI_TEXTS.chatWorkspace;

async function openSection(backend = createFakeBackend()) {
  renderApp('/dashboard?view=account', { backend });
  const section = await screen.findByRole('region', { name: T.customInstructions });
  // The fields unlock once the saved instructions have arrived.
  await waitFor(() =>
    expect((within(section).getByLabelText(T.customInstructionsText) as HTMLTextAreaElement).disabled).toBe(
      false,
    ),
  );
  return { backend, section };
}

const puts = (backend: ReturnType<typeof createFakeBackend>) =>
  backend.requests.filter((r) => r.method === 'PUT' && r.url === '/api/chat/instructions');

describe('account: custom instructions', () => {
  it('shows the saved instructions and saves an edit with the switch', async () => {
    const backend = createFakeBackend();
    backend.on('GET /api/chat/instructions', () =>
      json({ success: true, instructions: { text: 'Answer in French.', enabled: false } }),
    );
    backend.on('PUT /api/chat/instructions', () =>
      json({ success: true, instructions: { text: 'Answer briefly.', enabled: true } }),
    );
    const { section } = await openSection(backend);
    const text = within(section).getByLabelText(T.customInstructionsText) as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toBe('Answer in French.'));
    const toggle = within(section).getByRole('checkbox', { name: T.useInstructions }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);

    fireEvent.change(text, { target: { value: 'Answer briefly.' } });
    fireEvent.click(toggle);
    fireEvent.click(within(section).getByRole('button', { name: T.save }));

    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(T.saved));
    expect(puts(backend).map((r) => r.body)).toEqual([{ text: 'Answer briefly.', enabled: true }]);
  });

  it('refuses more than 4,000 characters in the spec’s words and sends nothing', async () => {
    const { backend, section } = await openSection();
    const text = within(section).getByLabelText(T.customInstructionsText);
    fireEvent.change(text, { target: { value: 'x'.repeat(4001) } });
    fireEvent.click(within(section).getByRole('button', { name: T.save }));

    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe(ERROR_TEXTS.chatWorkspace.instructionsTooLong);
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(puts(backend)).toEqual([]);

    // Exactly 4,000 is allowed.
    fireEvent.change(text, { target: { value: 'x'.repeat(4000) } });
    fireEvent.click(within(section).getByRole('button', { name: T.save }));
    await waitFor(() => expect(puts(backend)).toHaveLength(1));
  });

  it('shows the server’s refusal and no Saved', async () => {
    const backend = createFakeBackend();
    backend.on('PUT /api/chat/instructions', () =>
      json({ success: false, error: 'Too many requests', code: 'RATE_LIMITED' }, 429),
    );
    const { section } = await openSection(backend);
    fireEvent.change(within(section).getByLabelText(T.customInstructionsText), {
      target: { value: 'Be brief.' },
    });
    fireEvent.click(within(section).getByRole('button', { name: T.save }));
    expect((await within(section).findByRole('alert')).textContent).toContain('Too many requests');
    expect(within(section).getByRole('status').textContent).toBe('');
  });
});
