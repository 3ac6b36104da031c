/**
 * The home page's hero: Lagos dispatch at a glance: a rider on a dispatch motorbike
 * with a box, a yellow danfo, the Third Mainland Bridge over the lagoon and the island's towers,
 * in the design tokens' colours. Inline (about 3 kB, no request), so the prerendered HTML holds
 * it and an inline SVG is never the page's largest paint: that stays the heading's text.
 */
import './illustrations.css';

export function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 320 200" width="320" height="200" aria-hidden="true" focusable="false">
      <circle cx="262" cy="44" r="22" fill="#ffb627" opacity=".35"/>
      <g fill="#c8d1cc"><path d="M14 122V78h20v44zM38 122V58h16v64zM58 122V86h24v36zM186 122V34h18v88zM194 34V18h2v16zM208 122V62h24v60zM236 122V80h18v42zM258 122V66h22v56zM284 122V90h26v32z"/></g>
      <g fill="#f4f7f5" opacity=".9"><path d="M42 66h3v4h-3zm6 0h3v4h-3zm-6 10h3v4h-3zm6 0h3v4h-3zM190 44h3v4h-3zm7 0h3v4h-3zm-7 12h3v4h-3zm7 0h3v4h-3zm-7 12h3v4h-3zm7 0h3v4h-3zM213 70h3v4h-3zm7 0h3v4h-3zm-7 12h3v4h-3zm7 0h3v4h-3z"/></g>
      <path d="M0 124h320" stroke="#4a5568" strokeWidth="5"/>
      <path d="M10 134h310" stroke="#4a5568" strokeWidth="16" strokeDasharray="3 27"/>
      <rect y="142" width="320" height="18" fill="#0b6e4f" opacity=".14"/>
      <path d="M16 150h22m30 4h26m90-4h30m40 3h24" stroke="#0b6e4f" strokeWidth="2" strokeLinecap="round" opacity=".4"/>
      <rect y="184" width="320" height="16" fill="#14213d"/>
      <path d="M8 192h300" stroke="#ffb627" strokeWidth="2" strokeDasharray="14 12"/>
      <path d="M16 184v-38q0-10 10-10h80q8 0 12 8l12 24v16z" fill="#ffb627" stroke="#14213d" strokeWidth="3" strokeLinejoin="round"/>
      <path d="M16 164h114M16 170h114" stroke="#14213d" strokeWidth="3"/>
      <path d="M26 142h16v14H26zm22 0h16v14H48zm22 0h16v14H70zm22 0h14l6 14H92z" fill="#f4f7f5" stroke="#14213d" strokeWidth="2"/>
      <circle cx="40" cy="184" r="10" fill="#14213d"/><circle cx="106" cy="184" r="10" fill="#14213d"/>
      <circle cx="40" cy="184" r="3" fill="#c8d1cc"/><circle cx="106" cy="184" r="3" fill="#c8d1cc"/>
      <path d="M150 120h14m-20 10h18m-12 10h14" stroke="#4a5568" strokeWidth="3" strokeLinecap="round"/>
      <rect x="168" y="110" width="38" height="34" rx="3" fill="#0b6e4f"/>
      <path d="M168 124h38M187 110v14" stroke="#ffb627" strokeWidth="3"/>
      <path d="M170 148h44M196 172h-22" stroke="#4a5568" strokeWidth="4" strokeLinecap="round"/>
      <path d="M190 176l14-26h44l18 26" fill="none" stroke="#14213d" strokeWidth="5" strokeLinejoin="round"/>
      <path d="M204 172h34l12-22h-42z" fill="#14213d"/>
      <path d="M206 146h40l8-8" fill="none" stroke="#14213d" strokeWidth="9" strokeLinecap="round" strokeLinejoin="round"/>
      <path d="M256 128l10 48" stroke="#14213d" strokeWidth="5" strokeLinecap="round"/>
      <path d="M252 164a15 15 0 0 1 28 4" fill="none" stroke="#14213d" strokeWidth="4"/>
      <circle cx="262" cy="136" r="5" fill="#ffb627" stroke="#14213d" strokeWidth="2"/>
      <path d="M250 126h14" stroke="#14213d" strokeWidth="4" strokeLinecap="round"/>
      <circle cx="190" cy="176" r="13" fill="#f4f7f5" stroke="#14213d" strokeWidth="5"/>
      <circle cx="266" cy="176" r="13" fill="#f4f7f5" stroke="#14213d" strokeWidth="5"/>
      <path d="M226 104l-4 34" stroke="#08503a" strokeWidth="13" strokeLinecap="round"/>
      <path d="M228 112l24 14" stroke="#08503a" strokeWidth="6" strokeLinecap="round"/>
      <path d="M222 138h18l4 20" fill="none" stroke="#14213d" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round"/>
      <circle cx="229" cy="92" r="11" fill="#ffb627" stroke="#14213d" strokeWidth="2"/>
      <path d="M232 88h9v7h-7z" fill="#14213d"/>
    </svg>
  );
}
