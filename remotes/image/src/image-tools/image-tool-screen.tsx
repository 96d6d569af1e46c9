// The screen Upscale and Edit a region share: Settings on the left (the page's notice, the picture chooser, the
// tool's own fields, the run button, the error, tips) and the result on the right (tool-result.tsx). The library's
// `?open=<id>` shows the member's stored result of this tool there until another picture is chosen.
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { getTool, UI_TEXTS, type PhotoEffectReply } from '@act/contracts';
import { Alert, GenerateButton, RunError, TipsBox, type RunButton, type ToolHost } from '@act/host-sdk';
import { useOpenedEffect } from '../effects/use-opened-effect';
import { ImageSourcePicker } from './image-source-picker';
import { ToolResult } from './tool-result';
import type { PictureSource } from './use-picture-source';
import '../effects/effect-screen.css';

export interface ImageToolScreenProps {
  host: ToolHost;
  tool: 'upscale' | 'edit-image';
  texts: { sourceLabel: string; processing: string; readyHint: string; tips: readonly string[] };
  notice: ReactNode;
  source: PictureSource;
  /** A new picture (or none) was chosen. */
  onSourceChange(): void;
  /** The tool's own fields, between the picture and the button. */
  children: ReactNode;
  icon: LucideIcon;
  button: RunButton;
  onRun(): void;
  run: {
    status: string;
    error: string | null;
    needsSignup: boolean;
    result: Omit<PhotoEffectReply, 'success'> | null;
  };
  /** A line under the result. */
  note?: string | null | undefined;
}

export function ImageToolScreen(props: ImageToolScreenProps) {
  const { host, tool, texts, run } = props;
  const busy = run.status === 'loading';
  const opened = useOpenedEffect(host, tool);
  return (
    <div className="act-tool-layout ie-effect">
      <section className="act-panel act-stack" aria-labelledby="it-settings-title">
        <h2 id="it-settings-title" className="ie-heading">
          {UI_TEXTS.photoTool.settings}
        </h2>
        {props.notice}
        {opened.error && <Alert variant="error">{opened.error}</Alert>}
        <ImageSourcePicker
          api={host.api}
          source={props.source}
          label={texts.sourceLabel}
          disabled={busy}
          onChange={() => {
            opened.close();
            props.onSourceChange();
          }}
        />
        {props.children}
        <GenerateButton
          host={host}
          icon={props.icon}
          block
          busy={busy}
          state={props.button}
          onClick={props.onRun}
        />
        <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
        <TipsBox title={UI_TEXTS.photoTool.tipsTitle} tips={texts.tips} />
      </section>
      <ToolResult
        tool={tool}
        toolName={getTool(tool).name}
        busy={busy}
        processing={texts.processing}
        readyHint={texts.readyHint}
        result={run.result ?? opened.result}
        navigate={host.navigate}
        {...(props.note ? { note: props.note } : {})}
      />
    </div>
  );
}
