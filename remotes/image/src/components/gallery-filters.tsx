// The gallery's header: its title, the search by prompt (server-side, after a pause in typing), the model filter and
// Favourites only; and the board shown (docs/product-rules.md#image-boards). useGalleryFilters keeps the choices and
// the filters the server is asked with.
import { useMemo, useState } from 'react';
import { Heart, Search } from 'lucide-react';
import { IMAGE_MODELS, UI_TEXTS, type ImageModelId } from '@act/contracts';
import { Button, Select, TextField } from '@act/host-sdk';
import type { GalleryFilters } from '../api/image-api';
import { useDebounced } from '../hooks/use-debounced';

const T = UI_TEXTS.textToImage;
/** The search waits for a pause in typing before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const ALL_MODELS = 'all';
type ModelFilter = ImageModelId | typeof ALL_MODELS;
const MODEL_FILTER_OPTIONS = [
  { value: ALL_MODELS as ModelFilter, label: T.allModels },
  ...IMAGE_MODELS.map((m) => ({ value: m.id as ModelFilter, label: m.label })),
];

export interface GalleryFilterState {
  search: string;
  setSearch(search: string): void;
  model: ModelFilter;
  setModel(model: ModelFilter): void;
  favourites: boolean;
  toggleFavourites(): void;
  board: string | null;
  setBoard(board: string | null): void;
  /** What the server is asked for: the search once typing pauses. */
  filters: GalleryFilters;
}

export function useGalleryFilters(): GalleryFilterState {
  const [search, setSearch] = useState('');
  const [model, setModel] = useState<ModelFilter>(ALL_MODELS);
  const [favourites, setFavourites] = useState(false);
  const [board, setBoard] = useState<string | null>(null);
  const q = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const filters: GalleryFilters = useMemo(
    () => ({ q, model: model === ALL_MODELS ? null : model, favourites, board }),
    [q, model, favourites, board],
  );
  const toggleFavourites = () => setFavourites((on) => !on);
  return { search, setSearch, model, setModel, favourites, toggleFavourites, board, setBoard, filters };
}

export function GalleryHeader({ state }: { state: GalleryFilterState }) {
  return (
    <div className="img-gallery__header">
      <h2 className="img-gallery__title">{T.galleryTitle}</h2>
      <div className="img-gallery__filters">
        <TextField
          label={<span className="act-sr-only">{T.gallerySearch}</span>}
          type="search"
          placeholder={T.gallerySearch}
          value={state.search}
          onChange={(event) => state.setSearch(event.target.value)}
          className="img-gallery__search"
        />
        <Search size={16} aria-hidden className="img-gallery__search-icon" />
        <Select<ModelFilter>
          label={T.modelFilterLabel}
          hideLabel
          value={state.model}
          onValueChange={state.setModel}
          options={MODEL_FILTER_OPTIONS}
          className="img-gallery__model"
        />
        <Button
          variant={state.favourites ? 'primary' : 'outline'}
          aria-pressed={state.favourites}
          onClick={state.toggleFavourites}
        >
          <Heart size={16} aria-hidden fill={state.favourites ? 'currentColor' : 'none'} />
          {T.favouritesOnly}
        </Button>
      </div>
    </div>
  );
}
