/** Console screen: built by issue 11's Waitlist work. */
export default function OpsWaitlist() {
  return <h1>Waitlist</h1>;
}
