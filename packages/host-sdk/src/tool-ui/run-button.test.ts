import { describe, expect, it } from 'vitest';
import { runButton } from './run-button';

describe('runButton', () => {
  const ready = { busy: false, ready: 'Generate Prompt (1 credit)' };

  it('says the run is under way first, in the tool’s own words when it has them', () => {
    expect(runButton({ ...ready, busy: true, missing: 'Select an Image First', affordable: false })).toEqual({
      label: 'Processing...',
      disabled: true,
    });
    expect(runButton({ ...ready, busy: true, busyLabel: 'Generating...' })).toEqual({
      label: 'Generating...',
      disabled: true,
    });
  });

  it('names what the screen lacks before the credit check', () => {
    expect(runButton({ ...ready, missing: 'Select an Image First', affordable: false })).toEqual({
      label: 'Select an Image First',
      disabled: true,
    });
    expect(runButton({ ...ready, missing: false, affordable: false })).toEqual({
      label: 'Insufficient Credits',
      disabled: true,
    });
  });

  it('shows the tool’s label once it can run, disabled only when blocked', () => {
    expect(runButton({ ...ready, affordable: true })).toEqual({
      label: 'Generate Prompt (1 credit)',
      disabled: false,
    });
    expect(runButton(ready)).toEqual({ label: 'Generate Prompt (1 credit)', disabled: false });
    expect(runButton({ ...ready, blocked: true })).toEqual({
      label: 'Generate Prompt (1 credit)',
      disabled: true,
    });
  });
});
