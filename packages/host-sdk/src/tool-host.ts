// The fixed contract between the shell and tool-family remotes: what a tool page receives from its host.
import type { ComponentType } from 'react';
import type { PlanId, ToolId } from '@act/contracts';
import type { ApiClient } from './api-client';

export interface HostUser {
  id: string;
  email: string;
  created_at: string;
}

export interface ToolHost {
  toolId: ToolId;
  /** The signed-in member, or null for a guest. */
  user: HostUser | null;
  plan: PlanId;
  /** Current balance as the shell knows it. */
  credits: number;
  /** A valid access token (refreshed first when close to expiry), or null without a session. */
  getAccessToken(): Promise<string | null>;
  /** Call with the `remainingCredits` of every charged reply so the header balance follows (null is ignored). */
  onCreditsChange(remainingCredits: number): void;
  /** Client-side navigation inside the shell, e.g. navigate('/tools/cartoonify'). */
  navigate(path: string): void;
  /** Bearer-authenticated client bound to the member's session. */
  api: ApiClient;
}

export type ToolPageProps = { host: ToolHost };

/** What a remote's './tools' module exports as `toolPages`. */
export type ToolPages = Partial<Record<ToolId, ComponentType<ToolPageProps>>>;
