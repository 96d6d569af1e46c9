// The texts inside the tool, plan and option tables (tool descriptions and page titles, plan credit lines and
// features, the tools' option labels), as objects keyed by id whose values are the tables' own rows, so a catalogue
// keyed the same way rewrites the rows in place (docs/architecture.md#languages). Tool and plan names, and model
// names, are product names and stay as they are.
import {
  ANALYSIS_TASKS,
  ASPECT_RATIOS,
  CAMERA_MOTIONS,
  IMAGE_STYLES,
  VIDEO_STYLES,
  type AnalysisTask,
  type AspectRatio,
  type CameraMotion,
  type ImageStyle,
  type Option,
  type VideoStyle,
} from '../options';
import { PLANS, type PlanId } from '../plans';
import { TOOLS, type ToolId } from '../tools';

function rowsById(rows: readonly { id: string }[]): Record<string, object> {
  return Object.fromEntries(rows.map((row) => [row.id, row]));
}

export const TOOL_ROWS = rowsById(TOOLS);
export const PLAN_ROWS = rowsById(PLANS);
/** The option lists a tool's form shows, each keyed by option id. */
export const OPTION_ROWS = {
  analysisTasks: rowsById(ANALYSIS_TASKS),
  cameraMotions: rowsById(CAMERA_MOTIONS),
  videoStyles: rowsById(VIDEO_STYLES),
  imageStyles: rowsById(IMAGE_STYLES),
  aspectRatios: rowsById(ASPECT_RATIOS),
};

/** What a language translates of each tool: its card and menu text and its page's <title> and meta description. */
export type ToolTexts = Readonly<
  Record<ToolId, { readonly description: string; readonly seoTitle: string; readonly seoDescription: string }>
>;
/** What a language translates of each plan. */
export type PlanTexts = Readonly<
  Record<PlanId, { readonly creditsLabel: string; readonly features: readonly string[] }>
>;
type Labels<Id extends string> = Readonly<Record<Id, { readonly label: string }>>;
/** What a language translates of each option list: every option's label (ids, ratios and sizes stay). */
export interface OptionTexts {
  readonly analysisTasks: Labels<AnalysisTask>;
  readonly cameraMotions: Labels<CameraMotion>;
  readonly videoStyles: Labels<VideoStyle>;
  readonly imageStyles: Labels<ImageStyle>;
  readonly aspectRatios: Labels<AspectRatio>;
}

/** The English tool, plan and option texts, in the catalogues' shape (for the key-walk test). */
export function englishToolTexts(): ToolTexts {
  return Object.fromEntries(
    TOOLS.map((tool) => [
      tool.id,
      { description: tool.description, seoTitle: tool.seoTitle, seoDescription: tool.seoDescription },
    ]),
  ) as unknown as ToolTexts;
}
export function englishPlanTexts(): PlanTexts {
  return Object.fromEntries(
    PLANS.map((plan) => [plan.id, { creditsLabel: plan.creditsLabel, features: [...plan.features] }]),
  ) as unknown as PlanTexts;
}
export function englishOptionTexts(): OptionTexts {
  const labels = (rows: readonly Option<string>[]) =>
    Object.fromEntries(rows.map((row) => [row.id, { label: row.label }]));
  return {
    analysisTasks: labels(ANALYSIS_TASKS),
    cameraMotions: labels(CAMERA_MOTIONS),
    videoStyles: labels(VIDEO_STYLES),
    imageStyles: labels(IMAGE_STYLES),
    aspectRatios: labels(ASPECT_RATIOS),
  } as unknown as OptionTexts;
}
