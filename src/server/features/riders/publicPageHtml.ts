/**
 * The HTML of a rider's public page and of its 404: pure
 * functions of the public profile and its published reviews, with no server-only import, so the
 * page's Storybook stories render the very HTML the server sends. The routes that
 * read the profile and serve these pages are in publicPage.ts.
 */
import { COPYRIGHT_START_YEAR } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { displayDate, NEW_RIDER_REPUTATION, publicProfilePath, type PublicProfile } from '../../../shared/profile';
import { reviewDate, type PublicReview, type PublicReviewsPage } from '../../../shared/publicReviews';
import { formatRating } from '../../../shared/reviews';
import { formatDeliveryRecord } from '../../../shared/deliveries/record';
import { companyPaths, paths } from '../../../shared/routes';
import { site } from '../../../shared/site';
import { escapeHtml } from '../../../shared/html';

/** A tagged template that escapes every interpolated string; arrays are joined; Raw passes through. */
class Raw {
  constructor(readonly html: string) {}
}
type Part = string | number | null | undefined | false | Raw | Part[];
function part(value: Part): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Raw) return value.html;
  if (Array.isArray(value)) return value.map(part).join('');
  return escapeHtml(String(value));
}
function html(strings: TemplateStringsArray, ...values: Part[]): Raw {
  return new Raw(strings.reduce((out, s, i) => out + s + (i < values.length ? part(values[i]!) : ''), ''));
}

/** The page's own styles, with the design tokens of src/web/kit/styles.css (no request, no script). */
const STYLE = `
:root{--brand:#0b6e4f;--brand-dark:#08503a;--accent:#ffb627;--text:#14213d;--muted:#4a5568;--surface:#f4f7f5;--border:#c8d1cc;--radius:10px}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:var(--text);background:var(--surface);line-height:1.5;font-size:16px}
a{color:var(--brand)}
:focus-visible{outline:3px solid var(--brand-dark);outline-offset:2px}
.bar{background:#fff;border-bottom:1px solid var(--border)}
.wrap{max-width:880px;margin:0 auto;padding:0 16px}
.bar .wrap{display:flex;align-items:center;justify-content:space-between;gap:12px;min-height:60px}
.logo{display:inline-flex;align-items:center;gap:8px;min-height:44px;font-weight:800;color:var(--text);text-decoration:none}
.cta{display:inline-flex;align-items:center;min-height:44px;padding:0 16px;border-radius:var(--radius);background:var(--brand);color:#fff;font-weight:600;text-decoration:none}
.cta:hover{background:var(--brand-dark)}
main.wrap{padding-top:24px;padding-bottom:40px}
.card{background:#fff;border:1px solid var(--border);border-radius:var(--radius);padding:20px;margin-bottom:16px}
.head{display:flex;flex-wrap:wrap;align-items:center;gap:16px}
.photo{width:112px;height:112px;border-radius:50%;object-fit:cover;border:3px solid #fff;box-shadow:0 0 0 2px var(--border);background:#d7e6df}
h1{margin:0;font-size:1.75rem;line-height:1.2;overflow-wrap:anywhere}
h2{margin:0 0 12px;font-size:1.25rem}
.intro{margin:4px 0 0;color:var(--muted)}
.badges{display:flex;flex-wrap:wrap;gap:8px;margin:10px 0 0;padding:0;list-style:none}
.badges li{padding:4px 10px;border-radius:999px;background:var(--surface);font-size:.9375rem}
.badges .success{background:#e3f1ea;color:var(--brand-dark);font-weight:700}
dl.facts{display:grid;grid-template-columns:1fr;gap:12px;margin:0}
dl.facts div{padding:12px;border-radius:var(--radius);background:var(--surface)}
dt{font-size:.875rem;color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.bio{white-space:pre-line;margin:0;overflow-wrap:anywhere}
.list{margin:0;padding:0;list-style:none}
.list li{padding:12px 0;border-top:1px solid var(--border)}
.list li:first-child{border-top:0;padding-top:0}
.list strong{display:block;overflow-wrap:anywhere}
.meta{color:var(--muted);font-size:.9375rem}
.empty{color:var(--muted);margin:0}
[hidden]{display:none!important}
.basis{margin:8px 0 0;color:var(--muted);font-size:.9375rem}
.badges .new{background:#eef1f6}
.stars{color:#8a5a00;letter-spacing:1px}
.rv{margin:4px 0 0;white-space:pre-line;overflow-wrap:anywhere}
.reply{margin:8px 0 0 12px;padding-left:12px;border-left:3px solid var(--border)}
.reply p{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.links{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;margin:12px 0 0}
.links a:not(.cta){display:inline-flex;align-items:center;min-height:44px}
footer{padding:24px 0;color:var(--muted);font-size:.875rem;text-align:center}
@media (min-width:640px){dl.facts{grid-template-columns:repeat(2,1fr)}.photo{width:136px;height:136px}h1{font-size:2rem}}
`;

function pageTitle(profile: PublicProfile): string {
  const place = [profile.town, profile.state].filter(Boolean).join(', ');
  return `${profile.display_name}: dispatch rider${place ? ` in ${place}` : ''} | ${site.name}`;
}

const reputationOf = (profile: PublicProfile) => profile.reputation ?? NEW_RIDER_REPUTATION;

/** "92% Job Success · 4.8 from 12 reviews", "New rider · 4.5 from 2 reviews" or "New rider". */
function reputationLine(profile: PublicProfile): string {
  const { job_success: score, review_count: count, rating_average_x100: average } = reputationOf(profile);
  const rating = formatRating(average);
  return [score === null ? messages.newRider : messages.jobSuccessScore(score), rating !== null && count > 0 ? messages.ratingSummary(rating, count) : null]
    .filter(Boolean)
    .join(' · ');
}

/**
 * One line a link preview shows under the name: the score first, so it is never cut off, then
 * the delivery record once there is one ("148 deliveries · 96% on time · 4.8 from 121 ratings").
 */
function previewDescription(profile: PublicProfile): string {
  const facts = [
    profile.total_years_of_experience ? `${profile.total_years_of_experience} years of experience` : null,
    profile.languages_spoken ? `speaks ${profile.languages_spoken}` : null,
    // Only a staff-approved ID is claimed; an unchecked upload is never mentioned.
    profile.id_verified ? 'ID verified' : null,
  ].filter(Boolean);
  const lead = profile.introduction ?? `Dispatch rider on ${site.name}`;
  const record = formatDeliveryRecord(profile.reputation);
  const text = `${reputationLine(profile)}.${record ? ` ${record}.` : ''} ${facts.length ? `${lead}. ${facts.join(', ')}.` : lead}`;
  return text.replace(/\.\./g, '.').slice(0, 200);
}

function years(start: string, end: string | null): string {
  return `${displayDate(start)} – ${end ? displayDate(end) : 'Present'}`;
}

/** The page's one script: served from this origin, as the CSP allows no inline script. */
export const CTA_SCRIPT_PATH = '/riders/assets/cta.js';

const stars = (rating: number) => html`<span class="stars" role="img" aria-label="${messages.reviewStars(rating)}">${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}</span>`;

function reviewItem(review: PublicReview, riderName: string): Raw {
  return html`<li>${stars(review.rating)} <strong>${review.company_name}</strong><div class="meta">${[reviewDate(review.published_at), review.would_hire_again ? messages.reviewWouldHireAgain : null].filter(Boolean).join(' · ')}</div><p class="rv">${review.comment}</p>${
    review.reply ? html`<div class="reply"><div class="meta">${messages.reviewReplyFrom(riderName)}</div><p>${review.reply}</p></div>` : null
  }</li>`;
}

/** The published reviews, 10 a page; "Show more reviews" is a plain link with the next cursor. */
function reviewsSection(profile: PublicProfile, reviews: PublicReviewsPage, paged: boolean): Raw {
  const path = publicProfilePath(profile.username);
  const reputation = reputationOf(profile);
  const rating = formatRating(reputation.rating_average_x100);
  return html`<section class="card" aria-labelledby="reviews">
<h2 id="reviews">${messages.reviewsHeading}</h2>
${rating !== null && reputation.review_count > 0 ? html`<p class="meta"><span aria-hidden="true">★ </span>${messages.ratingSummary(rating, reputation.review_count)}</p>` : null}
${reviews.items.length ? html`<ul class="list">${reviews.items.map((review) => reviewItem(review, profile.display_name))}</ul>` : html`<p class="empty">${messages.noReviewsYet}</p>`}
${
  reviews.next || paged
    ? html`<p class="links">${reviews.next ? html`<a href="${`${path}?cursor=${encodeURIComponent(reviews.next)}#reviews`}">${messages.reviewsShowMore}</a>` : null}${paged ? html`<a href="${`${path}#reviews`}">${messages.reviewsNewest}</a>` : null}</p>`
    : null
}
</section>`;
}

/**
 * Hire this rider. Without JavaScript (and for anyone not signed in as a company): a quote
 * naming the rider, or the company waitlist. cta.js shows "Request this rider" to a company.
 */
function hireSection(profile: PublicProfile): Raw {
  const quote = `${paths.contactUs}?rider=${encodeURIComponent(profile.username)}#quote-title`;
  return html`<section class="card" aria-labelledby="hire">
<h2 id="hire">${messages.hireRider(profile.display_name)}</h2>
<div id="cta-public"><p class="links"><a class="cta" href="${quote}">${messages.hireThisRiderQuote}</a><a href="${paths.companyWaitlist}">${messages.joinCompanyWaitlist}</a></p></div>
<div id="cta-company" hidden><p class="links"><a class="cta" href="${companyPaths.rider(profile.username)}">${messages.requestThisRider}</a></p></div>
</section>`;
}

export function renderPublicProfile(profile: PublicProfile, publicUrl: string, reviews: PublicReviewsPage = { items: [], next: null }, paged = false): string {
  const pageUrl = `${publicUrl}${publicProfilePath(profile.username)}`;
  const photoUrl = profile.picture ? `${pageUrl}/photo.jpg` : null;
  const place = [profile.town, profile.state].filter(Boolean).join(', ');
  const description = previewDescription(profile);
  const title = pageTitle(profile);
  const reputation = reputationOf(profile);
  const record = formatDeliveryRecord(reputation);
  const body = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b6e4f">
<title>${title}</title>
<meta name="description" content="${description}">
<meta name="robots" content="noindex">
<link rel="canonical" href="${pageUrl}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta property="og:type" content="profile">
<meta property="og:site_name" content="${site.name}">
<meta property="og:title" content="${`${profile.display_name} · Dispatch rider${place ? ` in ${place}` : ''}`}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${pageUrl}">
<meta property="profile:username" content="${profile.username}">
${
  photoUrl
    ? html`<meta property="og:image" content="${photoUrl}">
<meta property="og:image:type" content="image/jpeg">
<meta property="og:image:width" content="600">
<meta property="og:image:height" content="600">
<meta property="og:image:alt" content="${`Photo of ${profile.display_name}`}">
<meta name="twitter:card" content="summary">
<meta name="twitter:image" content="${photoUrl}">`
    : html`<meta name="twitter:card" content="summary">`
}
<meta name="twitter:title" content="${profile.display_name}">
<meta name="twitter:description" content="${description}">
<style>${new Raw(STYLE)}</style>
</head>
<body>
<header class="bar"><div class="wrap">
<a class="logo" href="/"><img src="/logo.svg" alt="" width="32" height="32"><span>${site.name}</span></a>
<a class="cta" href="${paths.companyWaitlist}">Hire riders</a>
</div></header>
<main class="wrap" id="main">
<section class="card" aria-labelledby="rider-name">
<div class="head">
<img class="photo" src="${profile.picture ? `/api${profile.picture.url}` : '/avatar.svg'}" alt="${profile.picture ? `Photo of ${profile.display_name}` : ''}" width="136" height="136">
<div>
<h1 id="rider-name">${profile.display_name}</h1>
${profile.introduction ? html`<p class="intro">${profile.introduction}</p>` : null}
<ul class="badges">
${reputation.job_success === null ? html`<li class="new">${messages.newRider}</li>` : html`<li class="success">${messages.jobSuccessScore(reputation.job_success)}</li>`}
${profile.id_verified ? html`<li class="success">${messages.idVerified}</li>` : null}
${place ? html`<li>${place}</li>` : null}
<li>Rider since ${displayDate(profile.member_since)}</li>
</ul>
<p class="basis">${
  reputation.job_success === null ? messages.jobSuccessNewRiderBasis(reputation.reviewed) : messages.jobSuccessBasis(reputation.jobs_counted)
}</p>
${record ? html`<p class="basis record">${record}</p>` : null}
</div>
</div>
</section>
${hireSection(profile)}
<section class="card" aria-labelledby="about">
<h2 id="about">About</h2>
<dl class="facts">
<div><dt>Total experience</dt><dd>${profile.total_years_of_experience ? `${profile.total_years_of_experience} years` : 'Not given'}</dd></div>
<div><dt>Languages</dt><dd>${profile.languages_spoken ?? 'Not given'}</dd></div>
<div><dt>Education</dt><dd>${profile.education ?? 'Not given'}</dd></div>
</dl>
</section>
<section class="card" aria-labelledby="bio">
<h2 id="bio">Bio</h2>
${profile.bio ? html`<p class="bio">${profile.bio}</p>` : html`<p class="empty">No bio found</p>`}
</section>
<section class="card" aria-labelledby="work">
<h2 id="work">Work History</h2>
${
  profile.workHistories.length
    ? html`<ul class="list">${profile.workHistories.map(
        (w) => html`<li><strong>${w.position}</strong> ${w.company_name}<div class="meta">${w.number_of_years} years · ${years(w.start_date, w.end_date)}</div></li>`,
      )}</ul>`
    : html`<p class="empty">No work history found</p>`
}
</section>
<section class="card" aria-labelledby="past">
<h2 id="past">Past Employees</h2>
${
  profile.pastEmployees.length
    ? html`<ul class="list">${profile.pastEmployees.map(
        (e) => html`<li><strong>${e.company_name}</strong><div class="meta">${years(e.start_date, e.end_date)}</div></li>`,
      )}</ul>`
    : html`<p class="empty">No past employees found</p>`
}
</section>
${reviewsSection(profile, reviews, paged)}
</main>
<footer><div class="wrap">© ${COPYRIGHT_START_YEAR}–${new Date().getFullYear()} ${site.name} · <a href="/">${site.tagline}</a> · <a href="${paths.riderSignup}">Become a rider</a></div></footer>
<script src="${CTA_SCRIPT_PATH}" defer></script>
</body>
</html>
`;
  return body.html;
}

export function renderRiderNotFound(): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rider not found | ${site.name}</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${new Raw(STYLE)}</style></head>
<body><header class="bar"><div class="wrap"><a class="logo" href="/"><img src="/logo.svg" alt="" width="32" height="32"><span>${site.name}</span></a></div></header>
<main class="wrap" id="main"><section class="card"><h1>Rider not found</h1><p>There is no rider profile at this address. The link may be mistyped, or the rider may have changed their username or closed their account.</p><p><a href="/">Go to the home page</a></p></section></main>
</body></html>
`.html;
}
