// The prompt library's reach into a chat screen (docs/product-rules.md#prompt-library): the message box opens "My
// prompts" and a member's sent message is saved as a prompt through it, without threading the API through each turn.
import { createContext, useContext } from 'react';

export interface PromptLibrary {
  /** Opens the dialog listing the member's prompts. */
  manage(): void;
  /** Opens the dialog's form with this text as the new prompt's body (its title prefilled from it). */
  saveFrom(text: string): void;
}

export const PromptLibraryContext = createContext<PromptLibrary | null>(null);

/** The screen's prompt library; null for a guest (nothing to save to). */
export function usePromptLibrary(): PromptLibrary | null {
  return useContext(PromptLibraryContext);
}

/** A new prompt's title from its text: its first words, on one line, short. */
export function titleFromText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 60 ? line : `${line.slice(0, 57).trimEnd()}…`;
}
