// Rule-based prompt enhancement for the local provider: recognise what kind of subject the prompt is about and which
// aspects it already covers (style, lighting, colour and mood, composition, quality), then add only what is missing.

type SubjectKind =
  'graphic' | 'person' | 'animal' | 'landscape' | 'city' | 'product' | 'fantasy' | 'vehicle' | 'general';

interface KindRules {
  words: readonly string[];
  detail: string;
  style: string;
  lighting: string;
  mood: string;
  composition: string;
}

// Order matters: the first kind whose words appear wins ('a dragon over a city' is fantasy, not city).
const KINDS: ReadonlyArray<readonly [SubjectKind, KindRules]> = [
  [
    'graphic',
    {
      words: [
        'logo',
        'icon',
        'emblem',
        'badge',
        'sticker',
        'poster',
        'flyer',
        'banner',
        'typography',
        'mascot',
        't-shirt design',
        'app icon',
        'infographic',
        'pattern',
        'wallpaper',
      ],
      detail: 'clean bold shapes, balanced negative space, crisp edges',
      style: 'modern flat vector design',
      lighting: 'flat even lighting with no harsh shadows',
      mood: 'limited cohesive colour palette, professional friendly mood',
      composition: 'centred, symmetrical layout on a plain background',
    },
  ],
  [
    'fantasy',
    {
      words: [
        'dragon',
        'wizard',
        'witch',
        'elf',
        'fairy',
        'unicorn',
        'spaceship',
        'robot',
        'alien',
        'cyborg',
        'magic',
        'cyberpunk',
        'futuristic',
        'sci-fi',
        'knight',
        'castle',
        'mythical',
        'steampunk',
        'galaxy',
        'planet',
        'monster',
      ],
      detail: 'intricate ornate details, otherworldly atmosphere',
      style: 'epic digital painting, concept art',
      lighting: 'volumetric light rays with glowing accents',
      mood: 'rich jewel-toned colours, awe-inspiring mood',
      composition: 'dramatic low-angle wide shot',
    },
  ],
  [
    'person',
    {
      words: [
        'woman',
        'man',
        'girl',
        'boy',
        'person',
        'people',
        'child',
        'kid',
        'lady',
        'gentleman',
        'portrait',
        'face',
        'warrior',
        'king',
        'queen',
        'princess',
        'prince',
        'soldier',
        'dancer',
        'chef',
        'musician',
        'astronaut',
        'baby',
        'couple',
        'family',
        'student',
        'doctor',
        'farmer',
        'teenager',
        'selfie',
      ],
      detail: 'expressive eyes, natural skin texture, finely detailed hair and clothing',
      style: 'photorealistic portrait photography, shot on a full-frame camera',
      lighting: 'soft Rembrandt lighting with a gentle rim light',
      mood: 'warm natural skin tones, intimate mood',
      composition: 'medium close-up, 85mm lens, shallow depth of field with creamy bokeh',
    },
  ],
  [
    'animal',
    {
      words: [
        'cat',
        'kitten',
        'dog',
        'puppy',
        'bird',
        'horse',
        'fox',
        'lion',
        'tiger',
        'wolf',
        'owl',
        'bear',
        'deer',
        'rabbit',
        'bunny',
        'elephant',
        'eagle',
        'fish',
        'butterfly',
        'panda',
        'monkey',
        'animal',
        'parrot',
        'whale',
      ],
      detail: 'finely detailed lifelike fur or feather texture, bright alert eyes',
      style: 'award-winning wildlife photography',
      lighting: 'warm natural light with soft catchlights in the eyes',
      mood: 'harmonious earthy tones, calm gentle mood',
      composition: 'eye-level close-up, telephoto lens, softly blurred background',
    },
  ],
  [
    'vehicle',
    {
      words: [
        'car',
        'motorcycle',
        'motorbike',
        'truck',
        'train',
        'plane',
        'airplane',
        'jet',
        'ship',
        'boat',
        'bicycle',
        'bike',
        'racecar',
        'vehicle',
        'helicopter',
      ],
      detail: 'glossy reflective paint, precise mechanical details',
      style: 'professional automotive photography',
      lighting: 'dramatic studio lighting with long specular highlights',
      mood: 'sleek metallic tones, dynamic powerful mood',
      composition: 'low three-quarter view, wide-angle lens, subtle motion blur in the background',
    },
  ],
  [
    'product',
    {
      words: [
        'bottle',
        'perfume',
        'watch',
        'shoe',
        'sneaker',
        'product',
        'phone',
        'cup',
        'mug',
        'coffee',
        'cake',
        'food',
        'dish',
        'burger',
        'pizza',
        'dessert',
        'cocktail',
        'drink',
        'jewelry',
        'ring',
        'necklace',
        'bag',
        'logo',
        'packaging',
        'fruit',
        'bread',
        'sushi',
        'salad',
      ],
      detail: 'premium materials and appetising textures, crisp clean edges',
      style: 'high-end commercial product photography',
      lighting: 'softbox studio lighting with gentle highlights and soft shadows',
      mood: 'clean harmonious colours, fresh inviting mood',
      composition: 'centred 45-degree hero shot on a minimal backdrop, macro detail',
    },
  ],
  [
    'city',
    {
      words: [
        'city',
        'street',
        'building',
        'skyline',
        'tower',
        'bridge',
        'house',
        'interior',
        'room',
        'kitchen',
        'cathedral',
        'temple',
        'town',
        'village',
        'alley',
        'market',
        'cafe',
        'library',
        'architecture',
        'skyscraper',
      ],
      detail: 'intricate architectural details, textured surfaces and lived-in elements',
      style: 'architectural photography',
      lighting: 'golden hour light mixed with warm window glow',
      mood: 'balanced warm and cool tones, inviting atmosphere',
      composition: 'wide-angle one-point perspective with strong leading lines',
    },
  ],
  [
    'landscape',
    {
      words: [
        'mountain',
        'forest',
        'lake',
        'ocean',
        'sea',
        'beach',
        'sky',
        'valley',
        'desert',
        'field',
        'river',
        'waterfall',
        'landscape',
        'island',
        'meadow',
        'jungle',
        'canyon',
        'glacier',
        'garden',
        'sunset',
        'clouds',
        'tree',
        'flowers',
        'snow',
        'hills',
        'coast',
      ],
      detail: 'sweeping vista with layered depth from foreground to horizon',
      style: 'breathtaking landscape photography',
      lighting: 'golden hour sunlight with long soft shadows',
      mood: 'vibrant natural colours, serene peaceful mood',
      composition: 'wide-angle shot following the rule of thirds',
    },
  ],
];

const GENERAL: KindRules = {
  words: [],
  detail: 'rich textures and fine details',
  style: 'high-quality digital art',
  lighting: 'soft natural lighting',
  mood: 'harmonious colour palette, inviting mood',
  composition: 'balanced composition following the rule of thirds',
};

/** Words showing the prompt already covers an aspect; when present we add nothing for that aspect. */
const COVERED = {
  style: [
    'photo',
    'photograph',
    'photography',
    'photorealistic',
    'realistic',
    'hyperrealistic',
    'cinematic',
    'anime',
    'manga',
    'cartoon',
    'illustration',
    'painting',
    'painted',
    'oil',
    'watercolor',
    'watercolour',
    'sketch',
    'drawing',
    'pencil',
    'charcoal',
    '3d',
    'render',
    'rendered',
    'pixel',
    'digital art',
    'concept art',
    'vector',
    'low poly',
    'comic',
    'ghibli',
    'pixar',
    'claymation',
    'isometric',
    'line art',
    'ink',
    'pastel drawing',
    'impressionist',
    'surreal',
    'art nouveau',
    'art deco',
    'minimalist',
    'vaporwave',
    'ukiyo-e',
    'style',
  ],
  lighting: [
    'light',
    'lighting',
    'lit',
    'sunlight',
    'sunlit',
    'moonlight',
    'moonlit',
    'neon',
    'glow',
    'glowing',
    'shadow',
    'shadows',
    'backlit',
    'backlight',
    'candlelight',
    'golden hour',
    'blue hour',
    'rim light',
    'illuminated',
    'spotlight',
    'lamp',
    'lantern',
  ],
  mood: [
    'vibrant',
    'pastel',
    'muted',
    'moody',
    'dreamy',
    'serene',
    'dramatic',
    'mysterious',
    'cheerful',
    'gloomy',
    'dark',
    'bright',
    'colorful',
    'colourful',
    'monochrome',
    'black and white',
    'red',
    'orange',
    'yellow',
    'green',
    'blue',
    'purple',
    'pink',
    'teal',
    'gold',
    'golden',
    'silver',
    'warm',
    'cool',
    'cozy',
    'cosy',
    'eerie',
    'peaceful',
    'melancholic',
    'joyful',
    'mood',
    'atmosphere',
    'atmospheric',
  ],
  composition: [
    'close-up',
    'closeup',
    'close up',
    'wide shot',
    'wide-angle',
    'wide angle',
    'aerial',
    "bird's-eye",
    'birds eye',
    'macro',
    'rule of thirds',
    'centered',
    'centred',
    'symmetrical',
    'symmetry',
    'full body',
    'full-body',
    'low angle',
    'high angle',
    'overhead',
    'top-down',
    'top down',
    'panorama',
    'panoramic',
    'portrait shot',
    'lens',
    'mm',
    'depth of field',
    'bokeh',
    'framing',
    'composition',
    'profile view',
    'side view',
    'front view',
  ],
  quality: [
    'detailed',
    'detail',
    '4k',
    '8k',
    'hd',
    'uhd',
    'high resolution',
    'high-resolution',
    'sharp',
    'masterpiece',
    'high quality',
    'high-quality',
    'best quality',
    'award-winning',
    'award winning',
    'ultra',
  ],
} as const;

const TIME_OF_DAY: ReadonlyArray<readonly [readonly string[], string, string]> = [
  [
    ['night', 'midnight', 'nighttime', 'starry', 'stars'],
    'cool moonlight with warm glowing practical lights',
    'deep blues with warm amber accents, mysterious nocturnal mood',
  ],
  [
    ['sunset', 'dusk', 'evening'],
    'warm golden sunset light with long shadows',
    'glowing oranges, pinks and purples, tranquil mood',
  ],
  [
    ['sunrise', 'dawn', 'morning'],
    'soft pastel morning light with light haze',
    'fresh pastel tones, hopeful calm mood',
  ],
  [
    ['rain', 'rainy', 'storm', 'stormy', 'fog', 'foggy', 'mist', 'misty'],
    'diffused overcast light with glistening reflections',
    'desaturated cool tones, moody atmospheric feel',
  ],
  [
    ['winter', 'snow', 'snowy'],
    'crisp cold daylight reflecting off the snow',
    'icy blues and clean whites, quiet serene mood',
  ],
];

const QUALITY = 'highly detailed, sharp focus, high resolution';

const wordPatterns = new Map<string, RegExp>();

function containsWord(text: string, word: string): boolean {
  // Phrases and words with non-letters match as substrings; single words must match whole (so 'cat' ≠ 'category').
  if (!/^[a-z]+$/.test(word)) return text.includes(word);
  let pattern = wordPatterns.get(word);
  if (!pattern) {
    pattern = new RegExp(`\\b${word}s?\\b`);
    wordPatterns.set(word, pattern);
  }
  return pattern.test(text);
}

function mentionsAny(text: string, words: readonly string[]): boolean {
  return words.some((word) => containsWord(text, word));
}

export function classifySubject(text: string): SubjectKind {
  const lower = text.toLowerCase();
  for (const [kind, rules] of KINDS) if (mentionsAny(lower, rules.words)) return kind;
  return 'general';
}

function rulesFor(kind: SubjectKind): KindRules {
  return KINDS.find(([k]) => k === kind)?.[1] ?? GENERAL;
}

/** The user's idea, tidied: single spaces, no trailing full stop, first letter capitalised. */
function tidy(text: string): string {
  const cleaned = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.;,\s]+$/, '');
  return cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
}

export function enhancePromptByRules(text: string): string {
  const base = tidy(text);
  const lower = base.toLowerCase();
  const rules = rulesFor(classifySubject(base));
  const time = TIME_OF_DAY.find(([words]) => mentionsAny(lower, words));

  const additions: string[] = [rules.detail];
  if (!mentionsAny(lower, COVERED.style)) additions.push(rules.style);
  if (!mentionsAny(lower, COVERED.lighting)) additions.push(time?.[1] ?? rules.lighting);
  if (!mentionsAny(lower, COVERED.mood)) additions.push(time?.[2] ?? rules.mood);
  if (!mentionsAny(lower, COVERED.composition)) additions.push(rules.composition);
  if (!mentionsAny(lower, COVERED.quality)) additions.push(QUALITY);

  const fresh = additions.filter((phrase) => !lower.includes(phrase.toLowerCase()));
  return [base, ...fresh].join(', ');
}
