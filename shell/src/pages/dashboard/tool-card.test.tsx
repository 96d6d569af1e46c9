import '../../test-support/render-app';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getTool } from '@act/contracts';
import { ToolCard } from './tool-card';
import { toolCardState } from './tool-card-state';

describe('tool card button', () => {
  it("reads 'Use Tool' when the balance covers the cost", () => {
    expect(toolCardState({ cost: 20 }, 20, false)).toEqual({ usable: true, label: 'Use Tool' });
  });

  it("reads 'Insufficient Credits' and is unusable below the cost", () => {
    expect(toolCardState({ cost: 20 }, 19, false)).toEqual({ usable: false, label: 'Insufficient Credits' });
  });

  it('keeps free tools usable at a zero balance', () => {
    expect(toolCardState({ cost: 0 }, 0, false)).toEqual({ usable: true, label: 'Use Tool' });
  });

  it("reads 'Processing...' while the tool opens", () => {
    expect(toolCardState({ cost: 2 }, 50, true).label).toBe('Processing...');
  });

  it('renders icon, name, cost, description and a disabled button when unaffordable', () => {
    const onOpen = vi.fn();
    render(
      <ToolCard
        tool={getTool('text-to-image')}
        credits={10}
        processing={false}
        busy={false}
        onOpen={onOpen}
      />,
    );
    const card = screen.getByTestId('tool-card-text-to-image');
    expect(card.textContent).toContain('Text to Image');
    expect(card.textContent).toContain('20 credits');
    expect(card.textContent).toContain(getTool('text-to-image').description);
    const button = screen.getByRole('button', { name: /Insufficient Credits/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(card);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("shows 'Free' and opens the tool on click", () => {
    const onOpen = vi.fn();
    const tool = getTool('youtube-thumbnail-downloader');
    render(<ToolCard tool={tool} credits={0} processing={false} busy={false} onOpen={onOpen} />);
    expect(screen.getByTestId(`tool-card-${tool.id}`).textContent).toContain('Free');
    fireEvent.click(screen.getByRole('button', { name: /Use Tool/ }));
    expect(onOpen).toHaveBeenCalledWith(tool);
  });
});
