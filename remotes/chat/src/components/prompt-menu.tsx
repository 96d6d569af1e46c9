// The `/` menu's list (docs/product-rules.md#prompt-library): the member's saved prompts matching what they typed,
// the active one marked for the text box's aria-activedescendant. Pointer: a click inserts (the box keeps focus).
import { CHAT_PROMPT_TEXTS } from '@act/contracts';
import { Spinner } from '@act/host-sdk';
import type { SlashPrompts } from '../hooks/use-slash-prompts';
import './prompt-menu.css';

const T = CHAT_PROMPT_TEXTS;

export function PromptMenu({ menu }: { menu: SlashPrompts }) {
  if (!menu.open) return null;
  if (menu.loading) {
    return (
      <div className="ch-prompt-menu ch-prompt-menu--note">
        <Spinner size={14} />
      </div>
    );
  }
  if (menu.error || menu.options.length === 0) {
    return (
      <div className="ch-prompt-menu ch-prompt-menu--note" role="status">
        {menu.error ?? T.noMatch}
      </div>
    );
  }
  return (
    <ul className="ch-prompt-menu" role="listbox" id={menu.listId} aria-label={T.menuLabel}>
      {menu.options.map((prompt, index) => (
        // The keyboard stays in the text box (arrows, Enter: its aria-activedescendant), so the option has no keys.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={prompt.id}
          id={menu.optionId(index)}
          role="option"
          aria-selected={index === menu.active}
          className="ch-prompt-menu__option"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => menu.choose(prompt)}
        >
          <span className="ch-prompt-menu__title">{prompt.title}</span>
          <span className="ch-prompt-menu__body">{prompt.body}</span>
        </li>
      ))}
    </ul>
  );
}
