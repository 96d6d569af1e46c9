// `?from=` for a page whose input is one image upload (the image prompt tools, the photo effects): the member's stored
// image goes into the upload as if they had picked it (useFromItem).
import type { ToolHost } from '../tool-host';
import type { ImageUpload } from '../tool-ui/use-image-upload';
import { useFromItem, type FromItemState } from './use-from-item';

export function useImageFromItem(host: ToolHost, upload: Pick<ImageUpload, 'select'>): FromItemState {
  return useFromItem(host, (fill) => {
    if (fill.file) void upload.select(fill.file);
  });
}
