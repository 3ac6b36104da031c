/** Console screen: built by issue 11's Riders work. */
export default function OpsRiders() {
  return <h1>Riders</h1>;
}
