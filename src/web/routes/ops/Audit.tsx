/** Console screen: built by issue 11's Audit work. */
export default function OpsAudit() {
  return <h1>Audit</h1>;
}
