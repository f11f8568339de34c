import { site } from '../../src/content/site';

/** Listen (#listen): the podcast block. */
export function Listen() {
  const { listen } = site;
  return (
    <section id="listen" className="section listen" aria-labelledby="listen-title">
      <div className="container">
        <header className="section-head">
          <h2 id="listen-title">{listen.heading}</h2>
          <p>{listen.intro}</p>
        </header>
        <a className="btn btn-outline" href={listen.showUrl} target="_blank" rel="noopener noreferrer">
          {listen.explore}
        </a>
      </div>
    </section>
  );
}
