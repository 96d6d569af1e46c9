// The header on small screens (docs/product-rules.md#screens), where the inline navigation does not fit: a Menu
// button opening Features, Pricing, the tools by category and Sign In (Account for a signed-in member). The button says whether the list is open
// (aria-expanded) and which element it controls; opening moves focus to the first link, Esc closes and gives focus
// back to the button, and focus leaving the list closes it so it never hides the page behind.
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PUBLIC_DATA } from '../../app/public-data';
import './mobile-menu.css';

const N = PUBLIC_DATA.texts.landing.nav;
const CATEGORIES = PUBLIC_DATA.categories;

export function MobileMenu({ member = false }: { member?: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const element = root.current;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
    function onFocusOut(event: FocusEvent) {
      const next = event.relatedTarget as Node | null;
      if (next && !element?.contains(next)) setOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    element?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      element?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div ref={root} className="sh-mobile-menu">
      <button
        ref={button}
        type="button"
        className="sh-mobile-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={N.menu}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? <X size={20} aria-hidden /> : <Menu size={20} aria-hidden />}
      </button>
      <div ref={panel} id={panelId} className="sh-mobile-menu__panel" hidden={!open}>
        <nav aria-label={N.menu}>
          <ul className="sh-mobile-menu__list">
            <li>
              <a className="sh-mobile-menu__link" href="#features" onClick={close}>
                {N.features}
              </a>
            </li>
            <li>
              <a className="sh-mobile-menu__link" href="#pricing" onClick={close}>
                {N.pricing}
              </a>
            </li>
          </ul>
          <h2 className="sh-mobile-menu__heading">{N.toolsByCategory}</h2>
          {CATEGORIES.map((category) => (
            <section key={category.id} aria-label={category.name} className="sh-mobile-menu__category">
              <h3 className="sh-mobile-menu__category-name">{category.name}</h3>
              <ul className="sh-mobile-menu__list">
                {category.tools.map((tool) => (
                  <li key={tool.id}>
                    <Link className="sh-mobile-menu__link" to={tool.path} onClick={close}>
                      {tool.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <ul className="sh-mobile-menu__list">
            <li>
              <Link
                className="sh-mobile-menu__link sh-mobile-menu__link--strong"
                to={member ? PUBLIC_DATA.accountPath : '/auth'}
                onClick={close}
              >
                {member ? N.account : N.signIn}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
