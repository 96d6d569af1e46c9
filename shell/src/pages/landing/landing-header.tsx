// Landing header (docs/product-rules.md#screens): Features, Pricing, the Tools menu and Sign In (Account for a
// signed-in member); the button leads to sign-up. On small screens the inline links give way to the Menu button
// (mobile-menu.tsx), which offers the same.
import { NavigationMenu } from 'radix-ui';
import { PUBLIC_DATA } from '../../app/public-data';
import { BrandLogo } from '../../components/brand-logo';
import { LinkButton } from '../../components/link-button';
import { MobileMenu } from './mobile-menu';
import { ToolsMenu } from './tools-menu';
import { useLandingMember } from './use-landing-member';
import './site-header.css';

const L = PUBLIC_DATA.texts.landing;
const N = L.nav;

export function LandingHeader() {
  const member = useLandingMember();
  return (
    <header className="sh-site-header">
      <div className="sh-container sh-site-header__inner">
        <BrandLogo />
        <NavigationMenu.Root className="sh-nav" aria-label={N.main}>
          <NavigationMenu.List className="sh-nav__list">
            <NavigationMenu.Item>
              <NavigationMenu.Link asChild>
                <a className="sh-nav__link" href="#features">
                  {N.features}
                </a>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Link asChild>
                <a className="sh-nav__link" href="#pricing">
                  {N.pricing}
                </a>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
            <ToolsMenu />
          </NavigationMenu.List>
          <div className="sh-nav__viewport-anchor">
            <NavigationMenu.Viewport className="sh-nav__viewport" />
          </div>
        </NavigationMenu.Root>
        <div className="sh-site-header__actions">
          {member ? (
            <LinkButton to={PUBLIC_DATA.accountPath} variant="ghost">
              {N.account}
            </LinkButton>
          ) : (
            <LinkButton to="/auth" variant="ghost">
              {N.signIn}
            </LinkButton>
          )}
          <LinkButton to="/auth?signup=true" className="sh-site-header__cta">
            {L.getStartedFree}
          </LinkButton>
          <MobileMenu member={member} />
        </div>
      </div>
    </header>
  );
}
