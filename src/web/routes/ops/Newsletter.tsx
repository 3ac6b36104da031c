/** Console screen: built by issue 11's Newsletter work. */
export default function OpsNewsletter() {
  return <h1>Newsletter</h1>;
}
