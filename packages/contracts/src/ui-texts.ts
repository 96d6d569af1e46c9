// Every literal UI string of docs/product-rules.md, so shell and remotes show exactly the spec's words.
// Texts marked "ours" fill places where the spec shows an element but not its words.
import { CHAT_SHARE_TEXTS } from './chat-share-texts';
import { CHAT_WORKSPACE_TEXTS } from './chat-workspace-texts';
import { IMAGE_BOARD_TEXTS } from './image-board-texts';
import { LIBRARY_TEXTS } from './library-texts';
import { formatNumber } from './i18n/format';
import { PHRASE_TEXTS } from './i18n/phrase-texts';

export const PRODUCT_NAME = 'AI Creative Toolbox';

/** 'Free' for 0, '1 credit', else 'N credits' (docs/product-rules.md#screens dashboard cards). */
export function formatCost(cost: number): string {
  // In the active language (docs/architecture.md#languages), like every helper below.
  if (cost === 0) return PHRASE_TEXTS.free;
  return PHRASE_TEXTS.credits(cost, formatNumber(cost));
}

/** 'Save $X per year' (docs/product-rules.md#costs-and-limits). */
export function saveDollarsPerYear(amount: number): string {
  return PHRASE_TEXTS.saveDollarsPerYear(formatNumber(amount));
}

// Words whose brand spelling title case would break.
const WORD_SPELLINGS: Readonly<Record<string, string>> = { ai: 'AI', youtube: 'YouTube' };

/** Tool names in usage history are hyphenated ids shown title-cased: 'ai-describe-image' → 'AI Describe Image'. */
export function titleCaseToolName(toolName: string): string {
  return toolName
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => WORD_SPELLINGS[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * 'Are you sure you want to delete this {kind} session? This action cannot be undone.'
 * (docs/product-rules.md#validation).
 */
export function deleteSessionConfirm(kind: string): string {
  return PHRASE_TEXTS.deleteSessionConfirm(kind.trim());
}

/** Ours: the pending change shown on the subscription tab, e.g. 'Your plan changes to Pro on August 1, 2025.' */
export function scheduledPlanChange(planName: string, date: string): string {
  return PHRASE_TEXTS.scheduledPlanChange(planName, date);
}

/** 'Generate Prompt (2 credits)'-style button label. */
export function withCost(label: string, cost: number): string {
  return PHRASE_TEXTS.withCost(label, formatCost(cost));
}

export const UI_TEXTS = {
  productName: PRODUCT_NAME,
  common: {
    loading: 'Loading',
    processing: 'Processing...',
    copy: 'Copy',
    copied: 'Copied!',
    download: 'Download',
    clearAll: 'Clear All',
    remove: 'Remove',
    free: 'Free',
    credits: 'credits',
    insufficientCredits: 'Insufficient Credits',
    /** Beside "Insufficient Credits": the way to the plans, which brings the member back to the tool. */
    seePlans: 'See plans and credit packs',
    backToDashboard: 'Back to Dashboard',
    backToHome: 'Back to Home',
    backToTools: 'Back to Tools',
    selectAnImageFirst: 'Select an Image First',
    tryAgain: 'Try again',
    cancel: 'Cancel',
    confirm: 'Confirm',
    delete: 'Delete',
    close: 'Close',
    before: 'Before',
    after: 'After',
    dragAndDrop: 'Drag and drop an image here, or click to upload',
    imageUploadHint: 'PNG, JPG, JPEG, WebP up to 10MB',
    comingSoon: "This tool is coming soon! We're working hard to bring you amazing AI capabilities.",
    lastUpdated: 'last updated January 2025',
    lastUpdatedLabel: 'Last updated January 2025',
    skipToContent: 'Skip to content',
  },
  // What the one polite status region says (docs/architecture.md#status-announcements): state changes only.
  announce: {
    working: 'Working on it...',
    progress: (percent: number) => `${percent}% done`,
    resultReady: 'Result ready',
    replyFinished: 'Reply finished',
    recordingStarted: 'Recording started',
    recordingStopped: 'Recording stopped',
  },
  landing: {
    heroTitle: 'Your AI Creative Toolbox',
    heroSubtitle:
      'Prompts, chat, images and voice: every AI tool a creator needs, in one place. Start with 50 free credits, no credit card required.',
    getStartedFree: 'Get Started Free',
    creatorsClaim: '10,000+ creators',
    trustedBy: 'Trusted by 10,000+ creators',
    freeCreditsClaim: '50 free credits, no credit card required',
    startCreatingNow: 'Start Creating Now',
    closingTitle: 'Ready to create something amazing?',
    closingSubtitle: 'Join 10,000+ creators and start with 50 free credits. No credit card required.',
    nav: {
      features: 'Features',
      pricing: 'Pricing',
      tools: 'Tools',
      signIn: 'Sign In',
      /** In place of Sign In when the visitor is a signed-in member. */
      account: 'Account',
      /** The small-screen header's button that opens the same links as a list. */
      menu: 'Menu',
      toolsByCategory: 'Tools by category',
      /** The screen-reader name of the list of categories (hero, Tools menu). */
      toolCategories: 'Tool categories',
      /** The screen-reader name of the header's navigation. */
      main: 'Main',
    },
    featuresTitle: 'Everything you need to create with AI',
    featuresSubtitle: 'Five toolsets, one credit balance.',
    pricingTitle: 'Simple, credit-based pricing',
    pricingSubtitle: 'Start free. Upgrade when you need more credits.',
    valuePoints: [
      {
        id: 'fast',
        title: 'Lightning Fast',
        description: 'Results in seconds from the latest AI models, with no setup and no waiting lists.',
      },
      {
        id: 'creators',
        title: 'Creator Friendly',
        description: 'Built for creators: simple screens, clear credit costs and downloads ready to use.',
      },
      {
        id: 'secure',
        title: 'Secure & Private',
        description: 'Your uploads and creations stay yours, protected by encryption and never sold.',
      },
    ],
    footer: {
      home: 'Home',
      features: 'Features',
      pricing: 'Pricing',
      contact: 'Contact Us',
      privacy: 'Privacy Policy',
      terms: 'Terms of Service',
      refund: 'Refund Policy',
      rights: `© 2025 ${PRODUCT_NAME}. All rights reserved.`,
      /** The release running (PRODUCT_VERSION), for a member reporting a problem. */
      version: (version: string) => `Version ${version}`,
      // Ours: the footer's column headings and tagline, and its navigation's screen-reader name.
      navLabel: 'Footer',
      productHeading: 'Product',
      companyHeading: 'Company',
      tagline: `${PRODUCT_NAME}: prompts, chat, images and voice in one credit balance.`,
    },
  },
  auth: {
    createAccount: 'Create Account',
    createAccountSubtitle: 'Get started with the suite',
    welcomeBack: 'Welcome Back',
    welcomeBackSubtitle: 'Sign in to your account',
    continueWithGoogle: 'Continue with Google',
    orContinueWithEmail: 'Or continue with email',
    email: 'Email',
    emailPlaceholder: 'you@example.com',
    password: 'Password',
    passwordPlaceholder: 'At least 6 characters',
    signIn: 'Sign In',
    signUp: 'Sign Up',
    processing: 'Processing...',
    toSignIn: 'Already have an account? Sign in',
    toSignUp: "Don't have an account? Sign up",
    signOut: 'Sign Out',
  },
  dashboard: {
    account: 'Account',
    signOut: 'Sign Out',
    welcome: 'Welcome back',
    memberSince: 'Member since',
    useTool: 'Use Tool',
    insufficientCredits: 'Insufficient Credits',
    processing: 'Processing...',
    creditInformation: 'Credit Information',
    currentBalance: 'Current Balance',
    plan: 'Plan',
    lastCreditReset: 'Last Credit Reset',
    credits: 'credits',
  },
  account: {
    tabs: { overview: 'Overview', subscription: 'Subscription', usageHistory: 'Usage History' },
    backToTools: 'Back to Tools',
    monthly: 'Monthly',
    yearly: 'Yearly',
    upgrade: 'Upgrade',
    downgrade: 'Downgrade',
    currentPlan: 'Current Plan',
    selectPlan: 'Select Plan',
    cancelSubscription: 'Cancel Subscription',
    downgradeConfirm:
      'Are you sure you want to downgrade? The change takes effect at the end of your current billing period.',
    cancelConfirm:
      'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your current billing period.',
    cancelled: 'Your subscription will end at the close of the current billing period.',
    // Ours: the change-plan outcomes. An upgrade applies once Paddle confirms the prorated payment.
    upgradeStarted:
      'Your plan is being upgraded. Your new credits appear as soon as the payment goes through.',
    downgradeScheduled: 'Your plan will change at the end of the billing period',
    usage: {
      sortNewest: 'Newest',
      sortOldest: 'Oldest',
      sortMostCredits: 'Most credits',
      sortLeastCredits: 'Least credits',
      searchPlaceholder: 'Search by tool name',
      allTools: 'All tools',
      empty: 'No usage yet. Try a tool to see it here.',
      free: 'Free',
      // Ours: the controls' labels, the table's headings and the search that matches nothing.
      searchLabel: 'Search',
      toolLabel: 'Tool',
      sortLabel: 'Sort by',
      noMatch: 'No entries match your search.',
      columns: { tool: 'Tool', credits: 'Credits', date: 'Date' },
    },
  },
  pricing: {
    /** The screen-reader name of the Monthly / Yearly switch. */
    billingCycle: 'Billing cycle',
    monthly: 'Monthly',
    yearly: 'Yearly',
    saveOneMonth: 'Save 1 month',
    mostPopular: 'Most Popular',
    perMonth: '/month',
    perYear: '/year',
    getStarted: 'Get Started',
  },
  toolShell: {
    backToDashboard: 'Back to Dashboard',
  },
  imageToPrompt: {
    generate: 'Generate Prompt (2 credits)',
    resultTitle: 'Generated Prompt',
    resultPlaceholder: 'Your generated prompt will appear here.',
  },
  magicEnhance: {
    inputLabel: 'Your prompt',
    inputPlaceholder: 'Describe your idea, e.g. a cat sitting on a windowsill at sunset',
    enhance: 'Enhance (1 credit)',
    enterTextFirst: 'Enter Text First',
    clearAll: 'Clear All',
    resultTitle: 'Enhanced Prompt',
    resultPlaceholder: 'Your enhanced prompt will appear here.',
    tipsTitle: 'Tips for better prompts',
    tips: [
      'Be specific about the subject',
      'Include an art style',
      'Mention colors and mood',
      'Add context such as setting and time of day',
    ],
  },
  describeImage: {
    clearImage: 'Clear Image',
    languageLabel: 'Description Language',
    taskLabel: 'Analysis Task',
    selectAnImageFirst: 'Select an Image First',
    selectAnalysisTask: 'Select Analysis Task',
    insufficientCredits: 'Insufficient Credits',
    generate: 'Generate Description (2 credits)',
    resultTitle: 'Description',
    resultPlaceholder: 'Your image description will appear here.',
  },
  videoPrompt: {
    languageLabel: 'Prompt Language',
    cameraMotionLabel: 'Camera Motion',
    videoStyleLabel: 'Video Style',
    actionLabel: 'Action Description',
    actionPlaceholder: 'Describe what happens in the video, e.g. the woman turns and smiles at the camera',
    actionHint: 'Required: what should happen in the video.',
    generate: 'Generate Video Prompt (2 credits)',
    resultTitle: 'Video Prompt',
    resultPlaceholder: 'Your video prompt will appear here.',
    tipsTitle: 'Tips for video prompts',
    tips: [
      'Describe one clear action',
      'Match the camera motion to the action',
      'Keep the subject consistent with the image',
    ],
  },
  // Ours (issue 25): saving an open chat as a file (docs/product-rules.md#chat-export).
  chatExport: {
    label: 'Export',
    groupLabel: 'Export this conversation',
    markdown: 'Markdown (.md)',
    printable: 'Printable (HTML/PDF)',
    print: 'Print / Save as PDF',
    printHint: "Use your browser's print dialog to print this conversation or save it as a PDF.",
    you: 'You',
    reasoning: 'Reasoning',
    sources: 'Sources',
    stopped: 'Stopped',
    exportedOn: (tool: string, date: string) => `${tool} · exported ${date}`,
    untitled: 'Conversation',
    failed: 'Could not export this conversation. Please try again.',
  },
  chat: {
    newChat: 'New Chat',
    newReasoning: 'New Reasoning',
    newWebChat: 'New Web Chat',
    send: 'Send',
    messagePlaceholder: 'Type your message... (Enter to send, Shift+Enter for a new line)',
    sessions: 'Chat History',
    noSessions: 'No conversations yet',
    chooseModel: 'Choose a model',
    badges: { vision: 'Vision', pdfs: 'PDF', webSearch: 'Web Search' },
    attachImage: 'Attach image',
    attachPdf: 'Attach PDF',
    webSearch: 'Web search',
    webUrlLabel: 'Website URL',
    webUrlPlaceholder: 'https://example.com',
    startWebChat: 'Start Chat (6 credits)',
    exampleLinks: 'Try an example',
    sources: 'Sources',
    thinking: 'Thinking...',
    // Ours: the spec shows these elements of the chat screens but not their words.
    stop: 'Stop',
    regenerate: 'Regenerate',
    you: 'You',
    reasoning: 'Reasoning',
    stopped: 'Stopped',
    // Ours (issue 22): what each way a reply can end costs, shown with the reply (docs/charges.md).
    stoppedAtTimeLimit: 'Stopped: the reply reached its time limit.',
    chargedStopped: 'Charged as a full message: words had arrived before it stopped.',
    notCharged: 'No credits were charged for this reply.',
    playgroundColumnFailed:
      'The message price covers all four models; it is charged when at least one of them answers.',
    // Ours (issue 25): what each answer cost, shown with it.
    replyCost: (credits: number) =>
      credits === 0 ? 'Free' : `${credits} ${credits === 1 ? 'credit' : 'credits'}`,
    playgroundTurnCost: (credits: number) =>
      credits === 0 ? 'Free' : `${credits} credits for all four models`,
    // Ours (issue 25, edit and branch): editing a message, regenerating an answer, flipping between versions.
    edit: 'Edit',
    editLabel: 'Edit your message',
    saveAndSend: (cost: number) => `Save & send (${formatCost(cost)})`,
    cancelEdit: 'Cancel',
    regenerateCost: (cost: number) => `Regenerate this answer: ${formatCost(cost)}`,
    previousVersion: 'Previous version',
    nextVersion: 'Next version',
    versionOf: (index: number, count: number) => `${index}/${count}`,
    versionsLabel: 'Versions',
    searchLabel: 'Search conversations',
    searchPlaceholder: 'Search chats',
    noSearchMatches: 'No conversations match your search.',
    loadingMore: 'Loading more...',
    rename: 'Rename',
    renameLabel: 'Conversation title',
    save: 'Save',
    deleteSession: 'Delete conversation',
    nextMessageCost: 'Next message',
    playgroundEmpty: 'Send one message and compare four models side by side.',
    /** The tab list that shows one model's column at a time on a phone. */
    playgroundColumnTabs: 'Model replies',
    reasoningEmpty: 'Ask a hard question: the model reasons it through, and you can read how.',
    membersOnly:
      'Chat is for members. Sign up free to start chatting with 50 credits, no credit card required.',
    attachmentRemove: 'Remove attachment',
    followingReply:
      'Connection lost. Reconnecting: the reply is still being written and shows here as it grows.',
    // Ours (issue 11): the chat agent's and web chat's words the spec does not give.
    webSearchCost: (extra: number) => `+${extra} credits`,
    followUpCost: (cost: number) => `${cost} credits per question`,
    noVisionModel: 'This model cannot read images',
    noPdfModel: 'This model cannot read PDFs',
    noWebSearchModel: 'This model has no web search',
    attachmentHint: 'Image or PDF up to 10MB each',
    openAttachment: 'Open attachment',
    webChatPageLabel: 'Chatting with',
    // The first line of a web chat answer that is not a model's answer (no provider key): it says so, in these words.
    localAnswerNote:
      'Answered locally (no AI provider is configured): the passages of the page that best match your question, quoted as they are.',
    // Ours (issue 11, the chat remote): the model grid, the numbered source links and the web chat's steps.
    chooseModelHint: 'Pick the model for this chat. New Chat brings you back here to pick another.',
    changeModel: 'Change model',
    textOnly: 'Text only',
    agentEmpty:
      'Ask anything. Attach an image or a PDF where the model can read them, and switch on web search for fresh facts.',
    sourceLink: (number: number, name: string) => `Source ${number}: ${name}`,
    webChatIntro:
      'Enter the address of a web page, then ask questions about it. Answers cite the passages they use.',
    webChatLocalNotice:
      'No AI provider is configured: answers quote the passages of the page that best match your question.',
    // Ours (issue 25): compare, then fuse the answers or continue with one model (docs/product-rules.md#fuse).
    continueWithModel: 'Continue with this model',
    continueWithModelLabel: (model: string) => `Continue with this model: ${model}`,
    continueFailed: 'Could not continue with this model. Please try again.',
    fuseTitle: 'Fuse the answers',
    fuseModelLabel: 'Model that fuses',
    fuse: (cost: number) => `Fuse (${formatCost(cost)})`,
    fusedBy: (model: string) => `Fused by ${model}`,
    takenFrom: 'Taken from',
    takenFromPart: (model: string, parts: string) => `${model} — ${parts}`,
  },
  youtube: {
    urlLabel: 'YouTube URL',
    urlPlaceholder: 'https://www.youtube.com/watch?v=...',
    summarize: 'Summarize (4 credits)',
    getThumbnails: 'Get Thumbnails',
    title: 'Title',
    duration: 'Duration',
    summaryTitle: 'Summary',
    clearAll: 'Clear All',
    viewFullSize: 'View Full Size',
    download: 'Download',
    // Ours: the spec shows no words for these.
    videoInfoTitle: 'Video',
    summaryPlaceholder: 'Paste a YouTube link and the summary will appear here.',
    thumbnailsTitle: 'Thumbnails',
    keyMomentLabel: (time: string) => `Open the video at ${time}`,
    // The first line of a summary that is not an AI summary of the transcript (the summary itself says so, in the
    // JSON reply as on the screen).
    localSummaryNote:
      'Summary made locally (no AI provider is configured): the key sentences of the transcript, chosen by an extractive ranker.',
    localDescriptionSummaryNote:
      'Summary made locally (no AI provider is configured) and based on the video description, since no transcript is available.',
    descriptionSummaryNote:
      'No transcript is available for this video: this summary is based on its description.',
    summaryLanguageLabel: 'Summary language',
    sameLanguageAsVideo: 'Same as the video',
    // Ours (issue 24): the summary's chapters under it (docs/product-rules.md#youtube-chapters).
    chaptersTitle: 'Chapters',
    chapterSourceNote: {
      video: "The video's own chapters.",
      ai: 'Chapters written by the AI from the transcript.',
      local: 'Chapters made locally (no AI provider is configured): the transcript divided by time.',
    },
    copyChapterLink: (time: string) => `Copy the link to ${time}`,
    chapterLinkCopied: 'Link copied',
    // Ours (issue 24): the transcript under the chapters (docs/product-rules.md#youtube-transcript).
    transcriptTitle: 'Transcript',
    transcriptSearchLabel: 'Search the transcript',
    transcriptMatches: (shown: number, total: number) => `${shown} of ${total} lines`,
    transcriptNoMatch: 'No line of the transcript matches your search.',
    downloadTranscript: (format: string) => `Download .${format}`,
    // Ours (issue 24): questions about the video under the summary (docs/product-rules.md#youtube-ask).
    askTitle: 'Ask this video',
    askLabel: 'Your question about the video',
    askPlaceholder: 'What does the video say about…?',
    ask: 'Ask',
    askHint: 'Answers come from the transcript and cite the moments they use.',
    answering: 'Answering...',
    citedMoments: 'Moments cited',
    copyMomentLink: (time: string) => `Copy the link to ${time}`,
  },
  textToImage: {
    promptLabel: 'Prompt',
    promptPlaceholder: 'Describe the image you want to create',
    negativePromptLabel: 'Negative Prompt',
    negativePromptPlaceholder: 'What to leave out, e.g. blurry, text, watermark',
    modelLabel: 'Model',
    styleLabel: 'Style',
    aspectRatioLabel: 'Aspect Ratio',
    formatLabel: 'Format',
    seedLabel: 'Seed',
    seedPlaceholder: 'Random',
    generate: 'Generate Image (20 credits)',
    regenerate: 'Regenerate',
    download: 'Download',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    resetZoom: 'Reset zoom',
    galleryTitle: 'Your Gallery',
    gallerySearch: 'Search your images',
    galleryEmpty: 'No images yet. Generate your first one!',
    // Ours: the rest of the Text to Image screen.
    settingsTitle: 'Settings',
    previewTitle: 'Preview',
    previewPlaceholder: 'Your generated image will appear here.',
    previewAlt: 'Generated image',
    generating: 'Generating image...',
    inQueue: 'Waiting in the queue...',
    /** `ahead`: requests ahead of this one in the provider's queue. */
    queuePosition: (ahead: number) =>
      ahead === 0 ? 'Next in the queue...' : `Waiting in the queue (${ahead} ahead)...`,
    progressLabel: 'Generation progress',
    loadingImage: 'Loading image...',
    zoomLevel: 'Zoom',
    allModels: 'All models',
    modelFilterLabel: 'Filter by model',
    favouritesOnly: 'Favourites only',
    favourite: 'Favourite',
    unfavourite: 'Remove from favourites',
    useSettings: 'Use settings',
    previous: 'Previous image',
    next: 'Next image',
    openImage: (prompt: string) => `Open image: ${prompt}`,
    deleteTitle: 'Delete this image?',
    deleteConfirm: 'Are you sure you want to delete this image? This action cannot be undone.',
    galleryNoMatches: 'No images match your search.',
    loadingMore: 'Loading more images...',
    end: "You've reached the end.",
    seedHint: 'Leave empty for a random seed',
    noStyle: 'No style',
    // Several images per run (docs/product-rules.md#images-per-run).
    numImagesLabel: 'Images',
    numImagesOption: (count: number) => (count === 1 ? '1 image' : `${count} images`),
    /** The button's label follows the count: 'Generate Image (20 credits)', 'Generate 3 Images (60 credits)'. */
    generateCount: (count: number, credits: number) =>
      count === 1 ? `Generate Image (${credits} credits)` : `Generate ${count} Images (${credits} credits)`,
    resultsTitle: 'Images from this run',
    showResult: (index: number, total: number) => `Show image ${index} of ${total}`,
    /** The provider returned fewer images than asked for; those were refunded. */
    fewerImages: (made: number, asked: number, refunded: number) =>
      `${made} of ${asked} images were made; ${refunded} credits for the missing ones were refunded.`,
  },
  /** Ours: the Upscale screen (docs/product-rules.md#upscale). */
  upscale: {
    sourceLabel: 'Picture',
    scaleLabel: 'Scale',
    scaleOption: (scale: number) => `${scale}×`,
    run: (credits: number) => `Upscale (${credits} credits)`,
    /** Said before the member starts when there is no provider key: the honest name of the local method. */
    standardNotice:
      'This server has no image provider key, so pictures are enlarged with a standard upscale (Lanczos resize with a mild sharpen): larger and smooth, without new detail.',
    modelNotice: 'Pictures are enlarged with an AI upscaling model.',
    standardLabel: 'Standard upscale',
    modelLabel: 'AI upscale',
    resultSize: (width: number, height: number) => `${width} × ${height} px`,
    outputSize: (width: number, height: number) => `Result: ${width} × ${height} px`,
    processing: 'Upscaling',
    readyHint: 'Upload an image or choose one of yours, pick 2× or 4× and upscale it.',
    tips: [
      'The result is saved to your gallery as a JPEG',
      'Results over 40 megapixels are refused before anything is charged',
      'Use 2× for photos that are already large',
    ],
  },
  /** Ours: the Edit a Region screen (docs/product-rules.md#edit-a-region). */
  editImage: {
    sourceLabel: 'Picture',
    promptLabel: 'What to paint in the masked area',
    promptPlaceholder: 'e.g., a red umbrella, a clear blue sky',
    maskTitle: 'Mask',
    maskHint:
      'Paint over the part of the picture to change. Keyboard: focus the picture, move the rectangle with the arrow keys, resize it with Shift + arrows, and press Enter to add it to the mask.',
    canvasLabel: 'Picture to paint the mask on',
    brushSize: 'Brush size',
    undo: 'Undo',
    clear: 'Clear mask',
    addRectangle: 'Add rectangle to mask',
    rectangleStatus: (x: number, y: number, width: number, height: number) =>
      `Rectangle at ${x}, ${y}, ${width} × ${height} px`,
    maskStrokes: (count: number) => (count === 1 ? '1 mark on the mask' : `${count} marks on the mask`),
    run: (credits: number) => `Edit Region (${credits} credits)`,
    processing: 'Editing the region',
    readyHint: 'Upload an image or choose one of yours, paint the area to change and describe it.',
    paintFirst: 'Paint over the area to change first',
    tips: [
      'Paint a little beyond the edges of what should change',
      'Describe the new content, not the instruction ("a red umbrella", not "add an umbrella")',
      'The result keeps the size of your picture',
    ],
  },
  /** Ours: choosing one of the member's stored images instead of an upload (Upscale, Edit a region). */
  imageSource: {
    upload: 'Upload',
    yours: 'Your images',
    sourceChoice: 'Where the picture comes from',
    chooseLabel: 'Choose one of your images',
    chosen: 'Chosen',
    none: 'You have no images yet. Upload one instead.',
    loadMore: 'Load more',
    pick: (prompt: string) => `Use this image: ${prompt}`,
  },
  hub: {
    available: 'Available',
    comingSoon: 'Coming Soon',
    /** The spec's '20 credits per use', for any price (ours: Upscale costs 5). */
    creditsPerUse: (credits: number) => `${credits} credits per use`,
    comingSoonAlert: 'This tool is coming soon!',
    galleryTitle: 'Latest Creations',
    galleryEmpty: 'No images generated yet. Try one of the tools above!',
    loadingMore: 'Loading more images...',
    end: "You've reached the end.",
    moreToolsComingSoon: 'More Tools Coming Soon!',
    moreToolsText: "We're building more AI photo effects. Check back soon.",
    expand: 'Expand',
    download: 'Download',
    // Ours: the hub's headings and the lightbox's arrows.
    toolsTitle: 'Photo Effects',
    previous: 'Previous image',
    next: 'Next image',
  },
  photoTool: {
    result: 'Result',
    before: 'Before',
    after: 'After',
    sliderCaption: 'Drag the slider to compare before and after',
    sampleCaption: 'Example: Drag the slider to see how the comparison works',
    processingHint: 'This may take a few moments...',
    readyToTransform: 'Ready to Transform',
    uploadHint: 'PNG, JPG, JPEG, WebP up to 10MB',
    download: 'Download',
    settings: 'Settings',
    expressionLabel: 'Expression',
    expressionPlaceholder: 'e.g., sad, happy, angry',
    expressionReadyHint: 'Upload an image and enter an expression to see the transformation',
    ageChangeLabel: 'Age Change',
    backgroundLabel: 'New Background',
    backgroundPlaceholder: 'e.g., a sunny beach at golden hour',
    expressionTipsTitle: 'Tips',
    expressionTips: [
      'Use clear, well-lit faces',
      'Front-facing photos work best',
      'Try happy, sad, angry or surprised',
    ],
    // Ours: the rest of the seven photo-effect screens (docs/product-rules.md#screens names the Expression Change
    // ones above).
    /** 'Processing Expression Change' (spec), and the same for every effect. */
    processing: (toolName: string) => `Processing ${toolName}`,
    /**
     * docs/product-rules.md#screens, #validation: 'Run Expression Change'; Color Correction's label has no credit
     * text.
     */
    run: (toolName: string) => `Run ${toolName}`,
    /** The other five: the run label with the cost, as the other tools' buttons carry it. */
    runWithCredits: (toolName: string, credits: number) => `Run ${toolName} (${credits} credits)`,
    readyHint: 'Upload an image to see the transformation',
    ageChangeReadyHint: 'Upload an image and enter an age change to see the transformation',
    backgroundReadyHint: 'Upload an image and describe a background to see the transformation',
    ageChangeDefault: '20 years older',
    ageChangePlaceholder: 'e.g., 20 years older, 10 years younger',
    uploadLabel: 'Upload Image',
    compareLabel: 'Before and after comparison',
    viewLabel: 'Comparison view',
    sliderView: 'Slider',
    sideBySideView: 'Side by side',
    beforeAlt: 'Before: your photo',
    afterAlt: (toolName: string) => `After: ${toolName} result`,
    sampleBeforeAlt: 'Example photo before the effect',
    sampleAfterAlt: 'Example photo after the effect',
    tipsTitle: 'Tips',
    /** Tips per effect (Expression Change's are the spec's, above). */
    tips: {
      'age-progression': [
        'Use a clear, front-facing portrait',
        'Describe the change, e.g. 20 years older or 10 years younger',
        'Even lighting keeps the face recognisable',
      ],
      'baby-version': [
        'Use a clear, front-facing portrait',
        'One face per photo works best',
        'Avoid sunglasses and hats that hide the face',
      ],
      'background-change': [
        'Photos with a clearly visible subject work best',
        'Describe the scene, its light and its mood',
        'Try a beach at sunset, a city at night or a snowy forest',
      ],
      cartoonify: [
        'Well-lit photos give the cleanest outlines',
        'Portraits, pets and landscapes all work',
        'Simple backgrounds make the cartoon clearer',
      ],
      'broccoli-haircut': [
        'Use a front-facing portrait with the hair visible',
        'One face per photo works best',
        'Even lighting gives the most natural curls',
      ],
      'color-correction': [
        'Works best on dull, tinted or badly exposed photos',
        'Indoor photos with a yellow or blue cast improve the most',
        'Compare before and after with the slider',
      ],
    },
  },
  textToSpeech: {
    voiceLabel: 'Voice',
    loadingVoices: 'Loading voices...',
    textLabel: 'Text',
    textPlaceholder: 'Type or paste the text to turn into speech',
    textTooLong: 'Text Too Long',
    generate: 'Generate Speech (30 credits)',
    generating: 'Generating...',
    download: 'Download',
    clearAll: 'Clear All',
    copy: 'Copy',
    // Ours: the voice list, its previews and the counter (docs/product-rules.md#validation: a warning above 90% of
    // 2000).
    preview: (voice: string) => `Preview ${voice}`,
    stopPreview: (voice: string) => `Stop preview of ${voice}`,
    charCount: (used: number, max: number) => `${used} / ${max} characters`,
    nearLimit: 'Approaching the 2000-character limit',
    resultTitle: 'Speech',
    resultPlaceholder: 'Your speech will appear here',
    recentTitle: 'Recent speech',
  },
  /** Ours: the speech to speech screen (5 credits), which the spec lists only among the costs. */
  speechToSpeech: {
    sourceLabel: 'Your recording',
    record: 'Record',
    stopRecording: 'Stop Recording',
    recording: 'Recording...',
    levelLabel: 'Microphone level',
    microphoneDenied: 'Microphone access was denied or is not available. You can upload a recording instead.',
    orUpload: 'or upload an audio file',
    recordedFileName: (timestamp: number) => `recording-${timestamp}`,
    generate: 'Convert Voice (5 credits)',
    resultTitle: 'Converted speech',
    resultPlaceholder: 'Your converted recording will appear here',
    recentTitle: 'Recent conversions',
  },
  soundEffects: {
    descriptionLabel: 'Describe the sound',
    descriptionPlaceholder: 'e.g., heavy rain on a tin roof with distant thunder',
    descriptionTooLong: 'Description Too Long',
    generate: 'Generate Sound Effect (10 credits)',
    download: 'Download',
    // Ours: duration choice (2-10 s, docs/product-rules.md#costs-and-limits) and the result area.
    durationLabel: 'Duration',
    durationAuto: 'Automatic',
    durationSeconds: (seconds: number) => `${seconds} seconds`,
    resultTitle: 'Sound Effect',
    resultPlaceholder: 'Your sound effect will appear here',
    recentTitle: 'Recent sound effects',
  },
  voiceIsolator: {
    uploadHint: 'MP3, WAV, M4A and other audio formats up to 5MB',
    isolate: 'Isolate Voice (20 credits)',
    processingHint: 'Voice isolation usually takes 30 to 120 seconds.',
    download: 'Download',
    // Ours: the upload, the wait and the before/after switch.
    uploadTitle: 'Click to upload an audio file',
    remove: 'Remove audio file',
    processing: 'Isolating voice...',
    progressLabel: 'Voice isolation progress',
    elapsed: (time: string) => `Elapsed: ${time}`,
    compareLabel: 'Listen to',
    resultTitle: 'Isolated Voice',
    resultPlaceholder: 'Upload an audio file and isolate the voice to hear the result here',
    recentTitle: 'Recent isolations',
  },
  /** Ours: parts every voice screen shares (player, progress, recent results, the engine's notice). */
  voice: {
    play: 'Play',
    pause: 'Pause',
    seek: 'Seek',
    download: 'Download',
    downloading: 'Downloading...',
    progress: (percent: number) => `${percent}%`,
    stillRunning: 'Still processing: the result will appear here when it is ready.',
    recentEmpty: 'Nothing yet: your results will be listed here.',
    loadingRecent: 'Loading your recent results...',
    loadMore: 'Load more',
    deleteClip: 'Delete',
    deleteTitle: 'Delete this audio?',
    deleteDescription: 'The file is deleted for good and can no longer be played or downloaded.',
    unavailable: 'This tool is not available on this server.',
  },
  gallery: {
    imageDownloaded: 'Image downloaded!',
  },
  /** Ours: shared chats (docs/product-rules.md#shared-chats). */
  share: CHAT_SHARE_TEXTS,
  /** Ours: image boards and comparing two images (docs/product-rules.md#image-boards). */
  imageBoards: IMAGE_BOARD_TEXTS,
  /** Ours: projects, custom instructions and pins (docs/product-rules.md#chat-workspace). */
  chatWorkspace: CHAT_WORKSPACE_TEXTS,
  /** Ours: the Library page and Send to (docs/product-rules.md#library-page). */
  library: LIBRARY_TEXTS,
  pages: {
    privacyPolicy: 'Privacy Policy',
    termsOfService: 'Terms of Service',
    refundPolicy: 'Refund Policy',
    contactUs: 'Contact Us',
    backToHome: 'Back to Home',
    lastUpdated: 'Last updated January 2025',
  },
} as const;

/** Photo tool button and state texts: 'Run Expression Change', 'Processing Expression Change'. */
export function runToolLabel(toolName: string): string {
  return PHRASE_TEXTS.runTool(toolName);
}
export function processingToolLabel(toolName: string): string {
  return PHRASE_TEXTS.processingTool(toolName);
}

/**
 * Page titles and descriptions of the non-tool routes (docs/product-rules.md#screens: home, auth, policy and contact
 * pages).
 */
export const PAGE_SEO = {
  home: {
    title: `${PRODUCT_NAME}: AI Prompts, Chat, Images and Voice in One Place`,
    description:
      'Generate prompts, chat with leading AI models, create and edit images, and produce voice and sound effects. Start with 50 free credits, no credit card required.',
  },
  auth: {
    title: `Sign In or Create Your Account | ${PRODUCT_NAME}`,
    description: `Sign in to ${PRODUCT_NAME} or create a free account with 50 credits to start creating with AI.`,
  },
  dashboard: {
    title: `Dashboard | ${PRODUCT_NAME}`,
    description: 'All your AI tools, your credit balance and your plan in one place.',
  },
  privacyPolicy: {
    title: `Privacy Policy | ${PRODUCT_NAME}`,
    description: `How ${PRODUCT_NAME} collects, uses and protects your personal data.`,
  },
  termsOfService: {
    title: `Terms of Service | ${PRODUCT_NAME}`,
    description: `The terms that govern your use of ${PRODUCT_NAME}, its credits and subscriptions.`,
  },
  refundPolicy: {
    title: `Refund Policy | ${PRODUCT_NAME}`,
    description: `When and how ${PRODUCT_NAME} refunds subscriptions and credit purchases.`,
  },
  contactUs: {
    title: `Contact Us | ${PRODUCT_NAME}`,
    description: `Questions, feedback or billing help: get in touch with the ${PRODUCT_NAME} team.`,
  },
} as const;
