// The tips box of Magic Enhance and Image to Video Prompt.
import { Lightbulb } from 'lucide-react';

export function TipsBox({ title, tips }: { title: string; tips: readonly string[] }) {
  return (
    <aside className="pr-tips" aria-label={title}>
      <h3 className="pr-tips__title">
        <Lightbulb size={16} aria-hidden />
        {title}
      </h3>
      <ul className="pr-tips__list">
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </aside>
  );
}
