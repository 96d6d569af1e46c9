// Maps the catalogue's icon keys (contracts TOOL_ICONS) to lucide icons, so every screen draws a tool the same way.
import {
  AudioLines,
  Baby,
  Brush,
  Brain,
  Clapperboard,
  Columns2,
  Download,
  Globe,
  Hourglass,
  Image,
  Images,
  Laugh,
  Maximize2,
  MessageSquare,
  Mic,
  Music,
  Palette,
  Replace,
  ScanEye,
  Scissors,
  Search,
  Smile,
  SquarePlay,
  Sun,
  Volume2,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';
import type { ToolIcon as ToolIconKey } from '@act/contracts';

const ICONS: Record<ToolIconKey, LucideIcon> = {
  image: Image,
  wand: WandSparkles,
  'scan-eye': ScanEye,
  clapperboard: Clapperboard,
  columns: Columns2,
  'message-square': MessageSquare,
  brain: Brain,
  search: Search,
  globe: Globe,
  palette: Palette,
  images: Images,
  replace: Replace,
  baby: Baby,
  smile: Smile,
  hourglass: Hourglass,
  scissors: Scissors,
  sun: Sun,
  laugh: Laugh,
  volume: Volume2,
  mic: Mic,
  music: Music,
  'audio-lines': AudioLines,
  youtube: SquarePlay,
  download: Download,
  maximize: Maximize2,
  brush: Brush,
};

export interface ToolIconProps {
  icon: ToolIconKey;
  size?: number;
  className?: string;
}

/** Decorative: the tool's name always sits next to it. */
export function ToolIcon({ icon, size = 20, className }: ToolIconProps) {
  const Icon = ICONS[icon];
  return <Icon size={size} className={className} aria-hidden />;
}
