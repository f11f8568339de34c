import { site } from '../../src/content/site';
import { EnquiryButton } from './enquiry-button';

export function Programs() {
  const { programs } = site;
  return (
    <section id="programs" className="section programs" aria-labelledby="programs-title">
      <div className="container">
        <header className="section-head">
          <h2 id="programs-title">{programs.heading}</h2>
          <p>{programs.intro}</p>
        </header>
        <ul className="program-grid">
          {programs.cards.map((card, i) => (
            <li key={card.title} className="card program-card">
              <span className="program-index" aria-hidden="true">
                0{i + 1}
              </span>
              <h3>{card.title}</h3>
              <p>{card.description}</p>
              <ul className="ticks">
                {card.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <div className="center">
          <EnquiryButton label={programs.cta} />
        </div>
      </div>
    </section>
  );
}
