// The list of keyboard shortcuts `?` opens (docs/product-rules.md#keyboard-shortcuts), as a table: keys, action.
import { PALETTE_TEXTS, SHORTCUTS } from '@act/contracts';
import { Dialog } from '@act/host-sdk';
import './command-palette.css';

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={PALETTE_TEXTS.shortcutsTitle}>
      <table className="sh-shortcuts">
        <thead>
          <tr>
            <th scope="col">{PALETTE_TEXTS.shortcutsKeys}</th>
            <th scope="col">{PALETTE_TEXTS.shortcutsAction}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.id}>
              <td>
                <kbd>{shortcut.keys}</kbd>
              </td>
              <td>{shortcut.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
