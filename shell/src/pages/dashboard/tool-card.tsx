// One tool card (docs/product-rules.md#screens): icon, name, cost ('Free' or 'N credits'), description and the state
// button.
import { ToolIcon, Button } from '@act/host-sdk';
import { formatCost, type Tool } from '@act/contracts';
import { toolCardState } from './tool-card-state';
import './tool-card.css';

export interface ToolCardProps {
  tool: Tool;
  credits: number;
  processing: boolean;
  /** True while another card is opening: every card waits. */
  busy: boolean;
  onOpen(tool: Tool): void;
}

export function ToolCard({ tool, credits, processing, busy, onOpen }: ToolCardProps) {
  const { usable, label } = toolCardState(tool, credits, processing);
  const disabled = !usable || busy;
  return (
    // A click anywhere on the card opens the tool (a mouse convenience); keyboard users have the card's button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article
      className="sh-tool-card"
      data-disabled={!usable || undefined}
      aria-labelledby={`tool-${tool.id}-name`}
      data-testid={`tool-card-${tool.id}`}
      onClick={() => {
        if (!disabled) onOpen(tool);
      }}
    >
      <div className="sh-tool-card__top">
        <span className="sh-tool-card__icon">
          <ToolIcon icon={tool.icon} size={22} />
        </span>
        <span className="sh-tool-card__cost" data-free={tool.cost === 0 || undefined}>
          {formatCost(tool.cost)}
        </span>
      </div>
      <h3 id={`tool-${tool.id}-name`} className="sh-tool-card__name">
        {tool.name}
      </h3>
      <p className="sh-tool-card__description">{tool.description}</p>
      <Button
        className="sh-tool-card__button"
        variant={usable ? 'primary' : 'outline'}
        block
        disabled={disabled}
        busy={processing}
        aria-label={`${label}: ${tool.name}`}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(tool);
        }}
      >
        {label}
      </Button>
    </article>
  );
}
