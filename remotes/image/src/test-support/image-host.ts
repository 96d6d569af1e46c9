// What the image page tests share: gallery images as the service lists them, the routes of the image service on
// host-sdk's routed test host (status, gallery pages by cursor, favourite, delete, the streamed generation), and an
// IntersectionObserver the test drives (happy-dom lays nothing out, so the gallery's end never comes into sight
// by itself).
import { vi } from 'vitest';
import type { GalleryImage, TextToImageStreamEvent } from '@act/contracts';
import { createRoutedTestHost, fakeEventStream, json, type RecordedRequest } from '@act/host-sdk/testing';

export const ROUTES = {
  status: 'GET /api/image/status',
  images: 'GET /api/image/text-to-image/images',
  generate: 'POST /api/image/text-to-image/generate-image',
  boards: 'GET /api/image/boards',
  results: 'GET /api/image/generated-images',
} as const;
export const IMAGES_PATH = '/api/image/text-to-image/images';

export function imageId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** Gallery image n (n = 1 is the newest in the tests' lists). */
export function galleryImage(n: number, overrides: Partial<GalleryImage> = {}): GalleryImage {
  const id = imageId(n);
  return {
    id,
    image_path: `/api/image/files/owner/${id}.png?exp=1&sig=full${n}`,
    thumbnail_path: `/api/image/files/owner/${id}.thumb.webp?exp=1&sig=thumb${n}`,
    download_path: `/api/image/files/owner/${id}.png?exp=1&sig=dl${n}&download=1`,
    positive_prompt: `prompt number ${n}`,
    negative_prompt: null,
    model_name: 'imagen-4-preview',
    style: 'photorealistic',
    aspect_ratio: 'square',
    image_format: 'png',
    seed: 1000 + n,
    width: 1024,
    height: 1024,
    favourite: false,
    created_at: new Date(Date.UTC(2026, 0, 1, 12, 0, 60 - n)).toISOString(),
    ...overrides,
  };
}

export function galleryReply(images: GalleryImage[], nextCursor: string | null = null) {
  return json({ success: true, images, nextCursor });
}

/** The query of a recorded request as a plain object. */
export function queryOf(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
}

export function imageRoute(method: 'PATCH' | 'DELETE', id: string): string {
  return `${method} ${IMAGES_PATH}/${id}`;
}

export function setupImageHost(
  options: {
    credits?: number;
    available?: boolean;
    /** The gallery's pages by cursor ('' = the first page). */
    pages?: Record<string, { images: GalleryImage[]; next: string | null }>;
  } = {},
) {
  const test = createRoutedTestHost({ toolId: 'text-to-image', credits: options.credits });
  test.on(ROUTES.status, () => json({ success: true, available: options.available ?? true }));
  const pages = options.pages ?? { '': { images: [], next: null } };
  test.on(ROUTES.images, (request) => {
    const page = pages[queryOf(request).cursor ?? ''];
    return page ? galleryReply(page.images, page.next) : galleryReply([]);
  });
  // The member's boards (docs/product-rules.md#image-boards): none unless a test routes its own.
  test.on(ROUTES.boards, () => json({ success: true, boards: [] }));
  test.on(ROUTES.results, () => json({ success: true, images: [], hasMore: false }));
  const stream = fakeEventStream<TextToImageStreamEvent>();
  test.on(ROUTES.generate, () => stream.response);
  return { ...test, stream, galleryRequests: () => test.requestsTo('GET', IMAGES_PATH) };
}

/** A stand-in IntersectionObserver: `near()` tells every observed element that it came into sight. */
export function installFakeIntersectionObserver() {
  const observers = new Set<FakeObserver>();
  class FakeObserver {
    readonly targets = new Set<Element>();
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options: IntersectionObserverInit = {},
    ) {
      observers.add(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** The list's end comes within the threshold of sight. */
    near() {
      for (const observer of [...observers]) {
        const entries = [...observer.targets].map(
          (target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry,
        );
        if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    },
    /** The rootMargin of every observer watching now. */
    rootMargins: () => [...observers].map((observer) => observer.options.rootMargin),
  };
}
