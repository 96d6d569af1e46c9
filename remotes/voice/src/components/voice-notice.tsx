// What the server says about a tool before the member types or uploads (GET /api/voice/status): that it needs a
// provider key here (the form is then disabled by the page), or what the local engine can do.
import { Alert } from '@act/host-sdk';
import { UI_TEXTS, type VoiceToolStatus } from '@act/contracts';

export function VoiceNotice({ status }: { status: VoiceToolStatus | undefined }) {
  if (!status) return null;
  if (!status.available) {
    return <Alert variant="info">{status.note ?? UI_TEXTS.voice.unavailable}</Alert>;
  }
  if (status.note) return <Alert variant="info">{status.note}</Alert>;
  return null;
}
