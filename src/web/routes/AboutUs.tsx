import { Placeholder } from './Placeholder';

export default function AboutUs() {
  return <Placeholder title="About Us" />;
}
