// Everything the public first paint (landing page, header, footer, loading spinner, page metadata) shows, computed
// from @act/contracts as plain JSON. The shell's build inlines the result (see public-data.ts), so the landing page
// renders without downloading contracts and its schema library; tests compute it at run time.
import {
  ACCOUNT_PATH,
  PAGE_SEO,
  PLANS,
  PRODUCT_NAME,
  PRODUCT_VERSION,
  SESSION_HINT_STORAGE_KEY,
  TOOL_CATEGORIES,
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
    // A string, not the text's function: this object reaches the bundle as JSON (functions would be dropped).
    versionLabel: UI_TEXTS.landing.footer.version(PRODUCT_VERSION),
    sessionHintKey: SESSION_HINT_STORAGE_KEY,
    accountPath: ACCOUNT_PATH,
    seo: { home: PAGE_SEO.home },
    texts: {
      landing: UI_TEXTS.landing,
      pricing: UI_TEXTS.pricing,
      loading: UI_TEXTS.common.loading,
      skipToContent: UI_TEXTS.common.skipToContent,
    },
    categories: TOOL_CATEGORIES.map((category: ToolCategory) => ({
      name: category,
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
