/** Console screen: built by issue 11's Staff work. */
export default function OpsStaff() {
  return <h1>Staff</h1>;
}
