/** Console screen: built by issue 11's SetPassword work. */
export default function OpsSetPassword() {
  return <h1>SetPassword</h1>;
}
