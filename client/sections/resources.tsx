import { site } from '../../src/content/site';

/** Resources (#resources): topic playlists. The interactive tabs arrive with the feeds work. */
export function Resources() {
  return (
    <section id="resources" className="section resources" aria-labelledby="resources-title">
      <div className="container">
        <header className="section-head">
          <h2 id="resources-title">{site.resources.heading}</h2>
          <p>{site.resources.intro}</p>
        </header>
        <p className="muted" role="status">
          {site.resources.loading}
        </p>
      </div>
    </section>
  );
}
