// The member's custom instructions (issue 38), opened from each chat screen: the same form as the account page's
// (host-sdk's CustomInstructionsForm), in a dialog that closes once they are saved.
import { useState } from 'react';
import { UI_TEXTS } from '@act/contracts';
import { CustomInstructionsForm, Dialog, type ApiClient } from '@act/host-sdk';

const T = UI_TEXTS.chatWorkspace;

export interface InstructionsDialogProps {
  api: ApiClient;
  open: boolean;
  onClose(): void;
}

export function InstructionsDialog({ api, open, onClose }: InstructionsDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()} title={T.customInstructions}>
      <CustomInstructionsForm api={api} onSaved={onClose} onBusyChange={setBusy} />
    </Dialog>
  );
}
