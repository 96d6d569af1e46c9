// Public surface of @act/host-sdk: shared by the shell and every remote as a Module Federation singleton.
// Keep it stable: remotes are built and deployed on their own.
export type { HostUser, ToolHost, ToolPageProps, ToolPages } from './tool-host';
export { ApiError, isApiError, errorMessage, apiErrorFromReply, codeForStatus } from './api-error';
export { createApiClient } from './api-client';
export type { ApiClient, ApiClientOptions, RawCallOptions } from './api-client';
export { endpointUrl } from './endpoint-call';
export type {
  BodyOf,
  CallArgs,
  CallControl,
  CallOptions,
  CallRequest,
  EventOf,
  ParamsOf,
  QueryOf,
  ReplyOf,
  StreamedEndpoint,
} from './endpoint-call';
export { createAuthStore } from './auth-store';
export type { AuthEvent, AuthStatus, AuthState, AuthStore, AuthStoreOptions } from './auth-store';
export { createCreditsStore } from './credits-store';
export type { CreditsState, CreditsStore } from './credits-store';
export { createStore, useStoreState } from './store';
export type { Store } from './store';
export {
  Announcer,
  announce,
  clearAnnouncements,
  getAnnouncements,
  useAnnounce,
  useRunAnnouncer,
} from './announcer';
export type { Announcement, RunAnnouncer } from './announcer';
export { copyText, useCopy } from './use-copy';
export type { UseCopyResult } from './use-copy';
export { downloadFile, downloadNames, saveBlob } from './download';
export {
  AUDIO_ACCEPT,
  IMAGE_ACCEPT,
  PDF_ACCEPT,
  checkAudioFile,
  checkChatImageFile,
  checkImageFile,
  checkPdfFile,
  formatFileSizeKb,
  readFileAsDataUrl,
} from './file-checks';
export { isNearBottom, useCursorList } from './use-cursor-list';
export type { CursorList, CursorListOptions, CursorPage, FetchCursorPage } from './use-cursor-list';
export { useStreamedReply } from './use-streamed-reply';
export type { StreamedReply, StreamedReplyOptions } from './use-streamed-reply';
export { useToolRun } from './use-tool-run';
export type { ToolRunState, ToolRunStatus, UseToolRunResult } from './use-tool-run';

// Parts of a tool page every family uses: upload, run button, error with Sign Up, result with Copy.
export { canAfford } from './tool-ui/can-afford';
export { useAvailability, type Availability } from './tool-ui/use-availability';
export { GenerateButton } from './tool-ui/generate-button';
export { PlansLink } from './tool-ui/plans-link';
export type { PlansLinkProps } from './tool-ui/plans-link';
export type { GenerateButtonProps } from './tool-ui/generate-button';
export { runButton } from './tool-ui/run-button';
export type { RunButton, RunButtonRules } from './tool-ui/run-button';
export { ImageDropZone } from './tool-ui/image-drop-zone';
export type { ImageDropZoneProps } from './tool-ui/image-drop-zone';
export { ImageLightbox } from './tool-ui/image-lightbox';
export type { ImageLightboxProps } from './tool-ui/image-lightbox';
export { LoadMoreSentinel } from './tool-ui/load-more-sentinel';
export type { LoadMoreSentinelProps } from './tool-ui/load-more-sentinel';
export { ResultPanel } from './tool-ui/result-panel';
export type { ResultPanelProps } from './tool-ui/result-panel';
export { RunError } from './tool-ui/run-error';
export { TipsBox } from './tool-ui/tips-box';
export type { RunErrorProps } from './tool-ui/run-error';
export { useImageUpload } from './tool-ui/use-image-upload';
export type { ImageUpload, SelectedImage } from './tool-ui/use-image-upload';

export { Alert } from './ui/alert';
export type { AlertProps } from './ui/alert';
export { Badge } from './ui/badge';
export type { BadgeProps, BadgeTone } from './ui/badge';
export { Button } from './ui/button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './ui/button';
export { ConfirmDialog, Dialog } from './ui/dialog';
export type { ConfirmDialogProps, DialogProps } from './ui/dialog';
export { TextArea, TextField } from './ui/fields';
export type { TextAreaProps, TextFieldProps } from './ui/fields';
export { Progress } from './ui/progress';
export type { ProgressProps } from './ui/progress';
export { RadioGroup } from './ui/radio-group';
export type { RadioGroupProps, RadioOption } from './ui/radio-group';
export { SegmentedControl } from './ui/segmented-control';
export type { SegmentedControlProps, SegmentedOption } from './ui/segmented-control';
export { Select } from './ui/select';
export type { SelectOption, SelectProps } from './ui/select';
export { Slider } from './ui/slider';
export type { SliderProps } from './ui/slider';
export { Spinner } from './ui/spinner';
export { ThemeSelect, ThemeSwitch } from './ui/theme-controls';
export { resolvedTheme, setThemeChoice, THEME_STORAGE_KEY, useThemeChoice } from './theme';
export type { SpinnerProps } from './ui/spinner';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs';
export { Toaster, dismissToast, getToasts, toast, useToast } from './ui/toaster';
export type { ToastInput, ToastItem, ToastVariant } from './ui/toaster';
export { ToolIcon } from './ui/tool-icon';
export type { ToolIconProps } from './ui/tool-icon';

// The member's library (issue 37): filling a tool from `?from=` and the Send to menu of a result.
export { fromItemId, trimToLimit, useFromItem } from './library/use-from-item';
export type { FromItemFill, FromItemState } from './library/use-from-item';
export { useImageFromItem } from './library/use-image-from-item';
export { FromItemNotice } from './library/from-item-notice';
export { SendToMenu } from './library/send-to-menu';
export type { SendToMenuProps } from './library/send-to-menu';

// The member's custom instructions for every chat screen (issue 38): the account page's and the chat dialog's form.
export { CustomInstructionsForm } from './ui/custom-instructions-form';
export type { CustomInstructionsFormProps } from './ui/custom-instructions-form';
// The keyboard (issue 42): the palette's fuzzy match, which key press is which shortcut, and the current tool's run.
export { fuzzyFilter, fuzzyScore } from './fuzzy-match';
export { isTypingTarget, shortcutOf } from './keyboard-shortcuts';
export type { ShortcutId } from './keyboard-shortcuts';
export { registerRunButton, runCurrentTool, useRunButton } from './tool-ui/run-action';
// Recording from the microphone (Speech to Speech, dictation in chat, conversation mode): one MediaRecorder set-up.
export {
  NOTHING_HEARD_MS,
  PAUSE_MS,
  SPEECH_LEVEL,
  bareAudioType,
  levelOf,
  useRecorder,
} from './use-recorder';
export type { Recorder, RecorderOptions, RecorderState } from './use-recorder';
export { ResultHistory } from './library/result-history';
export type { ResultHistoryItem, ResultHistoryProps, ResultHistoryTexts } from './library/result-history';
