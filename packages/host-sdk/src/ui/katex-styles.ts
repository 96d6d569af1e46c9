// KaTeX's styles and fonts, bundled with the app (no CDN); loaded with the maths (math.ts).
import 'katex/dist/katex.min.css';
