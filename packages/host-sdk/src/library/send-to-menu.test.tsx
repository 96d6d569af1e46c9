import '../test-support/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SendToMenu } from './send-to-menu';

const SESSION = '0b7f3c1e-5a2d-4e8f-9c6b-1d2e3f4a5b6c';
const REPLY = 'a1b2c3d4-0000-4e8f-9c6b-1d2e3f4a5b6c';

describe('SendToMenu', () => {
  it('sends one chat answer by its reply id and column, beside the session id', async () => {
    const navigate = vi.fn();
    render(
      <SendToMenu
        itemId={SESSION}
        kind="chat"
        answer={{ message: REPLY, column: 'openai/gpt-4o-mini' }}
        fromTool="ai-chat-playground"
        navigate={navigate}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /send to/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Text to Speech' }));
    expect(navigate).toHaveBeenCalledWith(
      `/tools/text-to-speech?from=${SESSION}&message=${REPLY}&column=openai%2Fgpt-4o-mini`,
    );
  });

  it('sends the whole item without an answer', async () => {
    const navigate = vi.fn();
    render(<SendToMenu itemId={SESSION} kind="report" fromTool="deep-search" navigate={navigate} />);
    await userEvent.click(screen.getByRole('button', { name: /send to/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Chat Agent' }));
    expect(navigate).toHaveBeenCalledWith(`/tools/chat-agent?from=${SESSION}`);
  });
});
