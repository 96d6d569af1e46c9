// An answer's `html` or `svg` code block as an artifact (docs/product-rules.md#rich-answers): Code and Preview tabs
// (Code while the answer is still being written, Preview once it is done, until the member picks one), a larger
// preview in a panel, Copy and Download. The preview runs in a sandboxed frame of its own (artifact-document.ts).
import { useState, type ComponentType } from 'react';
import { Check, Copy, Download, Maximize2 } from 'lucide-react';
import { RICH_ANSWER_TEXTS, UI_TEXTS, type ArtifactLanguage } from '@act/contracts';
import { saveBlob } from '../download';
import { useCopy } from '../use-copy';
import { ARTIFACT_SANDBOX, artifactFrameSrc } from './artifact-document';
import { Button } from './button';
import { Dialog } from './dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
import type { CodeBlockProps } from './markdown';
import './rich-answer.css';

const T = RICH_ANSWER_TEXTS.artifact;
const FILE_TYPES: Record<ArtifactLanguage, string> = { html: 'text/html', svg: 'image/svg+xml' };

export interface ArtifactBlockProps {
  code: string;
  language: ArtifactLanguage;
  /** The answer is still being written: Code is shown until the member picks a tab. */
  streaming?: boolean;
  /** How the Code tab shows the code (the page's code block). */
  codeView: ComponentType<CodeBlockProps>;
}

export function ArtifactFrame({
  code,
  language,
  large,
}: {
  code: string;
  language: ArtifactLanguage;
  large?: boolean;
}) {
  return (
    <iframe
      className={large ? 'act-artifact__frame act-artifact__frame--large' : 'act-artifact__frame'}
      title={T.frameTitle(language)}
      sandbox={ARTIFACT_SANDBOX}
      referrerPolicy="no-referrer"
      src={artifactFrameSrc(code, language)}
    />
  );
}

export function ArtifactBlock({ code, language, streaming = false, codeView: CodeView }: ArtifactBlockProps) {
  const [picked, setPicked] = useState<'code' | 'preview' | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const { copied, copy } = useCopy();
  const tab = picked ?? (streaming ? 'code' : 'preview');
  const download = () =>
    saveBlob(new Blob([code], { type: `${FILE_TYPES[language]};charset=utf-8` }), T.fileName(language));
  return (
    <div className="act-artifact" data-testid="answer-artifact">
      <Tabs value={tab} onValueChange={(value) => setPicked(value === 'code' ? 'code' : 'preview')}>
        <div className="act-artifact__bar">
          <TabsList aria-label={T.tabsLabel(language)} className="act-artifact__tabs">
            <TabsTrigger value="code">{T.code}</TabsTrigger>
            <TabsTrigger value="preview">{T.preview}</TabsTrigger>
          </TabsList>
          <div className="act-artifact__actions">
            <Button size="sm" variant="ghost" onClick={() => setPanelOpen(true)}>
              <Maximize2 size={14} aria-hidden />
              {T.open}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void copy(code)}>
              {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
              {copied ? UI_TEXTS.common.copied : T.copy(language)}
            </Button>
            <Button size="sm" variant="ghost" onClick={download}>
              <Download size={14} aria-hidden />
              {T.download(language)}
            </Button>
          </div>
        </div>
        <TabsContent value="code">
          <CodeView code={code} language={language} />
        </TabsContent>
        <TabsContent value="preview">
          <ArtifactFrame code={code} language={language} />
        </TabsContent>
      </Tabs>
      <Dialog open={panelOpen} onOpenChange={setPanelOpen} title={T.panelTitle(language)} size="lg">
        {panelOpen && <ArtifactFrame code={code} language={language} large />}
      </Dialog>
    </div>
  );
}
