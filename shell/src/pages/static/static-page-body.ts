// A static page's prose in one language: the intro under its title and its sections. Each page lists its bodies
// as a StaticPageBodies record keyed by every Locale, so adding a language to LOCALES fails the typecheck until each
// page has a body in it (docs/architecture.md#languages).
import type { ComponentType } from 'react';
import type { Locale } from '@act/contracts';

export interface StaticPageBody {
  Intro: ComponentType;
  Sections: ComponentType;
}

export type StaticPageBodies = Readonly<Record<Locale, StaticPageBody>>;
