import { describe, expect, it } from 'vitest';
import { splitFusedAnswer } from './chat-fuse';

describe('splitFusedAnswer', () => {
  it('splits the answer from the parts taken from each model, at the last "Taken from" heading', () => {
    const text = [
      'Tides are **taken from** the moon.',
      '',
      '## Taken from:',
      '- GPT-4o Mini: the moon part',
      '* **Claude 4 Sonnet** — the sun, and spring tides',
      '',
      'DeepSeek R1 - nothing',
    ].join('\n');
    expect(splitFusedAnswer(text)).toEqual({
      answer: 'Tides are **taken from** the moon.',
      takenFrom: [
        { model: 'GPT-4o Mini', parts: 'the moon part' },
        { model: 'Claude 4 Sonnet', parts: 'the sun, and spring tides' },
        { model: 'DeepSeek R1', parts: 'nothing' },
      ],
    });
  });

  it('keeps the whole text as the answer when no list has arrived (yet)', () => {
    expect(splitFusedAnswer('Merged answer so far ')).toEqual({
      answer: 'Merged answer so far',
      takenFrom: [],
    });
  });
});
