// The chat workspace in the browser (issue 38): picking a project filters the session list and starts new chats in
// it; a project is created with its instructions; deleting one asks about its chats; a chat is pinned and moved; the
// custom instructions are saved; the "Instructions in use" note shows the texts as plain text.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UI_TEXTS, type ChatProject } from '@act/contracts';
import { json, type FakeHandler } from '@act/host-sdk/testing';
import { AgentPage } from '../pages/agent-page';
import { makeSession, sessionsPage, SESSION_ID } from '../test-support/chat-host';
import { renderChatPage } from '../test-support/chat-page';

const T = UI_TEXTS.chatWorkspace;

afterEach(cleanup);
const PROJECT: ChatProject = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Novel',
  instructions: 'Write in British English.',
  createdAt: '2025-01-02T10:00:00Z',
  updatedAt: '2025-01-02T10:00:00Z',
};

function setup(routes: Record<string, FakeHandler> = {}) {
  return renderChatPage(AgentPage, {
    toolId: 'chat-agent',
    sessionsPath: '/api/chat/chat-agent/sessions',
    sendPath: '/api/chat/chat-agent/send-message',
    sessions: (request) =>
      request.url.includes(`projectId=${PROJECT.id}`)
        ? sessionsPage([makeSession({ id: SESSION_ID, title: 'Chapter one', project_id: PROJECT.id })])
        : sessionsPage([makeSession({ title: 'Groceries' }), makeSession({ title: 'Chapter one' })]),
    routes: { 'GET /api/chat/projects': () => json({ success: true, projects: [PROJECT] }), ...routes },
  });
}

describe('the project bar', () => {
  it('filters the list by the project picked', async () => {
    const { user } = setup();
    await screen.findByText('Groceries');
    await user.selectOptions(await screen.findByRole('combobox', { name: T.projectLabel }), 'Novel');
    await waitFor(() => expect(screen.queryByText('Groceries')).toBeNull());
    expect(screen.getByText('Chapter one')).toBeTruthy();
  });

  it('creates a project with its instructions, and shows the server’s words when it refuses', async () => {
    const { user, on } = setup();
    const bodies: unknown[] = [];
    on('POST /api/chat/projects', (request) => {
      bodies.push(request.body);
      return bodies.length === 1
        ? json({ success: false, error: 'Please enter a project name', code: 'VALIDATION_FAILED' }, 400)
        : json({ success: true, project: PROJECT });
    });
    await user.click(await screen.findByRole('button', { name: T.newProject }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(T.projectName), 'Novel');
    await user.type(within(dialog).getByLabelText(T.projectInstructions, { exact: false }), 'Be brief.');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await within(dialog).findByText('Please enter a project name')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies.at(-1)).toEqual({ name: 'Novel', instructions: 'Be brief.' });
  });

  it('asks whether to delete the chats with the project', async () => {
    const { user, on } = setup();
    const urls: string[] = [];
    on(`DELETE /api/chat/projects/${PROJECT.id}`, (request) => {
      urls.push(request.url);
      return json({ success: true, deletedChats: 1 });
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: T.projectLabel }), 'Novel');
    await user.click(screen.getByRole('button', { name: T.deleteProject }));
    await user.click(await screen.findByRole('button', { name: T.deleteChats }));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]).toContain('deleteChats=true');
  });

  it('pins a chat and moves it into a project', async () => {
    const { user, on } = setup();
    const patches: unknown[] = [];
    on(`PATCH /api/chat/chat-agent/sessions/${SESSION_ID}`, (request) => {
      patches.push(request.body);
      return json({ success: true, session: makeSession({ id: SESSION_ID }) });
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: T.projectLabel }), 'Novel');
    await user.click(await screen.findByRole('button', { name: T.pin('Chapter one') }));
    await user.click(screen.getByRole('button', { name: T.move('Chapter one') }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: T.projectLabel }), T.noProject);
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() => expect(patches).toEqual([{ pinned: true }, { projectId: null }]));
  });

  it('saves the custom instructions', async () => {
    const { user, on } = setup();
    on('GET /api/chat/instructions', () =>
      json({ success: true, instructions: { text: '', enabled: false } }),
    );
    const saved: unknown[] = [];
    on('PUT /api/chat/instructions', (request) => {
      saved.push(request.body);
      return json({ success: true, instructions: request.body });
    });
    await user.click(await screen.findByRole('button', { name: T.customInstructions }));
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByLabelText(T.customInstructionsText, { exact: false }),
      'Call me Sam.',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: T.useInstructions }));
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() => expect(saved).toEqual([{ text: 'Call me Sam.', enabled: true }]));
  });

  it('shows the instructions in use as plain text', async () => {
    setup({
      'GET /api/chat/instructions/in-use': () =>
        json({ success: true, inUse: [{ source: 'member', text: '<b>bold</b> please' }] }),
    });
    const note = await screen.findByTestId('instructions-in-use');
    expect(note.textContent).toContain('<b>bold</b> please');
    expect(note.querySelector('b')).toBeNull();
  });
});
