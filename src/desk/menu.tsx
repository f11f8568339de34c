import { desk } from '../words/desk';
import { deskMenu } from './menu-words';

interface Area {
  name: string;
  href: string;
  label: string;
}

function Links(props: { areas: readonly Area[]; current: string; exportHref: string }) {
  return (
    <ul className="desk-menu-links">
      {props.areas.map((area) => (
        <li key={area.name}>
          <a href={area.href} aria-current={props.current === area.name ? 'page' : undefined}>
            {area.label}
          </a>
        </li>
      ))}
      <li>
        <a href={props.exportHref}>{desk.nav.export}</a>
      </li>
    </ul>
  );
}

/**
 * Every desk section one tap away, without a script. On a phone a "Menu" button (a `<details>`, naming the section
 * the owner is on) opens all of them in a grid; on a wider screen they are all in a row. The two lists are the same
 * links, and the stylesheet shows one of them at each width (client/styles/desk/desk-menu.css).
 */
export function DeskMenu(props: { areas: readonly Area[]; current: string; exportHref: string }) {
  const here = props.areas.find((area) => area.name === props.current);
  return (
    <nav className="desk-menu" aria-label={deskMenu.label}>
      <details className="desk-menu-phone">
        <summary>
          <span className="desk-menu-icon" aria-hidden="true" />
          {deskMenu.open}
          {here && <span className="desk-menu-here"> {deskMenu.here(here.label)}</span>}
        </summary>
        <Links {...props} />
      </details>
      <div className="desk-menu-wide">
        <Links {...props} />
      </div>
    </nav>
  );
}
