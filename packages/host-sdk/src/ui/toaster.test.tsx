import '../test-support/dom';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster, dismissToast, getToasts, toast } from './toaster';

describe('toasts', () => {
  it('keeps at most 20, dropping the oldest', () => {
    for (const item of getToasts()) dismissToast(item.id);
    for (let i = 1; i <= 25; i++) toast({ title: `Toast ${i}` });
    const titles = getToasts().map((item) => item.title);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('Toast 6');
    expect(titles.at(-1)).toBe('Toast 25');
    for (const item of getToasts()) dismissToast(item.id);
  });

  it('renders toasts in a viewport at most 350 px wide', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Image downloaded!', variant: 'success' });
    });
    expect(screen.getByText('Image downloaded!')).toBeTruthy();
    const viewport = document.querySelector('.act-toast-viewport') as HTMLElement;
    expect(viewport.style.maxWidth).toBe('350px');
    for (const item of getToasts()) act(() => dismissToast(item.id));
  });
});
