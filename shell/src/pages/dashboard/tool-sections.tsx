// Tool cards grouped by category (docs/product-rules.md#screens), with the hub-only photo effects hidden.
import {
  TOOL_CATEGORIES,
  TOOL_CATEGORY_TEXTS,
  toolsInCategory,
  type Tool,
  type ToolId,
} from '@act/contracts';
import { ToolCard } from './tool-card';
import { dashboardTools } from './tool-card-state';
import './tool-sections.css';

export interface ToolSectionsProps {
  credits: number;
  processingToolId: ToolId | null;
  onOpen(tool: Tool): void;
}

export function ToolSections({ credits, processingToolId, onOpen }: ToolSectionsProps) {
  return (
    <div className="sh-tool-sections">
      {TOOL_CATEGORIES.map((category) => {
        const tools = dashboardTools(toolsInCategory(category));
        // From the category's id, not its displayed name: the same in every language.
        const headingId = `category-${category.toLowerCase().replace(/[^a-z]+/g, '-')}`;
        return (
          <section key={category} className="sh-tool-section" aria-labelledby={headingId}>
            <h2 id={headingId} className="sh-tool-section__title">
              {TOOL_CATEGORY_TEXTS[category]}
            </h2>
            <div className="sh-tool-grid">
              {tools.map((tool) => (
                <ToolCard
                  key={tool.id}
                  tool={tool}
                  credits={credits}
                  processing={processingToolId === tool.id}
                  busy={processingToolId !== null}
                  onOpen={onOpen}
                />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
