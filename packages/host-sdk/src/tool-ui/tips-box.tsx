// The tips box beside a tool's form (Magic Enhance, Image to Video Prompt, the photo effects): a titled list of hints.
import { Lightbulb } from 'lucide-react';

export function TipsBox({ title, tips }: { title: string; tips: readonly string[] }) {
  return (
    <aside className="act-tips" aria-label={title}>
      <h3 className="act-tips__title">
        <Lightbulb size={16} aria-hidden />
        {title}
      </h3>
      <ul className="act-tips__list">
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </aside>
  );
}
