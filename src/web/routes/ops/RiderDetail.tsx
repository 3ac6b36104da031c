/** Console screen: built by issue 11's RiderDetail work. */
export default function OpsRiderDetail() {
  return <h1>RiderDetail</h1>;
}
