import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BeforeAfterSlider } from './before-after-slider';

afterEach(cleanup);

function Harness({ sideBySide = false }: { sideBySide?: boolean }) {
  const [value, setValue] = useState(50);
  return (
    <BeforeAfterSlider
      before={{ src: 'data:image/png;base64,AA', alt: 'before photo' }}
      after={{ src: 'data:image/png;base64,BB', alt: 'after photo' }}
      value={value}
      onValueChange={setValue}
      caption="Drag the slider to compare before and after"
      allowSideBySide={sideBySide}
    />
  );
}

const slider = () => screen.getByRole('slider', { name: 'Before and after comparison' });
const beforeLayer = () => screen.getByAltText('before photo').parentElement as HTMLElement;

describe('before/after slider', () => {
  it('starts at 50 of 0-100 with the labels Before and After and the caption', () => {
    render(<Harness />);
    expect(slider().getAttribute('aria-valuenow')).toBe('50');
    expect(slider().getAttribute('aria-valuemin')).toBe('0');
    expect(slider().getAttribute('aria-valuemax')).toBe('100');
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
    expect(screen.getByText('Drag the slider to compare before and after')).toBeTruthy();
    // Half of the Before picture is shown over the After picture.
    expect(beforeLayer().style.clipPath).toBe('inset(0 50% 0 0)');
  });

  it('moves with the arrow keys, Page Up/Down, Home and End, and never leaves 0-100', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    slider().focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(slider().getAttribute('aria-valuenow')).toBe('53');
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(slider().getAttribute('aria-valuenow')).toBe('51');
    await user.keyboard('{PageUp}');
    expect(slider().getAttribute('aria-valuenow')).toBe('61');
    await user.keyboard('{PageDown}{PageDown}');
    expect(slider().getAttribute('aria-valuenow')).toBe('41');
    await user.keyboard('{End}');
    expect(slider().getAttribute('aria-valuenow')).toBe('100');
    await user.keyboard('{ArrowRight}{PageUp}');
    expect(slider().getAttribute('aria-valuenow')).toBe('100');
    expect(beforeLayer().style.clipPath).toBe('inset(0 0% 0 0)');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(slider().getAttribute('aria-valuenow')).toBe('0');
    expect(beforeLayer().style.clipPath).toBe('inset(0 100% 0 0)');
  });

  it('follows a pointer dragged across the picture', () => {
    render(<Harness />);
    const frame = slider().parentElement as HTMLElement;
    frame.getBoundingClientRect = () =>
      ({ left: 100, width: 400, top: 0, height: 300, right: 500, bottom: 300, x: 100, y: 0 }) as DOMRect;
    fireEvent.pointerDown(frame, { button: 0, clientX: 200, pointerId: 1 });
    expect(slider().getAttribute('aria-valuenow')).toBe('25');
    fireEvent.pointerMove(frame, { clientX: 420, pointerId: 1 });
    expect(slider().getAttribute('aria-valuenow')).toBe('80');
    fireEvent.pointerMove(frame, { clientX: 900, pointerId: 1 });
    expect(slider().getAttribute('aria-valuenow')).toBe('100');
    fireEvent.pointerUp(frame, { clientX: 900, pointerId: 1 });
    // After release a move no longer drags.
    fireEvent.pointerMove(frame, { clientX: 100, pointerId: 1 });
    expect(slider().getAttribute('aria-valuenow')).toBe('100');
  });

  it('follows a finger, and lets go when the browser takes the gesture over to scroll', () => {
    render(<Harness />);
    const frame = slider().parentElement as HTMLElement;
    frame.getBoundingClientRect = () =>
      ({ left: 0, width: 300, top: 0, height: 200, right: 300, bottom: 200, x: 0, y: 0 }) as DOMRect;
    fireEvent.pointerDown(frame, { button: 0, clientX: 60, pointerId: 7, pointerType: 'touch' });
    expect(slider().getAttribute('aria-valuenow')).toBe('20');
    expect(document.activeElement).toBe(slider());
    fireEvent.pointerMove(frame, { clientX: 150, pointerId: 7, pointerType: 'touch' });
    expect(slider().getAttribute('aria-valuenow')).toBe('50');
    fireEvent.pointerCancel(frame, { pointerId: 7, pointerType: 'touch' });
    fireEvent.pointerMove(frame, { clientX: 280, pointerId: 7, pointerType: 'touch' });
    expect(slider().getAttribute('aria-valuenow')).toBe('50');
  });

  it('is reached with Tab and says both shares in its value text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement).toBe(slider());
    await user.keyboard('{PageDown}{ArrowLeft}');
    expect(slider().getAttribute('aria-valuenow')).toBe('39');
    expect(slider().getAttribute('aria-valuetext')).toBe('39% Before, 61% After');
  });

  it('switches to side by side and back', async () => {
    const user = userEvent.setup();
    render(<Harness sideBySide />);
    await user.click(screen.getByRole('radio', { name: 'Side by side' }));
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.getByAltText('before photo')).toBeTruthy();
    expect(screen.getByAltText('after photo')).toBeTruthy();
    expect(screen.getByText('Before')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Slider' }));
    expect(slider().getAttribute('aria-valuenow')).toBe('50');
  });
});
