// Set-up shared by the chat page tests: a page rendered on the test host with its session list answered, a user to
// type and click, the message box, the next reply as a stream the test feeds, and feeding it events.
import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatStreamEvent, ToolId } from '@act/contracts';
import type { HostUser, ToolPageProps } from '@act/host-sdk';
import { fakeEventStream, type FakeEventStream, type FakeHandler } from '@act/host-sdk/testing';
import { createChatHost, sessionsPage } from './chat-host';

export interface ChatPageSetup {
  toolId: ToolId;
  /** The screen's sessions list path (answered for every GET, query ignored). */
  sessionsPath: string;
  /** The screen's send-message path (answered by `nextReply`). */
  sendPath: string;
  credits?: number;
  available?: boolean;
  /** The signed-in member (the default), or null for a guest. */
  user?: HostUser | null;
  /** The sessions list's reply (a Response is cloned for each read); an empty list when left out. */
  sessions?: Response | FakeHandler;
  /** The page's address when it loads (`?session=<id>` opens that session); a bare path when left out. */
  address?: string;
  /** Options for `userEvent.setup` (the reasoning tests upload files their input would not accept). */
  userEvents?: Parameters<typeof userEvent.setup>[0];
  /** More routes, answered from the first render ("METHOD /path"). */
  routes?: Record<string, FakeHandler>;
}

export function renderChatPage(Page: ComponentType<ToolPageProps>, options: ChatPageSetup) {
  const {
    toolId,
    sessionsPath,
    sendPath,
    credits,
    available,
    user,
    sessions = sessionsPage([]),
    userEvents,
    address = '/',
  } = options;
  // The address outlives a test in this DOM: each page starts from its own.
  window.history.replaceState(null, '', address);
  const test = createChatHost({ toolId, credits, available, user });
  test.on(`GET ${sessionsPath}`, typeof sessions === 'function' ? sessions : () => sessions.clone());
  for (const [route, handler] of Object.entries(options.routes ?? {})) test.on(route, handler);
  const events = userEvent.setup(userEvents);
  const view = render(<Page host={test.host} />);
  const input = () => screen.getByPlaceholderText(/Type your message/) as HTMLTextAreaElement;
  /** The next message sent is answered with a stream the test feeds (`emit`, then `end` or `drop`). */
  const nextReply = (): FakeEventStream<ChatStreamEvent> => {
    const stream = fakeEventStream<ChatStreamEvent>();
    test.on(`POST ${sendPath}`, () => stream.response);
    return stream;
  };
  return { ...test, user: events, view, input, nextReply };
}

/** Feeds events to a reply stream and lets the page render them. */
export async function emit(stream: FakeEventStream<ChatStreamEvent>, ...events: ChatStreamEvent[]) {
  await act(async () => {
    for (const event of events) stream.send(event);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}
