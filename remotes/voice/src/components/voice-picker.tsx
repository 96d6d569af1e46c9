// The voice choice of Text to Speech and Speech to Speech: the provider's (or the local engine's) voices, each with a
// preview button playing its sample before anything is paid. When the list fails to load the screen says 'Failed to
// load voices' and offers the single default voice, Adam (docs/product-rules.md#errors).
import { useEffect, useId, useRef, useState } from 'react';
import { Pause, Volume2 } from 'lucide-react';
import { DEFAULT_VOICE, ERROR_TEXTS, UI_TEXTS, type VoiceOption } from '@act/contracts';
import { Button, Spinner, type ApiClient } from '@act/host-sdk';
import { getVoices, voicePreviewUrl } from '../api/voice-api';
import './voice-picker.css';

const T = UI_TEXTS.textToSpeech;

/** The one voice offered when the list fails (docs/product-rules.md#errors), with the service's preview of it. */
export const FALLBACK_VOICE: VoiceOption = {
  id: DEFAULT_VOICE.id,
  name: DEFAULT_VOICE.name,
  previewUrl: voicePreviewUrl(DEFAULT_VOICE.id),
  language: null,
};

export interface VoiceList {
  voices: readonly VoiceOption[];
  loading: boolean;
  /** 'Failed to load voices' once the list failed (the fallback voice is then offered). */
  error: string | null;
}

/** The voice list, loaded once; on failure the fallback voice alone. */
export function useVoices(api: ApiClient): VoiceList {
  const [state, setState] = useState<VoiceList>({ voices: [], loading: true, error: null });
  useEffect(() => {
    const controller = new AbortController();
    getVoices(api, controller.signal).then(
      (voices) => {
        if (controller.signal.aborted) return;
        if (voices.length === 0) setState({ voices: [FALLBACK_VOICE], loading: false, error: null });
        else setState({ voices, loading: false, error: null });
      },
      () => {
        if (controller.signal.aborted) return;
        setState({ voices: [FALLBACK_VOICE], loading: false, error: ERROR_TEXTS.audio.loadVoices });
      },
    );
    return () => controller.abort();
  }, [api]);
  return state;
}

export interface VoicePickerProps {
  list: VoiceList;
  value: string | null;
  onChange(voiceId: string): void;
  disabled?: boolean;
}

export function VoicePicker({ list, value, onChange, disabled }: VoicePickerProps) {
  const name = useId();
  const preview = useRef<HTMLAudioElement>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);

  const togglePreview = (voice: VoiceOption) => {
    const audio = preview.current;
    if (!audio || !voice.previewUrl) return;
    if (previewing === voice.id) {
      audio.pause();
      setPreviewing(null);
      return;
    }
    audio.pause();
    audio.src = voice.previewUrl;
    audio.currentTime = 0;
    setPreviewing(voice.id);
    void audio.play().catch(() => setPreviewing(null));
  };

  return (
    // Only the choice is disabled (during a run, or while the tool is unavailable): the samples stay playable, so the
    // scrolling list always holds something a keyboard can reach (axe scrollable-region-focusable).
    <fieldset className="vo-voices">
      <legend className="act-label">{T.voiceLabel}</legend>
      {list.loading && <Spinner size={18} label={T.loadingVoices} showLabel />}
      {list.error && (
        <p className="act-error-text" role="alert">
          {list.error}
        </p>
      )}
      <ul className="vo-voices__list">
        {list.voices.map((voice) => (
          <li key={voice.id} className={`vo-voice${voice.id === value ? ' vo-voice--selected' : ''}`}>
            <label className="vo-voice__choice">
              <input
                type="radio"
                name={name}
                value={voice.id}
                checked={voice.id === value}
                disabled={disabled}
                onChange={() => onChange(voice.id)}
              />
              <span className="vo-voice__name">{voice.name}</span>
              {voice.language && <span className="vo-voice__language">{voice.language}</span>}
            </label>
            {voice.previewUrl && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => togglePreview(voice)}
                aria-label={previewing === voice.id ? T.stopPreview(voice.name) : T.preview(voice.name)}
                aria-pressed={previewing === voice.id}
              >
                {previewing === voice.id ? (
                  <Pause size={16} aria-hidden />
                ) : (
                  <Volume2 size={16} aria-hidden />
                )}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {/* A voice sample has no caption track: it only lets the user hear the voice, whose name is on the list. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={preview}
        className="vo-voices__preview"
        preload="none"
        onEnded={() => setPreviewing(null)}
        onError={() => setPreviewing(null)}
      />
    </fieldset>
  );
}
