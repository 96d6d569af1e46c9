// The two images chosen for comparing, kept in the order they were chosen (the first is left of the divider). A
// third choice drops the oldest, so two stay chosen; an image that leaves the list leaves the choice.
import { useCallback, useMemo, useState } from 'react';

export interface CompareSelection<Image> {
  ids: readonly string[];
  isChosen(id: string): boolean;
  choose(id: string, on: boolean): void;
  clear(): void;
  /** The two chosen images, once both are in `images`. */
  pair: readonly [Image, Image] | null;
}

export function useCompareSelection<Image extends { id: string }>(
  images: readonly Image[],
): CompareSelection<Image> {
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const ids = useMemo(() => chosen.filter((id) => images.some((image) => image.id === id)), [chosen, images]);
  const choose = useCallback((id: string, on: boolean) => {
    setChosen((list) => {
      const without = list.filter((other) => other !== id);
      return on ? [...without, id].slice(-2) : without;
    });
  }, []);
  const clear = useCallback(() => setChosen([]), []);
  const pair = useMemo(() => {
    const [first, second] = ids.map((id) => images.find((image) => image.id === id));
    return first && second ? ([first, second] as const) : null;
  }, [ids, images]);
  return { ids, isChosen: (id) => ids.includes(id), choose, clear, pair };
}
