// The chat workspace (issue 38, docs/product-rules.md#chat-workspace) in Chromium against the running system. A
// member saves custom instructions on the account page, creates a project with instructions on Chat Agent and starts
// a chat in it: the model (the local fake provider, which quotes the system texts it read when asked) is told the
// project's instructions first, then the member's, and so is each of the playground's four columns in that project.
// The project lists its chats, the chat shows "Instructions in use", a pinned chat stays at the top, a chat moved out
// leaves the project's list, and deleting the project asks whether its chats go too (kept here). Another member gets
// 404 for the project everywhere, exactly like an unknown id.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PLAYGROUND_MODELS, PLAYGROUND_MODEL_INFO, UI_TEXTS } from '@act/contracts';
import { uniqueEmail } from './support/browser';
import { SYSTEM_TEXTS_WORD } from './support/fake-provider';
import { goto, sendChatMessage, signUp, useBrowser } from './support/fixtures';

const T = UI_TEXTS.chatWorkspace;
const PASSWORD = 'correct-horse-7';
const PROJECT = 'Harbour novel';
const PROJECT_RULE = 'Project rule: write like a harbour pilot.';
const MEMBER_RULE = 'Member rule: keep it to three sentences.';
/** What the fake answers when it was told the project's instructions, then the member's, before anything else. */
const TOLD_IN_ORDER = `(Told first: “${PROJECT_RULE}”, then: “${MEMBER_RULE}”`;

async function tokenOf(page: Page, email: string): Promise<string> {
  const reply = await page.request.post('/api/identity/token?grant_type=password', {
    data: { grant_type: 'password', email, password: PASSWORD },
  });
  const { session } = (await reply.json()) as { session: { access_token: string } };
  return session.access_token;
}

/** The titles of the session list, top to bottom. */
async function sessionTitles(page: Page): Promise<string[]> {
  return page.getByTestId('chat-session').locator('.ch-session__title').allTextContents();
}

async function pickProject(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: T.projectLabel }).selectOption({ label: name });
}

async function startAgentChat(page: Page, question: string): Promise<void> {
  await page.getByRole('heading', { name: UI_TEXTS.chat.chooseModel }).waitFor({ timeout: 15_000 });
  await page.getByTestId('chat-model').filter({ hasText: 'GPT-4o Mini' }).click();
  await sendChatMessage(page, question);
}

describe('the chat workspace', () => {
  const browser = useBrowser();

  it('tells the model the project’s then the member’s instructions, lists, pins, moves and deletes', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    const email = uniqueEmail('workspace');
    await signUp(page, email, PASSWORD);

    // The member's custom instructions, saved on the account page.
    await goto(page, '/dashboard?view=account');
    const section = page.getByRole('region', { name: T.customInstructions });
    await section.getByLabel(T.customInstructionsText).fill(MEMBER_RULE);
    await section.getByRole('checkbox', { name: T.useInstructions }).check();
    await section.getByRole('button', { name: T.save }).click();
    await section.getByRole('status').getByText(T.saved).waitFor();

    // A project with instructions, made on Chat Agent, and a chat started in it.
    await goto(page, '/tools/chat-agent');
    await page.getByRole('button', { name: T.newProject }).click();
    const dialog = page.getByRole('dialog', { name: T.newProject });
    await dialog.getByLabel(T.projectName).fill(PROJECT);
    await dialog.getByLabel(T.projectInstructions).fill(PROJECT_RULE);
    await dialog.getByRole('button', { name: T.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    await pickProject(page, PROJECT);
    await startAgentChat(page, `Tides first ${SYSTEM_TEXTS_WORD}`);
    const agentAnswer = await page.getByTestId('chat-reply').last().locator('.ch-md').textContent();
    expect(agentAnswer).toContain(TOLD_IN_ORDER);

    // What the model was told, shown on the chat as plain text.
    const note = page.getByTestId('instructions-in-use');
    await note.getByText(T.instructionsInUse).click();
    expect(await note.locator('p').allTextContents()).toEqual([
      `${T.fromProject}: ${PROJECT_RULE}`,
      `${T.fromMember}: ${MEMBER_RULE}`,
    ]);

    // A second chat in the project: the newest is on top until the first is pinned; the pin survives a reload.
    await page.getByRole('button', { name: UI_TEXTS.chat.newChat }).click();
    await startAgentChat(page, `Moorings second ${SYSTEM_TEXTS_WORD}`);
    await expect.poll(() => sessionTitles(page)).toHaveLength(2);
    const [second, first] = await sessionTitles(page);
    expect(first).toContain('Tides first');
    expect(second).toContain('Moorings second');
    await page.getByRole('button', { name: T.pin(first!) }).click();
    await page.getByRole('button', { name: T.unpin(first!) }).waitFor();
    await expect.poll(() => sessionTitles(page)).toEqual([first, second]);
    await page.reload({ waitUntil: 'networkidle' });
    await pickProject(page, PROJECT);
    await expect.poll(() => sessionTitles(page)).toEqual([first, second]);

    // Every playground column in the project is told the same, in the same order.
    await goto(page, '/tools/ai-chat-playground');
    await pickProject(page, PROJECT);
    await sendChatMessage(page, `Lighthouses ${SYSTEM_TEXTS_WORD}`);
    for (const model of PLAYGROUND_MODELS) {
      const column = page.getByRole('region', { name: PLAYGROUND_MODEL_INFO[model].name });
      const text = await column.getByTestId('chat-reply').last().locator('.ch-md').textContent();
      expect(text, model).toContain(TOLD_IN_ORDER);
    }
    await expect.poll(() => sessionTitles(page)).toHaveLength(1);

    // Another member sees none of it: the project, its chats and the note answer 404, like an unknown id.
    const owner = await tokenOf(page, email);
    const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const projects = (await (await page.request.get('/api/chat/projects', auth(owner))).json()) as {
      projects: Array<{ id: string; name: string }>;
    };
    const projectId = projects.projects.find((project) => project.name === PROJECT)!.id;
    const sessions = (await (
      await page.request.get(`/api/chat/chat-agent/sessions?projectId=${projectId}`, auth(owner))
    ).json()) as { sessions: Array<{ id: string }> };
    expect(sessions.sessions).toHaveLength(2);
    const other = await browser.newPage();
    const otherEmail = uniqueEmail('workspace-other');
    await signUp(other, otherEmail, PASSWORD);
    const stranger = auth(await tokenOf(other, otherEmail));
    const listed = (await (await other.request.get('/api/chat/projects', stranger)).json()) as {
      projects: unknown[];
    };
    expect(listed.projects).toEqual([]);
    const refusals = [
      await other.request.patch(`/api/chat/projects/${projectId}`, { ...stranger, data: { name: 'Mine' } }),
      await other.request.get(`/api/chat/chat-agent/sessions?projectId=${projectId}`, stranger),
      await other.request.get(`/api/chat/instructions/in-use?projectId=${projectId}`, stranger),
      await other.request.get(
        `/api/chat/instructions/in-use?sessionId=${sessions.sessions[0]!.id}`,
        stranger,
      ),
      await other.request.delete(`/api/chat/projects/${projectId}?deleteChats=true`, stranger),
    ];
    expect(refusals.map((reply) => reply.status())).toEqual([404, 404, 404, 404, 404]);

    // Moving the second chat out of the project: the project lists the first alone, All chats both.
    await goto(page, '/tools/chat-agent');
    await pickProject(page, PROJECT);
    await expect.poll(() => sessionTitles(page)).toEqual([first, second]);
    await page.getByRole('button', { name: T.move(second!) }).click();
    const move = page.getByRole('dialog', { name: T.moveTitle });
    await move.getByRole('combobox', { name: T.projectLabel }).selectOption({ label: T.noProject });
    await move.getByRole('button', { name: T.save }).click();
    await move.waitFor({ state: 'hidden' });
    await expect.poll(() => sessionTitles(page)).toEqual([first]);
    await pickProject(page, T.allChats);
    await expect.poll(() => sessionTitles(page)).toEqual([first, second]);

    // Deleting the project asks what happens to its chats; kept, they stay, outside any project.
    await pickProject(page, PROJECT);
    await page.getByRole('button', { name: T.deleteProject }).click();
    const ask = page.getByRole('dialog', { name: T.deleteProject });
    expect(await ask.textContent()).toContain(T.deleteProjectQuestion);
    await ask.getByRole('button', { name: T.deleteChats }).waitFor();
    await ask.getByRole('button', { name: T.keepChats }).click();
    await ask.waitFor({ state: 'hidden' });
    const picker = page.getByRole('combobox', { name: T.projectLabel });
    await expect.poll(() => picker.locator('option').allTextContents()).toEqual([T.allChats]);
    await expect.poll(() => sessionTitles(page)).toEqual([first, second]);
  }, 240_000);
});
