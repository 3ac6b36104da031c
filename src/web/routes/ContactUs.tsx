import { useEffect, useState } from 'react';
import { messages } from '../../shared/messages';
import { businessMessages } from '../../shared/site';
import { ContactLinks } from '../kit/components/Footer';
import { PinIcon } from '../kit/components/Icons';
import { useBusinessFacts } from '../kit/siteFacts/SiteFacts';
import { EnquiryForm } from '../features/enquiries/EnquiryForm';

const d = 0.01;
/** OpenStreetMap's embeddable map, allowed by frame-src in the server's CSP. */
const embedUrl = ({ lat, lon }: { lat: number; lon: number }) =>
  `https://www.openstreetmap.org/export/embed.html?bbox=${lon - d}%2C${lat - d / 2}%2C${lon + d}%2C${lat + d / 2}&layer=mapnik&marker=${lat}%2C${lon}`;
const mapsUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The map loads only when asked for: nothing from a third party holds the page up. */
function OfficeMap({ address, location }: { address: string; location: { lat: number; lon: number } }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="map-box">
      {shown ? (
        <iframe
          className="map-frame"
          title={businessMessages.mapTitle(address)}
          src={embedUrl(location)}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className="map-placeholder">
          <PinIcon />
          <button type="button" className="btn btn-secondary" onClick={() => setShown(true)}>
            Show map
          </button>
          <p className="map-note">The map comes from OpenStreetMap.</p>
        </div>
      )}
    </div>
  );
}

/** ?rider=USERNAME, from a rider's public page: the quote names the rider. */
export function riderQuoteMessage(search: string): string | null {
  const rider = new URLSearchParams(search).get('rider');
  return rider && /^[A-Za-z0-9._-]{1,64}$/.test(rider) ? messages.quoteForRider(rider) : null;
}

export default function ContactUs() {
  // Read after hydration: the page is prerendered without a query.
  const [prefill, setPrefill] = useState<string | null>(null);
  const { address, mapLocation, openingHours } = useBusinessFacts();
  useEffect(() => setPrefill(riderQuoteMessage(window.location.search)), []);
  return (
    <section className="section">
      <div className="container">
        <h1>Contact Us</h1>
        <p className="lead">
          Write to us, or ask for a quote below. Our dispatch desk answers every message within one working day.
        </p>
        <div className="contact-grid">
          <div className="contact-reach">
            <h2>Reach us</h2>
            <ContactLinks />
            {openingHours ? <p className="contact-hours">{businessMessages.openingHours(openingHours)}</p> : null}
          </div>
          <div className="contact-form">
            <EnquiryForm kind="quote" prefillMessage={prefill} />
          </div>
          {address ? (
            <div className="contact-visit">
              <h2>Visit us</h2>
              <address className="contact-address">
                <PinIcon />
                <span>{address}</span>
              </address>
              {mapLocation ? <OfficeMap address={address} location={mapLocation} /> : null}
              <p>
                <a href={mapsUrl(address)} rel="noopener noreferrer">
                  Open in Maps
                </a>
              </p>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
