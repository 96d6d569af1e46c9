import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ToolPageProps, ToolPages } from '@act/host-sdk';
import { makeMe } from '@act/host-sdk/testing';
import { createRemoteLoader } from '../../federation/remote-loader';
import { createFakeBackend, renderApp } from '../../test-support/render-app';
import type * as Contracts from '@act/contracts';

// Every tool of the catalogue has a page now (Deep Search got its own in issue 24): the coming-soon path is shown with
// a catalogue where Deep Search has none.
vi.mock('@act/contracts', async (importOriginal) => {
  const contracts = await importOriginal<typeof Contracts>();
  return {
    ...contracts,
    getTool: (id: string) => {
      const tool = contracts.getTool(id as Parameters<typeof contracts.getTool>[0]);
      return tool?.id === 'deep-search' ? { ...tool, hasPage: false } : tool;
    },
  };
});

function FakeMagicEnhance({ host }: ToolPageProps) {
  return (
    <div>
      <p>
        page for {host.toolId} · {host.user?.email} · {host.plan} · {host.credits}
      </p>
      <button onClick={() => host.onCreditsChange(49)}>spend</button>
      <button onClick={() => host.navigate('/tools/cartoonify')}>go</button>
    </div>
  );
}

describe('tool frame', () => {
  it('shows Back to Dashboard, the tool name, balance and plan, and the remote page with host props', async () => {
    const loadToolPages = vi.fn(async (): Promise<ToolPages> => ({ 'magic-enhance': FakeMagicEnhance }));
    const app = renderApp('/tools/magic-enhance', {
      backend: createFakeBackend({ me: makeMe({ plan: 'pro', credits: 50 }) }),
      loadToolPages,
    });
    expect(await screen.findByText('page for magic-enhance · maya@example.com · pro · 50')).toBeTruthy();
    expect(loadToolPages).toHaveBeenCalledWith('prompt', { retry: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Magic Enhance' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(document.querySelector('.sh-plan-badge')?.textContent).toBe('Pro');

    fireEvent.click(screen.getByRole('button', { name: 'spend' }));
    expect(screen.getByTestId('credit-balance').textContent).toBe('49 credits');
    expect(await screen.findByText('page for magic-enhance · maya@example.com · pro · 49')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(app.location()).toBe('/tools/cartoonify'));
  });

  it('sets the per-tool title and description', async () => {
    renderApp('/tools/magic-enhance', { loadToolPages: async () => ({ 'magic-enhance': FakeMagicEnhance }) });
    await screen.findByText(/page for magic-enhance/);
    expect(document.title).toBe('Magic Prompt Enhancer | AI Creative Toolbox');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'polished AI prompt',
    );
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      /\/tools\/magic-enhance$/,
    );
  });

  it('redirects an unknown tool id to /dashboard', async () => {
    const app = renderApp('/tools/not-a-tool');
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('shows the coming-soon notice for a tool without a page, without loading a remote', async () => {
    const loadToolPages = vi.fn(async () => ({}));
    renderApp('/tools/deep-search', { loadToolPages });
    expect(
      await screen.findByText(
        "This tool is coming soon! We're working hard to bring you amazing AI capabilities.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Deep Search' })).toBeTruthy();
    expect(
      screen.getByText('Research a topic across many sources and get one clear, cited answer.'),
    ).toBeTruthy();
    expect(loadToolPages).not.toHaveBeenCalled();
  });

  it('shows the coming-soon notice when the remote has no page for the tool', async () => {
    renderApp('/tools/chat-agent', { loadToolPages: async () => ({}) });
    expect(await screen.findByText(/This tool is coming soon!/)).toBeTruthy();
  });

  it('shows a clear message with Retry when the remote fails to load, and retries', async () => {
    let fail = true;
    const loadToolPages = vi.fn(async (): Promise<ToolPages> => {
      if (fail) throw new Error('manifest 404');
      return { 'ai-chat-playground': () => <p>playground ready</p> };
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/tools/ai-chat-playground', { loadToolPages });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This tool could not be loaded');
    // The rest of the shell keeps working.
    expect(screen.getAllByRole('link', { name: /Back to Dashboard/ })).toHaveLength(2);
    expect(screen.getByTestId('credit-balance').textContent).toBe('50 credits');

    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    });
    expect(await screen.findByText('playground ready')).toBeTruthy();
    expect(loadToolPages).toHaveBeenLastCalledWith('chat', { retry: true });
  });

  it('contains a remote page that crashes while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('remote bug');
    };
    renderApp('/tools/text-to-image', { loadToolPages: async () => ({ 'text-to-image': Broken }) });
    expect((await screen.findByRole('alert')).textContent).toContain('This tool could not be loaded');
    expect(screen.getByRole('heading', { level: 1, name: 'Text to Image' })).toBeTruthy();
  });

  it('shows the fallback, not the page, for a remote built for another host SDK, and renders it after Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let required = '^9.0.0';
    const fetch = async (input: RequestInfo | URL): Promise<Response> =>
      String(input) === '/remotes.json'
        ? Response.json({ prompt: '/remotes/prompt/mf-manifest.json' })
        : Response.json({ metaData: { requiredHostSdk: required } });
    const loadRemote = vi.fn(async () => ({ toolPages: { 'magic-enhance': FakeMagicEnhance } }));
    const loadToolPages = createRemoteLoader({
      fetch,
      runtime: { registerRemotes: () => undefined, loadRemote: loadRemote as never },
      hostSdkVersion: '1.0.0',
    });
    renderApp('/tools/magic-enhance', { loadToolPages });
    expect((await screen.findByRole('alert')).textContent).toContain('This tool could not be loaded');
    expect(loadRemote).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Magic Enhance' })).toBeTruthy();

    required = '^1.0.0';
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    });
    expect(await screen.findByText(/page for magic-enhance/)).toBeTruthy();
  });

  it('shows the fallback when the remote does not load in time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loadToolPages = createRemoteLoader({
      fetch: async (input) =>
        String(input) === '/remotes.json'
          ? Response.json({ chat: '/remotes/chat/mf-manifest.json' })
          : Response.json({ metaData: { requiredHostSdk: '*' } }),
      runtime: { registerRemotes: () => undefined, loadRemote: () => new Promise(() => undefined) },
      timeoutMs: 20,
    });
    renderApp('/tools/ai-chat-playground', { loadToolPages });
    expect((await screen.findByRole('alert')).textContent).toContain('This tool could not be loaded');
    expect(screen.getByTestId('credit-balance').textContent).toBe('50 credits');
  });
});
