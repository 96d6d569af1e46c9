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
  const [active, setActive] = useState(CATEGORIES[0]?.name ?? '');
  const tools = CATEGORIES.find((category) => category.name === active)?.tools ?? [];

  return (
    <NavigationMenu.Item>
      <NavigationMenu.Trigger className="sh-nav__link sh-nav__trigger">
        {PUBLIC_DATA.texts.landing.nav.tools}
        <ChevronDown size={14} aria-hidden className="sh-nav__chevron" />
      </NavigationMenu.Trigger>
      <NavigationMenu.Content className="sh-tools-menu">
        <ul className="sh-tools-menu__categories" aria-label="Tool categories">
          {CATEGORIES.map(({ name }) => (
            <li key={name}>
              <button
                type="button"
                className="sh-tools-menu__category"
                data-active={name === active || undefined}
                aria-pressed={name === active}
                onMouseEnter={() => setActive(name)}
                onFocus={() => setActive(name)}
                onClick={() => setActive(name)}
              >
                {name}
                <ChevronRight size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <ul className="sh-tools-menu__tools" aria-label={`${active} tools`}>
          {tools.map((tool) => (
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
