import { HeroArt } from '../components/art';
import { PlainText, useSiteContent } from '../site-content';

export function Hero() {
  const { hero } = useSiteContent();
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
        <HeroArt label={hero.imageAlt} />
      </div>
    </section>
  );
}
