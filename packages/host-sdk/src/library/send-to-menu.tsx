// "Send to" (docs/product-rules.md#send-to): a menu of the tools that take this kind of result (contracts'
// SEND_TO_TARGETS, without the tool it came from), each opening `/tools/<tool>?from=<item id>` with its input filled.
// Used on the Library page and beside each result on its own tool page. Nothing is shown for a kind no tool takes.
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, Send } from 'lucide-react';
import {
  getTool,
  LIBRARY_TEXTS,
  sendToPath,
  sendToTargets,
  type CreationKind,
  type SendToAnswer,
  type ToolId,
} from '@act/contracts';
import { Button } from '../ui/button';

export interface SendToMenuProps {
  itemId: string;
  kind: CreationKind;
  /** One answer of a chat item to send instead of the whole session (`&message=`). */
  answer?: SendToAnswer;
  /** The tool that made the result (left out of the menu). */
  fromTool?: ToolId;
  /** The result's title, for the button's accessible name when several are on the page. */
  title?: string;
  /** Client-side navigation (the host's navigate, or the shell router's). */
  navigate(path: string): void;
  size?: 'sm' | 'md';
}

export function SendToMenu({
  itemId,
  kind,
  answer,
  fromTool,
  title,
  navigate,
  size = 'sm',
}: SendToMenuProps) {
  const targets = sendToTargets(kind, fromTool);
  if (targets.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="outline"
          size={size}
          aria-label={title ? LIBRARY_TEXTS.sendToLabel(title) : undefined}
        >
          <Send size={14} aria-hidden />
          {LIBRARY_TEXTS.sendTo}
          <ChevronDown size={14} aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="act-menu" align="end" sideOffset={6}>
          {targets.map((tool) => (
            <DropdownMenu.Item
              key={tool}
              className="act-menu__item"
              onSelect={() => navigate(sendToPath(tool, itemId, answer))}
            >
              {getTool(tool).name}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
