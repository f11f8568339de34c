/**
 * The hero's, the About portrait's and the quiz's illustrations, each in its box, drawn in the page itself rather
 * than loaded as images: an SVG file shown by <img> is a small document of its own, and on a phone eight times slower
 * its load, layout and paint were one task of 105–125 ms after the first paint (issue 58). Drawn inline, each is
 * painted with its section. Each gradient's id is the page's own (an inline SVG's ids share the document).
 */

/** A sky from top to bottom through `stops` ([offset, colour]), filling a `width` × `height` drawing. */
function Sky({ id, stops, width, height }: { id: string; stops: [string, string][]; width: number; height: number }) {
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          {stops.map(([offset, colour]) => (
            <stop key={offset} offset={offset} stopColor={colour} />
          ))}
        </linearGradient>
      </defs>
      <rect width={width} height={height} fill={`url(#${id})`} />
    </>
  );
}

/** Abstract sunrise over layered teal hills, square (the landing page's hero), in its box. */
export function HeroArt({ label }: { label: string }) {
  return (
    <div className="hero-art">
      <svg viewBox="0 0 640 640" width="640" height="640" role="img" aria-label={label}>
        <Sky
          id="hero-art-sky"
          stops={[
            ['0', '#fff4d1'],
            ['1', '#fbe3a0'],
          ]}
          width={640}
          height={640}
        />
        <circle cx="420" cy="250" r="110" fill="#FAD15A" />
        <circle cx="420" cy="250" r="150" fill="#FAD15A" opacity=".25" />
        <path d="M0 400 C120 330 220 360 320 400 S520 450 640 370 V640 H0Z" fill="#4fa3a0" />
        <path d="M0 470 C140 410 260 450 380 480 S560 500 640 450 V640 H0Z" fill="#008080" />
        <path d="M0 540 C160 500 300 540 420 560 S580 570 640 540 V640 H0Z" fill="#0b3d3d" />
        <g fill="none" stroke="#0b3d3d" strokeWidth="4" strokeLinecap="round">
          <path d="M150 170 q12 -10 24 0 q12 -10 24 0" />
          <path d="M230 130 q9 -8 18 0 q9 -8 18 0" />
        </g>
      </svg>
    </div>
  );
}

/** A winding path through teal hills towards a golden sun, tall; it fills its box as a cover image would. */
export function QuizArt({ label }: { label: string }) {
  return (
    <div className="quiz-art">
      <svg
        viewBox="0 0 720 900"
        width="720"
        height="900"
        preserveAspectRatio="xMidYMid slice"
        role="img"
        aria-label={label}
      >
        <Sky
          id="quiz-art-sky"
          stops={[
            ['0', '#fff4d1'],
            ['.55', '#f6dfa0'],
            ['1', '#e6f2f1'],
          ]}
          width={720}
          height={900}
        />
        <circle cx="520" cy="260" r="120" fill="#FAD15A" />
        <path d="M0 520 C160 440 300 500 420 540 S640 560 720 500 V900 H0Z" fill="#4fa3a0" />
        <path d="M0 640 C180 580 320 640 470 660 S660 650 720 620 V900 H0Z" fill="#008080" />
        <path d="M0 760 C200 720 360 770 520 790 S680 780 720 760 V900 H0Z" fill="#0b3d3d" />
        <path
          d="M360 900 C340 820 420 760 380 700 S330 620 420 560 S520 500 510 430"
          fill="none"
          stroke="#fbf8f2"
          strokeWidth="14"
          strokeLinecap="round"
          strokeDasharray="2 26"
        />
      </svg>
    </div>
  );
}

/** An illustrated portrait (the About section); public/images/portrait.svg is the same drawing, for the page's data. */
export function PortraitArt({ label }: { label: string }) {
  return (
    <div className="about-art">
      <svg viewBox="0 0 480 560" width="480" height="560" role="img" aria-label={label}>
        <rect width="480" height="560" fill="#e6f2f1" />
        <circle cx="380" cy="110" r="70" fill="#FAD15A" opacity=".7" />
        <path d="M60 560 C70 420 150 360 240 360 S410 420 420 560Z" fill="#008080" />
        <path d="M200 330 h80 v50 c0 20 -80 20 -80 0z" fill="#c98f6b" />
        <ellipse cx="240" cy="250" rx="78" ry="92" fill="#d9a07c" />
        <path
          d="M160 250 C150 150 210 130 250 135 C320 140 340 200 325 270 C320 220 300 190 250 185 C200 190 175 210 160 250Z"
          fill="#2b1d16"
        />
        <path d="M158 250 C140 330 150 380 190 400 C175 340 170 290 178 250Z" fill="#2b1d16" />
        <path d="M322 250 C340 330 330 380 290 400 C305 340 310 290 302 250Z" fill="#2b1d16" />
        <circle cx="212" cy="255" r="6" fill="#2b1d16" />
        <circle cx="268" cy="255" r="6" fill="#2b1d16" />
        <path d="M218 295 q22 16 44 0" stroke="#8a4b3a" strokeWidth="5" fill="none" strokeLinecap="round" />
      </svg>
    </div>
  );
}
