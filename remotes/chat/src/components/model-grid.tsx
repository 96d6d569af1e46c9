// The chat agent's models (docs/product-rules.md#entities, from the contracts' catalogue): the selection grid, one
// card per model with its name, provider, colour and badges for what it can read and do (vision, PDF, web search),
// and the chosen model's header above the conversation.
import { Eye, FileText, Globe } from 'lucide-react';
import { CHAT_MODELS, UI_TEXTS, type ChatModel } from '@act/contracts';
import { Badge, Button } from '@act/host-sdk';
import './model-grid.css';

const T = UI_TEXTS.chat;

/** The capability badges of a model, or 'Text only' when it has none of the three. */
export function ModelBadges({ model }: { model: ChatModel }) {
  const badges = [
    model.vision && { key: 'vision', icon: <Eye size={12} aria-hidden />, label: T.badges.vision },
    model.pdfs && { key: 'pdfs', icon: <FileText size={12} aria-hidden />, label: T.badges.pdfs },
    model.webSearch && { key: 'web', icon: <Globe size={12} aria-hidden />, label: T.badges.webSearch },
  ].filter((badge) => !!badge);
  return (
    <span className="ch-model__badges">
      {badges.length === 0 ? (
        <Badge tone="gray">{T.textOnly}</Badge>
      ) : (
        badges.map((badge) => (
          <Badge key={badge.key} tone="blue" className="ch-model__badge">
            {badge.icon}
            {badge.label}
          </Badge>
        ))
      )}
    </span>
  );
}

export interface ModelGridProps {
  onChoose(model: ChatModel): void;
}

export function ModelGrid({ onChoose }: ModelGridProps) {
  return (
    <section className="ch-models" aria-labelledby="ch-models-title">
      <h2 id="ch-models-title" className="ch-models__title">
        {T.chooseModel}
      </h2>
      <p className="ch-models__hint">{T.chooseModelHint}</p>
      <ul className="ch-models__grid">
        {CHAT_MODELS.map((model) => (
          <li key={model.id}>
            <button
              type="button"
              className="ch-model"
              style={{ borderTopColor: model.color }}
              data-testid="chat-model"
              data-model={model.id}
              onClick={() => onChoose(model)}
            >
              <span className="ch-model__head">
                <span className="ch-model__dot" style={{ background: model.color }} aria-hidden />
                <span className="ch-model__name">{model.name}</span>
              </span>
              <span className="ch-model__provider">{model.provider}</span>
              <ModelBadges model={model} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The chosen model above the conversation, with the way back to the grid. */
export function ModelHeader({ model, onChange }: { model: ChatModel; onChange(): void }) {
  return (
    <header className="ch-model-header" data-testid="chosen-model">
      <span className="ch-model__dot" style={{ background: model.color }} aria-hidden />
      <span className="ch-column__names">
        <span className="ch-column__name">{model.name}</span>
        <span className="ch-column__provider">{model.provider}</span>
      </span>
      <ModelBadges model={model} />
      <Button size="sm" variant="ghost" className="ch-model-header__change" onClick={onChange}>
        {T.changeModel}
      </Button>
    </header>
  );
}
