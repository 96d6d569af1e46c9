// The message tree (docs/architecture.md#chat-replies, edit and branch): which branch is shown, the path a new
// message follows, the answers shown per playground column, and where a message stands among its versions.
import { describe, expect, it } from 'vitest';
import type { TreeRow } from './chat-rows';
import { messageTree } from './messages-store';

let clock = 0;
function row(
  id: string,
  parent: string | null,
  role: 'user' | 'assistant',
  model: string | null = null,
): TreeRow {
  return { id, parent_id: parent, role, model_name: model, shown_key: new Date(++clock * 1000) };
}

describe('messageTree', () => {
  it('shows the most recently written or shown sibling at each step, down to the last message', () => {
    const rows = [
      row('q1', null, 'user'),
      row('a1', 'q1', 'assistant'),
      row('q2', 'q1', 'user'),
      row('a2', 'q2', 'assistant'),
      row('q2b', 'q1', 'user'),
      row('a2b', 'q2b', 'assistant'),
    ];
    const tree = messageTree(rows, false);
    expect(tree.shownPath().map((r) => r.id)).toEqual(['q1', 'q2b']);
    expect(tree.versions(rows[4]!)).toEqual({ index: 2, count: 2, previous: 'q2', next: null });
    // Flipping back to q2 (shown later than anything written): its branch is shown again.
    rows[2]!.shown_key = new Date(++clock * 1000);
    const flipped = messageTree(rows, false);
    expect(flipped.shownPath().map((r) => r.id)).toEqual(['q1', 'q2']);
    expect(flipped.shownAnswers('q2').map((r) => r.id)).toEqual(['a2']);
    expect(flipped.pathTo('q2b').map((r) => r.id)).toEqual(['q1', 'q2b']);
    expect(flipped.pathTo(null)).toEqual([]);
  });

  it('keeps answer versions per playground column', () => {
    const rows = [
      row('q1', null, 'user'),
      row('gpt', 'q1', 'assistant', 'gpt'),
      row('claude', 'q1', 'assistant', 'claude'),
      row('gpt2', 'q1', 'assistant', 'gpt'),
    ];
    const tree = messageTree(rows, true);
    expect(tree.shownAnswers('q1').map((r) => r.id)).toEqual(['claude', 'gpt2']);
    expect(tree.versions(rows[3]!)).toMatchObject({ index: 2, count: 2, previous: 'gpt' });
    expect(tree.versions(rows[2]!)).toMatchObject({ index: 1, count: 1 });
    // One model per tool elsewhere: every answer to the question is a version of the others.
    expect(
      messageTree(rows, false)
        .shownAnswers('q1')
        .map((r) => r.id),
    ).toEqual(['gpt2']);
  });
});
