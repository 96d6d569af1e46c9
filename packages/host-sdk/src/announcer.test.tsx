import './test-support/dom';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROMPT_ENDPOINTS, UI_TEXTS } from '@act/contracts';
import { Announcer, announce, clearAnnouncements, getAnnouncements, useRunAnnouncer } from './announcer';
import { createTestHost } from './testing';
import { useToolRun } from './use-tool-run';

beforeEach(clearAnnouncements);
afterEach(cleanup);

const A = UI_TEXTS.announce;
const said = () => getAnnouncements().map((item) => item.message);

describe('announcer', () => {
  it('says each message through one polite status region, the same words twice as a new node', () => {
    render(<Announcer />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => announce(A.resultReady));
    const first = region.firstElementChild;
    expect(region.textContent).toBe(A.resultReady);
    act(() => announce(A.resultReady));
    expect(region.textContent).toBe(A.resultReady);
    expect(region.firstElementChild).not.toBe(first);
    expect(document.querySelectorAll('[aria-live="polite"]')).toHaveLength(1);
  });

  it('says a run start, each quarter passed (not each progress event) and its result', () => {
    const { result } = renderHook(() => useRunAnnouncer());
    const run = result.current;
    run.started();
    for (const percent of [3, 10, 24, 25, 30, 49, 51, 74, 99, 100]) run.progress(percent);
    run.finished();
    expect(said()).toEqual([A.working, A.progress(25), A.progress(50), A.progress(75), A.resultReady]);
  });

  it("announces a tool run's result once, and nothing for an error (the page's alert says it)", async () => {
    const test = createTestHost({ toolId: 'magic-enhance' });
    const action = () =>
      test.host.api.call(PROMPT_ENDPOINTS.generateTextPrompt, {
        body: { text: 'cat', toolName: 'magic-enhance' },
      });
    test.reply(200, { success: true, prompt: 'a cat', remainingCredits: 48 });
    const { result } = renderHook(() => useToolRun(test.host, action, 'Failed to generate prompt'));
    await act(async () => {
      await result.current.run();
    });
    expect(result.current.status).toBe('success');
    expect(said()).toEqual([A.resultReady]);

    test.reply(500, { success: false, error: 'Failed to generate prompt', code: 'INTERNAL' });
    await act(async () => {
      await result.current.run();
    });
    expect(result.current.status).toBe('error');
    expect(said()).toEqual([A.resultReady]);
  });
});
