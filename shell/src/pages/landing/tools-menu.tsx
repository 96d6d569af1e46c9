// The header's hover Tools menu (docs/product-rules.md#screens): categories on the left; hovering (or focusing) one
// lists its tools with name, description and cost or Free; clicking a tool opens /tools/{id}.
import { NavigationMenu } from 'radix-ui';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ToolIcon } from '@act/host-sdk/tool-icon';
import { PUBLIC_DATA } from '../../app/public-data';
import './tools-menu.css';

const CATEGORIES = PUBLIC_DATA.categories;

export function ToolsMenu() {
  const [active, setActive] = useState(CATEGORIES[0]?.id ?? '');
  const activeCategory = CATEGORIES.find((category) => category.id === active);

  return (
    <NavigationMenu.Item>
      <NavigationMenu.Trigger className="sh-nav__link sh-nav__trigger">
        {PUBLIC_DATA.texts.landing.nav.tools}
        <ChevronDown size={14} aria-hidden className="sh-nav__chevron" />
      </NavigationMenu.Trigger>
      <NavigationMenu.Content className="sh-tools-menu">
        <ul className="sh-tools-menu__categories" aria-label={PUBLIC_DATA.texts.landing.nav.toolCategories}>
          {CATEGORIES.map(({ id, name }) => (
            <li key={id}>
              <button
                type="button"
                className="sh-tools-menu__category"
                data-active={id === active || undefined}
                aria-pressed={id === active}
                onMouseEnter={() => setActive(id)}
                onFocus={() => setActive(id)}
                onClick={() => setActive(id)}
              >
                {name}
                <ChevronRight size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        {/* Named by its category: the list holds that category's tools. */}
        <ul className="sh-tools-menu__tools" aria-label={activeCategory?.name}>
          {(activeCategory?.tools ?? []).map((tool) => (
            <li key={tool.id}>
              <NavigationMenu.Link asChild>
                <Link to={tool.path} className="sh-tools-menu__tool">
                  <span className="sh-tools-menu__icon">
                    <ToolIcon icon={tool.icon} size={18} />
                  </span>
                  <span className="sh-tools-menu__text">
                    <span className="sh-tools-menu__name">
                      {tool.name}
                      <span className="sh-tools-menu__cost">{tool.costLabel}</span>
                    </span>
                    <span className="sh-tools-menu__description">{tool.description}</span>
                  </span>
                </Link>
              </NavigationMenu.Link>
            </li>
          ))}
        </ul>
      </NavigationMenu.Content>
    </NavigationMenu.Item>
  );
}
