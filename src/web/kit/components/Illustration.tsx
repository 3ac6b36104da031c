/**
 * The site's small illustrations, drawn in the design tokens' colours: static SVG
 * files of 1–2 kB in public/illustrations (cached, compressed, never in a script), shown with
 * their width and height so nothing moves when they arrive. They are decorative (alt=""): the
 * text beside each says what it means. The home page's hero is inline instead (HeroArt.tsx).
 */
import './illustrations.css';

export const illustrations = {
  /** An empty parcel box and a dotted route to a pin: a list with nothing in it yet. */
  emptyList: { file: 'empty-list.svg', width: 160, height: 120 },
  /** A rider on a dispatch motorbike with a box, a flag and a tick: sign-up's last step. */
  signupDone: { file: 'signup-done.svg', width: 200, height: 140 },
  /** A Lagos shopfront with parcels and a yellow danfo at the kerb: the company pages. */
  company: { file: 'company.svg', width: 200, height: 140 },
  /** A yellow road sign with a question mark and a rider short of a grey pin: 404. */
  notFound: { file: 'not-found.svg', width: 200, height: 140 },
} as const;

export type IllustrationName = keyof typeof illustrations;

export function Illustration({ name, className }: { name: IllustrationName; className?: string }) {
  const { file, width, height } = illustrations[name];
  return (
    <img
      className={className ? `illustration ${className}` : 'illustration'}
      src={`/illustrations/${file}`}
      width={width}
      height={height}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}
