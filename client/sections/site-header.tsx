import { site } from '../../src/content/site';
import Header from '../islands/header';
import { Island } from '../islands/island';

export function SiteHeader() {
  return (
    <Island
      name="Header"
      component={Header}
      load="eager"
      props={{ brand: site.brand, nav: site.nav, cta: site.hero.cta }}
    />
  );
}
