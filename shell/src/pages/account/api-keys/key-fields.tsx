// A key's name and monthly credit limit, as the create form and a row's edit form ask for them.
import { TextField } from '@act/host-sdk';
import { API_KEY_RULES, API_KEY_TEXTS } from '@act/contracts';

const T = API_KEY_TEXTS.page;

export interface KeyDraft {
  name: string;
  /** The limit field's text: empty is no limit (see limitOf). */
  limit: string;
}

export function KeyFields({ draft, onChange }: { draft: KeyDraft; onChange(draft: KeyDraft): void }) {
  return (
    <div className="sh-api-keys__fields">
      <TextField
        label={T.nameLabel}
        value={draft.name}
        maxLength={API_KEY_RULES.nameMax}
        autoComplete="off"
        onChange={(event) => onChange({ ...draft, name: event.target.value })}
      />
      <TextField
        label={T.limitLabel}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        value={draft.limit}
        onChange={(event) => onChange({ ...draft, limit: event.target.value })}
      />
    </div>
  );
}
