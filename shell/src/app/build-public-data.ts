// Everything the public first paint (landing page, header, footer, loading spinner, page metadata) shows, computed
// from @act/contracts as plain JSON. The shell's build inlines the result (see public-data.ts), so the landing page
// renders without downloading contracts and its schema library; tests compute it at run time.
import {
  ACCOUNT_CONTROL_TEXTS,
  ACCOUNT_DELETED_NOTICE_KEY,
  ACCOUNT_PATH,
  LANGUAGE_TEXTS,
  LOCALE_NAMES,
  LOCALES,
  activeLocale,
  intlLocale,
  withLocale,
  type Locale,
  PAGE_SEO,
  PLANS,
  PRODUCT_NAME,
  PRODUCT_VERSION,
  SESSION_HINT_STORAGE_KEY,
  TOOL_CATEGORIES,
  TOOL_CATEGORY_TEXTS,
  UI_TEXTS,
  formatCost,
  saveDollarsPerYear,
  toolPath,
  toolsInCategory,
  type PlanId,
  type ToolCategory,
  type ToolIcon,
} from '@act/contracts';

export interface PublicTool {
  id: string;
  name: string;
  description: string;
  icon: ToolIcon;
  /** 'Free' or 'N credits'. */
  costLabel: string;
  path: string;
}

export interface PublicPlan {
  id: PlanId;
  name: string;
  monthlyPrice: number;
  yearlyPrice: number;
  /** 'Save $X per year', or null when nothing is saved (free). */
  yearlySavingLabel: string | null;
  creditsLabel: string;
  features: string[];
  popular: boolean;
}

export function buildPublicData() {
  return {
    productName: PRODUCT_NAME,
    locale: activeLocale(),
    /** The Intl locale the landing formats its figures with, without loading contracts. */
    intlLocale: intlLocale(),
    // The footer's switcher: each language by its own name (docs/product-rules.md#languages).
    languages: LOCALES.map((id) => ({ id, name: LOCALE_NAMES[id] })),
    languageLabel: LANGUAGE_TEXTS.label,
    // A string, not the text's function: this object reaches the bundle as JSON (functions would be dropped).
    versionLabel: UI_TEXTS.landing.footer.version(PRODUCT_VERSION),
    sessionHintKey: SESSION_HINT_STORAGE_KEY,
    accountPath: ACCOUNT_PATH,
    seo: { home: PAGE_SEO.home },
    /** The notice the landing page shows once after an account deletion signed the member out. */
    accountDeleted: { key: ACCOUNT_DELETED_NOTICE_KEY, notice: ACCOUNT_CONTROL_TEXTS.deletion.deletedNotice },
    texts: {
      landing: UI_TEXTS.landing,
      pricing: UI_TEXTS.pricing,
      loading: UI_TEXTS.common.loading,
      skipToContent: UI_TEXTS.common.skipToContent,
    },
    categories: TOOL_CATEGORIES.map((category: ToolCategory) => ({
      // The id keys and groups (the same in every language); the name is what the page shows.
      id: category,
      name: TOOL_CATEGORY_TEXTS[category],
      // Dashboard-visible tools: the photo effects reached only through the image hub stay out of the lists.
      tools: toolsInCategory(category)
        .filter((tool) => tool.dashboardVisible)
        .map((tool): PublicTool => ({
          id: tool.id,
          name: tool.name,
          description: tool.description,
          icon: tool.icon,
          costLabel: formatCost(tool.cost),
          path: toolPath(tool.id),
        })),
    })),
    plans: PLANS.map((plan): PublicPlan => ({
      id: plan.id,
      name: plan.name,
      monthlyPrice: plan.monthlyPrice,
      yearlyPrice: plan.yearlyPrice,
      yearlySavingLabel: plan.yearlySaving > 0 ? saveDollarsPerYear(plan.yearlySaving) : null,
      creditsLabel: plan.creditsLabel,
      features: [...plan.features],
      popular: plan.popular,
    })),
  };
}

export type PublicData = ReturnType<typeof buildPublicData>;

/** The public data in every language: the build inlines all of them and the page picks its own (public-data.ts). */
export function buildPublicDataByLocale(): Record<Locale, PublicData> {
  // A JSON copy taken while the language is active: the texts objects are switched in place, so a reference kept
  // past withLocale would read the next language. JSON is also all the build's define keeps.
  const copyIn = (locale: Locale) => withLocale(locale, () => JSON.parse(JSON.stringify(buildPublicData())));
  return Object.fromEntries(LOCALES.map((locale) => [locale, copyIn(locale)])) as Record<Locale, PublicData>;
}
