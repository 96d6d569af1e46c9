// What a guest sees instead of a chat screen: chat is for members, with the way to sign up.
import { MessagesSquare } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Button, type ToolHost } from '@act/host-sdk';
import './members-only.css';

export function MembersOnly({ host }: { host: Pick<ToolHost, 'navigate'> }) {
  return (
    <div className="act-panel ch-members-only">
      <MessagesSquare size={32} aria-hidden />
      <p>{UI_TEXTS.chat.membersOnly}</p>
      <Button variant="gradient" onClick={() => host.navigate('/auth?signup=true')}>
        {UI_TEXTS.auth.signUp}
      </Button>
    </div>
  );
}
