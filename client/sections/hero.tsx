import { site } from '../../src/words/site';
import { PlainText, useSiteContent } from '../site-content';

export function Hero() {
  const { hero } = useSiteContent();
  const { image } = site.hero;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <div className="hero-copy">
          <p className="eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-title">{hero.headline}</h1>
          <p className="lede">
            <PlainText text={hero.lede} />
          </p>
          <a href="/quiz" className="btn btn-cta btn-lg">
            {hero.cta}
          </a>
        </div>
        <div className="hero-art">
          <img src={image} alt={hero.imageAlt} width="640" height="640" fetchPriority="high" />
        </div>
      </div>
    </section>
  );
}
