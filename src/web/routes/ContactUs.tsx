import { Placeholder } from './Placeholder';

export default function ContactUs() {
  return <Placeholder title="Contact Us" />;
}
