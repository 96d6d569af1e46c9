// Dictated text put in at the message box's cursor (replacing a selection), with a space where words would touch.
export function insertAtCursor(value: string, input: HTMLTextAreaElement | null, text: string): string {
  const start = input?.selectionStart ?? value.length;
  const end = input?.selectionEnd ?? value.length;
  const before = value.slice(0, start);
  const after = value.slice(end);
  const lead = before !== '' && !/\s$/.test(before) ? ' ' : '';
  const trail = after !== '' && !/^\s/.test(after) ? ' ' : '';
  return `${before}${lead}${text}${trail}${after}`;
}
