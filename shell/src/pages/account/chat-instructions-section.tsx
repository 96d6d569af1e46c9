// Account page, Custom instructions (docs/product-rules.md#chat-workspace): the member's instructions for every chat
// screen, edited with the same form as the chat screens' dialog (host-sdk's CustomInstructionsForm).
import { CustomInstructionsForm } from '@act/host-sdk';
import { UI_TEXTS } from '@act/contracts';
import { useServices } from '../../app/services-context';
import './appearance-section.css';

const T = UI_TEXTS.chatWorkspace;

export function ChatInstructionsSection() {
  const { api } = useServices();
  return (
    <section className="sh-appearance act-panel" aria-labelledby="chat-instructions-title">
      <h2 id="chat-instructions-title" className="sh-appearance__title">
        {T.customInstructions}
      </h2>
      <p className="sh-appearance__hint">{T.accountInstructionsHint}</p>
      <CustomInstructionsForm api={api} />
    </section>
  );
}
